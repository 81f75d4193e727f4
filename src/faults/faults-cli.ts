/**
 * npm run faults: the conformance suites against the clean embedded sandbox and against it with each named fault
 * on (only the tests of the requirements that fault breaks, in parallel workers), then a table fault → detected
 * (by which requirement and test) or MISSED, and reports/faults.json. Exit 0 when every fault is detected and the
 * clean sandbox passes; 1 otherwise; 2 when the matrix cannot be run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FaultMatrixReport } from '../../generated/report/faults.gen.js';
import { REQUIREMENTS } from '../requirements/registry.js';
import { runPlaywright } from '../runner/playwright-run.js';
import { FAULTS, type FaultDefinition } from '../sandbox/faults/fault-registry.js';
import { CLEAN_PROJECT, faultProject, judgeFaultMatrix } from './fault-matrix.js';

const HELP = `Prove the conformance suites catch every sandbox fault and raise no false alarm.

Usage: npm run faults -- [options]

  --fault NAME    only this fault (repeatable; default: all ${FAULTS.length})
  --out DIR       where faults.json goes (default: reports/)
  --workers N     parallel workers (default: the machine's cores)
  --help          this text

Exit codes: 0 every fault detected and the clean sandbox passed; 1 a fault was missed or the clean sandbox failed a
test; 2 the matrix could not be run.
`;

/** The whole matrix on two cores takes about two minutes; this bounds a run that hangs. */
const RUN_TIMEOUT_MS = 20 * 60_000;

class FaultsError extends Error {}

interface FaultsOptions {
  readonly faults: readonly FaultDefinition[];
  readonly out: string;
  readonly workers: number;
}

function parse(args: readonly string[]): FaultsOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        fault: { type: 'string', multiple: true },
        out: { type: 'string', default: 'reports' },
        workers: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new FaultsError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.help) return 'help';
  const names = values.fault ?? [];
  const unknown = names.filter((n) => !FAULTS.some((f) => f.name === n));
  if (unknown.length > 0) throw new FaultsError(`unknown fault ${unknown.join(', ')} (see src/sandbox/README.md)`);
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new FaultsError(`--workers must be a positive whole number (got ${values.workers ?? ''})`);
  }
  return {
    faults: names.length === 0 ? FAULTS : FAULTS.filter((f) => names.includes(f.name)),
    out: values.out,
    workers,
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
    const result =
      first === undefined
        ? `MISSED: none of its ${f.tests} tests of ${f.breaks.join(', ')} failed`
        : `detected by ${first.requirement}: ${clip(first.test, 90)}${f.by.length > 1 ? ` (+${f.by.length - 1} more)` : ''}` +
          (f.undetectedRequirements === undefined
            ? ''
            : `; NOT by ${f.undetectedRequirements.join(', ')}: none of their tests failed`);
    return `${f.name.padEnd(width)}  ${result}`;
  };
  const ordered = [...report.faults.filter((f) => f.detected), ...report.faults.filter((f) => !f.detected)];
  const { clean, summary } = report;
  return [
    `${'fault'.padEnd(width)}  result`,
    ...ordered.map(line),
    '',
    `clean sandbox: ${clean.pass} passed, ${clean.fail} failed, ${clean.skipped} skipped`,
    ...clean.failures.map((f) => `  false alarm: ${clip(f, 200)}`),
    ...report.unbroken.map((u) => `spec-level requirement no fault breaks: ${u.id}: ${u.reason}`),
    `faults: ${summary.detected} of ${summary.faults} detected, ${summary.missed} missed; ` +
      `${(report.wallMs / 1000).toFixed(1)} s with ${report.workers} workers`,
    `Fault matrix: ${summary.ok ? 'OK' : 'FAILED'} (exit ${summary.ok ? 0 : 1})`,
    '',
  ].join('\n');
}

async function runMatrix(options: FaultsOptions): Promise<FaultMatrixReport> {
  const startedAt = new Date();
  const projects = [CLEAN_PROJECT, ...options.faults.map((f) => faultProject(f.name))];
  const run = await runPlaywright([...projects.map((p) => `--project=${p}`), `--workers=${options.workers}`], {
    env: { KIT_FAULT_PROJECTS: '1' },
    timeoutMs: RUN_TIMEOUT_MS,
  }).catch((error: unknown) => {
    throw new FaultsError(
      `the run could not be carried out: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (run.errors.length > 0) {
    throw new FaultsError(`the run broke outside the tests: ${run.errors.map((e) => e.split('\n')[0]).join('; ')}`);
  }
  return judgeFaultMatrix(
    { tests: run.tests, startedAt, finishedAt: new Date(), workers: options.workers },
    options.faults,
    REQUIREMENTS,
    FAULTS,
  );
}

export async function faults(args: readonly string[]): Promise<number> {
  try {
    const options = parse(args);
    if (options === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    process.stdout.write(
      `Running the conformance suites clean and under ${options.faults.length} faults with ${options.workers} workers…\n`,
    );
    const report = await runMatrix(options);
    const out = path.resolve(options.out);
    mkdirSync(out, { recursive: true });
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
