/**
 * payment-conformance report merge [--out DIR] SHARD_OUT...
 *
 * Joins the shards of one certification into one report (src/certify/merge-cli.ts).
 */
import { reportMerge } from '../src/certify/merge-cli.js';

process.exitCode = await reportMerge(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`report merge: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
