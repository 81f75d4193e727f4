import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitRoot } from '../kit-root.js';

/** Two packs of one clone at once would each rebuild dist/ (prepack) under the other: one at a time. */
const LOCK = path.join(tmpdir(), 'payment-conformance-pack.lock');
/** A lock older than this was left by a pack that died. */
const STALE_MS = 10 * 60_000;
const WAIT_MS = 10 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function lock(): void {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_MS)
        rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > until) throw new Error(`another pack of the kit holds ${LOCK} since more than 10 minutes`);
      else sleep(250);
    }
  }
}

/**
 * Packs the kit as npm publishes it (`npm pack`) into `destination`; returns the tarball's path. In a clone the pack
 * builds dist/ first; an installed kit is already built and has no sources: its pack must not run the build, which
 * would remove the dist/ it runs on.
 */
export function packKit(destination: string): string {
  const installed = !existsSync(path.join(kitRoot, 'src', 'cli', 'main.ts'));
  lock();
  try {
    const output = execFileSync(
      'npm',
      [
        'pack',
        '--json',
        '--pack-destination',
        destination,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...(installed ? ['--ignore-scripts'] : []),
      ],
      { cwd: kitRoot, encoding: 'utf8', timeout: 300_000, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const packed = JSON.parse(output) as { filename?: string }[];
    const filename = packed[0]?.filename;
    if (filename === undefined) throw new Error('npm pack named no tarball');
    return path.join(destination, filename);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
