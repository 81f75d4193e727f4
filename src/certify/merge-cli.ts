/**
 * payment-conformance report merge: joins the shards of one certification (certify --shard i/n, each with its own
 * or a shared --out) into one conformance report, JUnit and HTML, by replaying their Playwright blob reports
 * through the certification's reporters (`playwright merge-reports`); the exit code is the merged report's.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCommand, UsageError } from '../args/parse-command.js';
import { kitPlaywrightConfig, kitRoot } from '../kit-root.js';
import { readConformanceReport, ReportInputError } from '../report/read-report.js';
import { EXIT_CODES } from '../report/verdicts.js';
import { waitBounded } from '../runner/bounded-child.js';
import { playwrightCli } from '../runner/playwright-cli.js';
import { missingShards } from '../runner/shard.js';
import { SHARD_CAPTURE_BOUNDS_FILE, SHARD_CONTEXT_FILE, type ShardContext } from './reporting-run.js';

export const MERGE_HELP = `Join the shards of one certification into one report.

Usage: payment-conformance report merge [--out DIR] SHARD_OUT...

  SHARD_OUT   the --out folder of each shard (certify --shard i/n --out SHARD_OUT); shards may share one
  --out DIR   where the merged conformance.{json,md,html}, junit.xml and html/ go (default: reports/)
  --help      this text

Every shard of 1..n must be there, run with the same profile, target, grep and gate. Exit codes: those of certify
for the merged report (0 conformant, 1 a requirement the gate counts failed, 2 incomplete); 2 also when a shard is
missing, two disagree, or a folder holds no shard.
`;

class MergeError extends Error {}

interface FoundShard {
  readonly dir: string;
  readonly context: ShardContext;
  readonly blobs: readonly string[];
}

function shardsUnder(folder: string): FoundShard[] {
  const blobRoot = path.join(folder, 'blob');
  if (!existsSync(blobRoot))
    throw new MergeError(`${folder} holds no shard (no blob/ folder: run certify --shard i/n)`);
  return readdirSync(blobRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = path.join(blobRoot, entry.name);
      const contextFile = path.join(dir, SHARD_CONTEXT_FILE);
      let context: ShardContext;
      try {
        context = JSON.parse(readFileSync(contextFile, 'utf8')) as ShardContext;
      } catch {
        throw new MergeError(`${dir}: no readable ${SHARD_CONTEXT_FILE} (an unfinished shard?)`);
      }
      const blobs = readdirSync(dir)
        .filter((f) => f.endsWith('.zip'))
        .map((f) => path.join(dir, f));
      return { dir, context, blobs };
    });
}

/** The shards found, checked: 1..n each once, all of one run. */
function checkedShards(folders: readonly string[]): FoundShard[] {
  const shards = folders.flatMap(shardsUnder);
  const first = shards[0];
  if (first === undefined) throw new MergeError('no shard found in the given folders');
  const total = Number(first.context.shard.split('/')[1]);
  const seen = new Map<string, string>();
  for (const shard of shards) {
    const earlier = seen.get(shard.context.shard);
    if (earlier !== undefined) throw new MergeError(`shard ${shard.context.shard} twice: ${earlier} and ${shard.dir}`);
    seen.set(shard.context.shard, shard.dir);
    if (Number(shard.context.shard.split('/')[1]) !== total) {
      throw new MergeError(`shards of different splits: ${first.context.shard} and ${shard.context.shard}`);
    }
    for (const key of ['KIT_PROFILE', 'KIT_TARGET', 'KIT_GREP', 'KIT_GATE', 'KIT_SCOPE'] as const) {
      if ((shard.context.env[key] ?? '') !== (first.context.env[key] ?? '')) {
        throw new MergeError(`shards of different runs: ${key} differs between ${first.dir} and ${shard.dir}`);
      }
    }
  }
  const missing = missingShards(new Set(seen.keys()), total);
  if (missing.length > 0) throw new MergeError(`shard ${missing.join(', ')} missing: nothing merged`);
  return shards;
}

/** The whole command: returns the exit code. */
export async function reportMerge(args: readonly string[]): Promise<number> {
  try {
    const parsed = parseCommand(args, { out: { type: 'string' } }, MERGE_HELP);
    if (parsed === undefined) return 0;
    if (parsed.positionals.length === 0) throw new MergeError("give each shard's --out folder (see --help)");
    const shards = checkedShards(parsed.positionals);
    const out = path.resolve(parsed.values.out ?? 'reports');
    const blobs = mkdtempSync(path.join(tmpdir(), 'kit-merge-'));
    try {
      for (const [i, shard] of shards.entries()) {
        for (const blob of shard.blobs) copyFileSync(blob, path.join(blobs, `${i}-${path.basename(blob)}`));
      }
      const context = shards[0]?.context.env ?? {};
      // What each shard's capture server bounds did, named by shard, for the merged report's warnings.
      const bounds = shards.flatMap((shard) => {
        const file = path.join(shard.dir, SHARD_CAPTURE_BOUNDS_FILE);
        return existsSync(file) ? [`shard ${shard.context.shard}: ${readFileSync(file, 'utf8').trim()}`] : [];
      });
      const child = spawn(
        process.execPath,
        [playwrightCli(), 'merge-reports', '--config', kitPlaywrightConfig, blobs],
        {
          cwd: kitRoot,
          stdio: 'inherit',
          env: {
            ...process.env,
            ...context,
            KIT_CERTIFY: '1',
            KIT_REPORT_DIR: out,
            KIT_CALLER_CWD: process.cwd(),
            KIT_SHARD: '',
            KIT_CAPTURE_BOUNDS: bounds.join('; '),
          },
        },
      );
      const started = Date.now();
      await waitBounded(child, 10 * 60_000, 10_000);
      const report = readConformanceReport(path.join(out, 'conformance.json'));
      if (Date.parse(report.finishedAt) < started) throw new MergeError(`the merge wrote no new report in ${out}`);
      return EXIT_CODES[report.outcome];
    } finally {
      rmSync(blobs, { recursive: true, force: true });
    }
  } catch (error) {
    if (!(error instanceof MergeError) && !(error instanceof ReportInputError) && !(error instanceof UsageError)) {
      throw error;
    }
    process.stderr.write(`report merge: ${error.message}\n`);
    return 2;
  }
}
