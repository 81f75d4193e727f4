/**
 * payment-conformance report diff BASE.json HEAD.json [--md FILE]
 *
 * The release gate across environments (src/report-diff): exit 1 when HEAD regressed against BASE.
 */
import { reportDiff } from '../src/report-diff/report-diff-cli.js';

try {
  process.exitCode = reportDiff(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`report:diff: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
