/**
 * payment-conformance peer-faults [--fault FXnn]… [--full] [--certify] [--workers N] [--parallel N] [--out DIR]
 *
 * The independent Python service of ../shared/peers certified clean with 0 FAIL, and each of its faults detected
 * through a requirement it breaks with no collateral (src/faults/peer-faults-cli.ts).
 */
import { peerFaults } from '../src/faults/peer-faults-cli.js';

process.exitCode = await peerFaults(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`peer-faults: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
