/**
 * npm run faults: the conformance suites against the clean embedded sandbox and against it with each named fault
 * on (only the tests of the requirements that fault breaks, in parallel workers), then a table fault → detected
 * (by which requirement and test) or MISSED, and reports/faults.json. Exit 0 when every fault is detected and the
 * clean sandbox passes; 1 otherwise; 2 when the matrix cannot be run.
 */
import { kitModule } from '../kit-root.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FaultMatrixReport } from '../../generated/report/faults.gen.js';
import { REQUIREMENTS } from '../requirements/registry.js';
import { runPlaywright, type RunTest } from '../runner/playwright-run.js';
import { parseShard, ShardError, type Shard } from '../runner/shard.js';
import { FAULTS, type FaultDefinition } from '../sandbox/faults/fault-registry.js';
import { FLAVORS, isSandboxFlavor, type SandboxFlavor } from '../sandbox/flavors/flavors.js';
import { CLEAN_PROJECTS, faultProject, judgeFaultMatrix } from './fault-matrix.js';
import { mergeMatrixParts, writeMatrixPart, type MatrixSetting } from './fault-shards.js';

const HELP = `Prove the conformance suites catch every sandbox fault and raise no false alarm.

Usage: payment-conformance faults [options]

  --fault NAME         only this fault (repeatable; default: all ${FAULTS.length})
  --flavor NAME        reference (default) or foreign: the catalogue's faults applied to the sandbox's foreign
                       flavour, certified with profiles/foreign-sandbox.json
  --min-detected N     with --flavor foreign: fail unless at least N faults are detected (default 0)
  --full               each fault runs the whole conformance suite, not only the tests of the requirements it
                       breaks: measures collateral (requirements that fail though the fault does not break them)
  --out DIR            where faults.json goes (default: reports/)
  --workers N          parallel workers (default: the machine's cores)
  --shard i/n          run the i-th of n shards of the matrix's tests (Playwright's sharding): writes
                       DIR/faults-part-i-of-n.json, exit 0 when it ran
  --merge DIR...       judge the matrix from the parts of all n shards (their --out folders): faults.json,
                       the table and the exit code, as one run would give them
  --help               this text

A line per fault as it finishes; the table at the end. Exit codes: 0 every fault detected, no collateral failure
and the clean sandbox passed (foreign: no false alarm, at least --min-detected
detected; a fault whose checks cannot run there is unobservable, not missed); 1 otherwise; 2 the matrix could not
be run.
`;

/**
 * The targeted matrix on two cores takes about seven minutes, the full one (each fault through the whole suite) about
 * fifty; these bound a run that hangs.
 */
const RUN_TIMEOUT_MS = 20 * 60_000;
const FULL_RUN_TIMEOUT_MS = 180 * 60_000;

class FaultsError extends Error {}

interface FaultsOptions {
  readonly shard: Shard | undefined;
  readonly merge: readonly string[] | undefined;
  readonly faults: readonly FaultDefinition[];
  readonly out: string;
  readonly workers: number;
  readonly flavor: SandboxFlavor;
  readonly minDetected: number;
  readonly full: boolean;
}

function parse(args: readonly string[]): FaultsOptions | 'help' {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      options: {
        fault: { type: 'string', multiple: true },
        out: { type: 'string', default: 'reports' },
        workers: { type: 'string' },
        flavor: { type: 'string', default: 'reference' },
        'min-detected': { type: 'string' },
        full: { type: 'boolean', default: false },
        shard: { type: 'string' },
        merge: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      // Folders only after --merge: elsewhere a stray word is an unknown flag's mistake, said as such.
      allowPositionals: args.includes('--merge'),
    }));
  } catch (error) {
    throw new FaultsError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.help) return 'help';
  if (positionals.length > 0 && !values.merge)
    throw new FaultsError(`unexpected ${positionals.join(' ')} (see --help)`);
  if (values.merge && positionals.length === 0) throw new FaultsError("--merge needs each shard's --out folder");
  let shard: Shard | undefined;
  try {
    shard = values.shard === undefined ? undefined : parseShard(values.shard);
  } catch (error) {
    throw new FaultsError((error as Error).message);
  }
  const names = values.fault ?? [];
  const unknown = names.filter((n) => !FAULTS.some((f) => f.name === n));
  if (unknown.length > 0) throw new FaultsError(`unknown fault ${unknown.join(', ')} (see src/sandbox/README.md)`);
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new FaultsError(`--workers must be a positive whole number (got ${values.workers ?? ''})`);
  }
  if (!isSandboxFlavor(values.flavor))
    throw new FaultsError(`--flavor must be reference or foreign (got ${values.flavor})`);
  const minDetected = values['min-detected'] === undefined ? 0 : Number(values['min-detected']);
  if (!Number.isInteger(minDetected) || minDetected < 0) {
    throw new FaultsError(`--min-detected must be a whole number (got ${values['min-detected'] ?? ''})`);
  }
  if (values['min-detected'] !== undefined && values.flavor !== 'foreign') {
    throw new FaultsError('--min-detected is for --flavor foreign: on the reference every fault must be detected');
  }
  return {
    shard,
    merge: values.merge ? positionals : undefined,
    faults: names.length === 0 ? FAULTS : FAULTS.filter((f) => names.includes(f.name)),
    out: values.out,
    workers,
    flavor: values.flavor,
    minDetected,
    full: values.full,
  };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The table for the terminal: one line per fault, the missed ones last so they are what stays on screen. */
export function renderTable(report: FaultMatrixReport): string {
  const width = Math.max(...report.faults.map((f) => f.name.length), 'fault'.length);
  const line = (f: FaultMatrixReport['faults'][number]): string => {
    const first = f.by[0];
    const unobservable =
      first === undefined && f.tests === 0 && (report.flavor === 'foreign' || f.unobservable !== undefined);
    const result =
      first === undefined
        ? unobservable
          ? `unobservable here: ${f.unobservable ?? `every test of ${f.breaks.join(', ')} skipped`}`
          : `MISSED: none of its ${f.tests} tests of ${f.breaks.join(', ')} failed`
        : `detected by ${first.requirement}: ${clip(first.test, 90)}${f.by.length > 1 ? ` (+${f.by.length - 1} more)` : ''}` +
          (f.undetectedRequirements === undefined
            ? ''
            : `; NOT by ${f.undetectedRequirements.join(', ')}: none of their tests failed`) +
          ((f.collateral ?? []).length === 0 ? '' : `; collateral: ${(f.collateral ?? []).join(', ')}`);
    return `${f.name.padEnd(width)}  ${result}`;
  };
  const ordered = [...report.faults.filter((f) => f.detected), ...report.faults.filter((f) => !f.detected)];
  const { clean, summary } = report;
  return [
    `${'fault'.padEnd(width)}  result`,
    ...ordered.map(line),
    '',
    `clean ${report.flavor ?? 'reference'} sandbox: ${clean.pass} passed, ${clean.fail} failed, ${clean.skipped} skipped`,
    ...clean.failures.map((f) => `  false alarm: ${clip(f, 200)}`),
    ...report.unbroken.map((u) => `spec-level requirement no fault breaks: ${u.id}: ${u.reason}`),
    `faults: ${summary.detected} of ${summary.faults} detected, ${summary.missed} missed` +
      `${summary.unobservable === undefined || summary.unobservable === 0 ? '' : `, ${summary.unobservable} unobservable`}; ` +
      `${summary.collateral ?? 0} collateral failures (${report.scope === 'full' ? 'whole suite per fault' : 'targeted tests'}); ` +
      `${(report.wallMs / 1000).toFixed(1)} s with ${report.workers} workers`,
    `Fault matrix: ${summary.ok ? 'OK' : 'FAILED'} (exit ${summary.ok ? 0 : 1})`,
    '',
  ].join('\n');
}

/** The matrix's tests as one run (or one shard of it) gives them. */
async function runMatrixTests(
  options: FaultsOptions,
): Promise<{ startedAt: Date; finishedAt: Date; tests: readonly RunTest[] }> {
  const startedAt = new Date();
  const projects = [...CLEAN_PROJECTS, ...options.faults.map((f) => faultProject(f.name))];
  const foreign =
    options.flavor === 'foreign' ? { KIT_SANDBOX_FLAVOR: 'foreign', KIT_PROFILE: FLAVORS.foreign.profileFile } : {};
  const shard = options.shard === undefined ? [] : [`--shard=${options.shard.index}/${options.shard.total}`];
  const run = await runPlaywright(
    [...projects.map((p) => `--project=${p}`), `--workers=${options.workers}`, ...shard],
    {
      env: { KIT_FAULT_PROJECTS: options.full ? 'full' : '1', ...foreign },
      timeoutMs: options.full ? FULL_RUN_TIMEOUT_MS : RUN_TIMEOUT_MS,
      reporters: [kitModule('src/faults/progress-reporter')],
      onOutput: (text) => process.stdout.write(text),
    },
  ).catch((error: unknown) => {
    throw new FaultsError(
      `the run could not be carried out: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (run.errors.length > 0) {
    throw new FaultsError(`the run broke outside the tests: ${run.errors.map((e) => e.split('\n')[0]).join('; ')}`);
  }
  return { startedAt, finishedAt: new Date(), tests: run.tests };
}

function judged(
  run: { startedAt: Date; finishedAt: Date; tests: readonly RunTest[] },
  setting: MatrixSetting,
): FaultMatrixReport {
  if (!isSandboxFlavor(setting.flavor)) throw new FaultsError(`a part names an unknown flavour ${setting.flavor}`);
  return judgeFaultMatrix(
    {
      tests: run.tests,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      workers: setting.workers,
      flavor: setting.flavor,
      minDetected: setting.minDetected,
      full: setting.full,
    },
    FAULTS.filter((f) => setting.faults.includes(f.name)),
    REQUIREMENTS,
    FAULTS,
  );
}

function mergeParts(folders: readonly string[]): ReturnType<typeof mergeMatrixParts> {
  try {
    return mergeMatrixParts(folders);
  } catch (error) {
    if (error instanceof ShardError) throw new FaultsError(error.message);
    throw error;
  }
}

const settingOf = (options: FaultsOptions): MatrixSetting => ({
  faults: options.faults.map((f) => f.name),
  flavor: options.flavor,
  full: options.full,
  minDetected: options.minDetected,
  workers: options.workers,
});

export async function faults(args: readonly string[]): Promise<number> {
  try {
    const options = parse(args);
    if (options === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    const out = path.resolve(options.out);
    mkdirSync(out, { recursive: true });
    let report: FaultMatrixReport;
    if (options.merge !== undefined) {
      const merged = mergeParts(options.merge);
      report = judged(merged, merged.setting);
    } else {
      process.stdout.write(
        `Running the conformance suites on the ${options.flavor} sandbox, clean and under ${options.faults.length} faults ` +
          `(${options.full ? 'the whole suite per fault' : "each fault's own tests"}), with ${options.workers} workers` +
          `${options.shard === undefined ? '' : `, shard ${options.shard.index}/${options.shard.total}`}…\n`,
      );
      const run = await runMatrixTests(options);
      if (options.shard !== undefined) {
        const file = writeMatrixPart(out, options.shard, settingOf(options), run);
        process.stdout.write(
          `faults: shard ${options.shard.index}/${options.shard.total}: ${run.tests.length} tests in ` +
            `${path.relative(process.cwd(), file)}; judge all with faults --merge <each shard's --out>\n`,
        );
        return 0;
      }
      report = judged(run, settingOf(options));
    }
    writeFileSync(path.join(out, 'faults.json'), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(renderTable(report));
    process.stdout.write(`report: ${path.relative(process.cwd(), path.join(out, 'faults.json'))}\n`);
    return report.summary.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof FaultsError)) throw error;
    process.stderr.write(`faults: ${error.message}\n`);
    return 2;
  }
}
