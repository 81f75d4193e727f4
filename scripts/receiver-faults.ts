/**
 * payment-conformance receiver-faults [--fault NAME]… [--out DIR]
 *
 * Every faulty receiver of examples/receivers fails its certification through the requirements it breaks, and
 * through no other; the reference receiver passes (src/faults/receiver-faults-cli.ts).
 */
import { receiverFaults } from '../src/faults/receiver-faults-cli.js';

process.exitCode = await receiverFaults(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`receiver-faults: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
