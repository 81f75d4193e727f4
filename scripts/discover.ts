/**
 * payment-conformance discover --target URL --profile FILE [--out FILE] [--max-creations N]
 *
 * Probes a target and proposes its profile's open settings with evidence (src/discover/discover-cli.ts).
 */
import { discoverCommand } from '../src/discover/discover-cli.js';

process.exitCode = await discoverCommand(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`discover: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
