import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { kitPath } from '../kit-root.js';

/** The kit's name and version from its package.json. */
export function kitNameAndVersion(): { name: string; version: string } {
  const manifest = JSON.parse(readFileSync(kitPath('package.json'), 'utf8')) as { name?: unknown; version?: unknown };
  return {
    name: typeof manifest.name === 'string' ? manifest.name : 'payment-conformance-kit',
    version: typeof manifest.version === 'string' ? manifest.version : 'unknown',
  };
}

/**
 * The commit the kit was built from: dist/COMMIT, written when the package is packed (npm run build), else the
 * clone's HEAD, marked `-dirty` when its files differ from it; `unknown` when neither says.
 */
export function kitCommit(): string {
  const stamped = kitPath('dist', 'COMMIT');
  if (existsSync(stamped)) return readFileSync(stamped, 'utf8').trim() || 'unknown';
  try {
    const git = (args: string[]): string =>
      execFileSync('git', args, {
        cwd: kitPath(),
        encoding: 'utf8',
        timeout: 5_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    const head = git(['rev-parse', 'HEAD']).trim();
    return git(['status', '--porcelain', '--untracked-files=no']).trim() === '' ? head : `${head}-dirty`;
  } catch {
    return 'unknown';
  }
}
