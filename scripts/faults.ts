/**
 * payment-conformance faults [--fault NAME]… [--out DIR] [--workers N]
 *
 * The fault matrix (src/faults/faults-cli.ts): every sandbox fault detected, no false alarm on the clean sandbox.
 */
import { faults } from '../src/faults/faults-cli.js';

process.exitCode = await faults(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`faults: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
