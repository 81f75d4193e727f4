/**
 * payment-conformance verify-package FILE --public-key PEM
 *
 * Checks a certification package's signature and hashes (src/package/verify-package-cli.ts).
 */
import { verifyPackageCommand } from '../src/package/verify-package-cli.js';

try {
  process.exitCode = verifyPackageCommand(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`verify-package: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
