/**
 * payment-conformance sign [--profile FILE] < body.json
 *
 * A request body signed as the merchant with the profile's signing settings (src/openapi/sign-cli.ts).
 */
import { sign } from '../src/openapi/sign-cli.js';

process.exitCode = await sign(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`sign: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
