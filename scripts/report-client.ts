/**
 * payment-conformance report client FILE [--profile FILE] [--out DIR] [--gate profile|spec]
 *
 * Judges a recording of a merchant's client (payment-conformance sandbox --record FILE) against the CLIENT requirements
 * (src/client-report/client-report-cli.ts).
 */
import { reportClient } from '../src/client-report/client-report-cli.js';

process.exitCode = await reportClient(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`report:client: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
