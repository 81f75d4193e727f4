/**
 * A reporting run: Playwright with the reporters of a certification (conformance.{json,md,html}, JUnit, HTML) over
 * the projects a command certifies, bounded by its time limit; or one shard of it (certify --shard i/n), which
 * writes Playwright's blob report for `payment-conformance report merge`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { kitPlaywrightConfig, kitRoot } from '../kit-root.js';
import type { Gate } from '../report/verdicts.js';
import { waitBounded } from '../runner/bounded-child.js';
import { playwrightCli } from '../runner/playwright-cli.js';
import { parseShard as parseRunShard, type Shard } from '../runner/shard.js';
import { CertifyError } from './certify-error.js';
import { failedKnownAnswers } from '../signing/known-answers.js';

export type { Shard };

/** How long past its time limit Playwright gets to end the run and write the reports before it is stopped. */
const STOP_GRACE_MS = 120_000;
/** How long a stopped run gets to write its reports before it is killed. */
const KILL_GRACE_MS = 30_000;

/** What a reporting run of a project takes from the command's flags. */
export interface ReportingRunOptions {
  readonly profile: string;
  readonly out: string;
  readonly grep: string | undefined;
  readonly workers: string | undefined;
  readonly maxMinutes: number;
  readonly gate: Gate;
}

type Project = 'conformance' | 'browser' | 'receiver';

/** `i/n` as the flag gives it; a bad value is exit 2 with one line. */
export function parseShard(value: string): Shard {
  try {
    return parseRunShard(value);
  } catch (error) {
    throw new CertifyError((error as Error).message);
  }
}

/** The folder of a shard's blob report, under its --out (shards may share one --out: each keeps its own folder). */
export function shardBlobDir(out: string, shard: Shard): string {
  return path.join(out, 'blob', `shard-${shard.index}-of-${shard.total}`);
}

/** What a shard leaves beside its blob report for the merge: the run's settings the reporters read. */
export const SHARD_CONTEXT_FILE = 'run.json';
/** What a shard's capture server bounds did (capture-setup.ts writes it), for the merged report's warnings. */
export const SHARD_CAPTURE_BOUNDS_FILE = 'capture-bounds.txt';

export interface ShardContext {
  readonly shard: string;
  readonly projects: readonly Project[];
  /** The KIT_* settings of the run the reporters read (target, profile, grep, gate, warnings…); no secret is one. */
  readonly env: Readonly<Record<string, string>>;
}

/**
 * The settings the reporters read (src/report): the merge replays the shards with them. Named one by one: a user's
 * own KIT_* variable may hold a secret.
 */
export const REPORTED_SETTINGS = [
  'KIT_PROFILE',
  'KIT_TARGET',
  'KIT_TARGET_IMAGE',
  'KIT_RECEIVER',
  'KIT_SCOPE',
  'KIT_GREP',
  'KIT_GATE',
  'KIT_MAX_MINUTES',
  'KIT_RUN_WARNINGS',
  'KIT_DEEP',
  'KIT_RUN_ID',
] as const;

interface SpawnedRun {
  readonly out: string;
  readonly started: number;
  readonly stopped: boolean;
  readonly env: NodeJS.ProcessEnv;
}

async function spawnReportingRun(
  projects: readonly Project[],
  options: ReportingRunOptions,
  extraEnv: Readonly<Record<string, string>>,
  onSpawn: ((child: ChildProcess) => void) | undefined,
  output: 'inherit' | 'quiet',
  shard?: Shard,
): Promise<SpawnedRun> {
  const out = path.resolve(options.out);
  // Every check trusts the signer: its known answers first, here (src/signing/known-answers.ts), rather than as the
  // `vectors` project the projects depend on, whose pair of workers cost ~3 s of a 20 s certification (issue 31).
  const untrusted = failedKnownAnswers();
  if (untrusted.length > 0) {
    throw new CertifyError(
      `the kit's signer fails ${untrusted.length} of its known answers (a defect of the kit, not of the target): ${untrusted.slice(0, 3).join('; ')}`,
    );
  }
  const cli = playwrightCli();
  const args = [cli, 'test', '--config', kitPlaywrightConfig, '--no-deps'];
  args.push(...projects.map((project) => `--project=${project}`));
  if (options.grep !== undefined) args.push('--grep', options.grep);
  if (shard !== undefined) args.push('--shard', `${shard.index}/${shard.total}`);
  // One worker per core: Playwright's default is half of them, and each worker's embedded sandbox keeps a core busy
  // (bench: 2 workers certify the embedded sandbox in ~15 s where 1 takes ~21 s on 2 cores).
  args.push('--workers', options.workers ?? String(availableParallelism()));
  const limitMs = Math.round(options.maxMinutes * 60_000);
  // Playwright stops the run at the limit and the reporters still write what ran (exit 2: incomplete).
  if (limitMs > 0) args.push('--global-timeout', String(limitMs));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KIT_CERTIFY: '1',
    KIT_CALLER_CWD: process.cwd(),
    KIT_REPORT_DIR: out,
    KIT_PROFILE: path.resolve(options.profile),
    KIT_GREP: options.grep ?? '',
    KIT_GATE: options.gate,
    KIT_MAX_MINUTES: limitMs > 0 ? String(options.maxMinutes) : '',
    KIT_SHARD: shard === undefined ? '' : path.relative(path.join(out, 'blob'), shardBlobDir(out, shard)),
    ...extraEnv,
  };
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: kitRoot,
    env,
    stdio: output === 'inherit' ? 'inherit' : ['ignore', 'ignore', 'inherit'],
  });
  onSpawn?.(child);
  // Playwright's own exit code says whether tests failed; the verdict is the report's. The bound is the net under
  // Playwright's own limit, for a run stuck where that limit does not reach (a hung teardown).
  const stopped = await waitBounded(child, limitMs > 0 ? limitMs + STOP_GRACE_MS : 0, KILL_GRACE_MS);
  return { out, started, stopped, env };
}

/**
 * Runs projects (`conformance` and `browser`, or `receiver` for certify-receiver) with the reporters of a certification and
 * `env` on top of the run's own; resolves with the report it wrote.
 */
export async function runReportingProject(
  projects: readonly Project[],
  options: ReportingRunOptions,
  extraEnv: Readonly<Record<string, string>>,
  onSpawn?: (child: ChildProcess) => void,
  /** `quiet` keeps the run's own output off the terminal (a matrix of runs prints a line per run instead). */
  output: 'inherit' | 'quiet' = 'inherit',
): Promise<ConformanceReport> {
  const { out, started, stopped } = await spawnReportingRun(projects, options, extraEnv, onSpawn, output);
  const file = path.join(out, 'conformance.json');
  const why = stopped ? `the run did not end within its time limit (--max-minutes ${options.maxMinutes}) and ` : '';
  let report: ConformanceReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch {
    throw new CertifyError(`${why}the run wrote no report at ${file}: see the output above`);
  }
  if (Date.parse(report.finishedAt) < started) {
    throw new CertifyError(`${why}the run wrote no new report at ${file}: see the output above`);
  }
  return report;
}

/**
 * Runs one shard of the projects: Playwright's blob report of its tests under `shardBlobDir`, and the run's settings
 * beside it; resolves with that folder. Its verdicts come from `payment-conformance report merge` over all shards.
 */
export async function runReportingShard(
  projects: readonly Project[],
  options: ReportingRunOptions,
  extraEnv: Readonly<Record<string, string>>,
  shard: Shard,
): Promise<string> {
  const { out, stopped, env } = await spawnReportingRun(projects, options, extraEnv, undefined, 'inherit', shard);
  const dir = shardBlobDir(out, shard);
  const blobs = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.zip')) : [];
  if (blobs.length === 0) {
    const why = stopped ? `the shard did not end within its time limit (--max-minutes ${options.maxMinutes}) and ` : '';
    throw new CertifyError(
      `${why}shard ${shard.index}/${shard.total} wrote no blob report in ${dir}: see the output above`,
    );
  }
  const context: ShardContext = {
    shard: `${shard.index}/${shard.total}`,
    projects,
    env: Object.fromEntries(REPORTED_SETTINGS.map((key) => [key, env[key] ?? ''])),
  };
  writeFileSync(path.join(dir, SHARD_CONTEXT_FILE), `${JSON.stringify(context, null, 2)}\n`);
  return dir;
}
