/**
 * payment-conformance peer-receivers [--variant Rnn]… [--full] [--parallel N] [--out DIR]
 *
 * The independent Python receivers of ../shared/peers: R00 certified with 0 FAIL in two signing configurations, and
 * each faulty variant R01–R15 failing through the requirement its defect breaks with no collateral
 * (src/faults/peer-receivers-cli.ts).
 */
import { peerReceivers } from '../src/faults/peer-receivers-cli.js';

process.exitCode = await peerReceivers(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`peer-receivers: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
