/**
 * payment-conformance certify-receiver [--receiver URL] [--profile FILE] [--out DIR] [--grep PATTERN] [--gate profile|spec]
 *
 * Certifies a merchant's postback receiver, the kit playing the service (src/certify/receiver-cli.ts); `--help`
 * lists the flags.
 */
import { certifyReceiver } from '../src/certify/receiver-cli.js';

process.exitCode = await certifyReceiver(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`certify-receiver: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
