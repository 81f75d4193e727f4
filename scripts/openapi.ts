/**
 * payment-conformance openapi [--profile FILE] [--out FILE]
 *
 * The kit's contract as an OpenAPI 3.1 document (src/openapi/openapi-cli.ts).
 */
import { openApi } from '../src/openapi/openapi-cli.js';

process.exitCode = await openApi(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
