/**
 * payment-conformance <command> [flags]: the kit's one command line (bin/payment-conformance.mjs). Each command is
 * an entry script of scripts/ run in this process with its own arguments; its exit code is this process's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { kitPath } from '../kit-root.js';
import { findCommand, KIT_COMMANDS } from './commands.js';

function version(): string {
  const manifest = JSON.parse(readFileSync(kitPath('package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

function usage(): string {
  const width = Math.max(...KIT_COMMANDS.map((c) => c.name.length));
  const list = (audience: 'certify' | 'maintain'): string =>
    KIT_COMMANDS.filter((c) => c.audience === audience)
      .map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`)
      .join('\n');
  return `Usage: payment-conformance <command> [flags]   (payment-conformance <command> --help for its flags)

Certify:
${list('certify')}

The kit's own matrices (need a clone: ../shared/peers, the fault catalogue):
${list('maintain')}

  --version  the kit's version
  --help     this list
`;
}

/** Runs `argv` (without node and the bin); returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const first = argv[0];
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(usage());
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const found = findCommand(argv);
  if (found === undefined) {
    process.stderr.write(`payment-conformance: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${usage()}`);
    return 2;
  }
  // The script reads its flags from process.argv, as it does when run on its own; it sets process.exitCode.
  const here = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(here), '..', '..', 'scripts', `${found.command.script}${path.extname(here)}`);
  process.argv = [process.argv[0] ?? process.execPath, script, ...found.rest];
  process.exitCode = undefined;
  await import(pathToFileURL(script).href);
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
