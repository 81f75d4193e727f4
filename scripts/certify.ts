/**
 * payment-conformance certify [--target URL] [--profile FILE] [--out DIR] [--capture-host H] [--capture-port P]
 *                    [--capture-public-url URL] [--grep PATTERN] [--deep] [--workers N]
 *
 * The whole certification of a target (src/certify/certify-cli.ts); `--help` lists the flags with examples.
 */
import { certify } from '../src/certify/certify-cli.js';

process.exitCode = await certify(process.argv.slice(2)).catch((error: unknown) => {
  // Not a run that cannot be carried out but a defect of the kit: say so, with what is known.
  process.stderr.write(`certify: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
