/**
 * False alarms on a starved machine (design brief §9: "a slow or starved CPU" is not the target): the embedded sandbox
 * and the independent Python service of ../shared/peers certified once on an idle machine and once while two busy
 * processes per core take the CPU. The figure is the FAILs of the starved run, against the idle run's in the same
 * bench; the goal is none. What the starved run could not finish in time is NOT VERIFIED (a limit of the kit), which
 * the notes count.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../generated/report/conformance.gen.js';
import { kitRoot } from '../src/kit-root.js';
import { pythonServiceDir } from '../src/peers/python-service.js';
import type { Figure } from './lib/figure.js';

/** Busy processes per core: each spins until it is killed. */
const BUSY_PER_CORE = 2;

interface Run {
  readonly report: ConformanceReport | undefined;
  readonly seconds: number;
}

function run(script: string, args: readonly string[], out: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(kitRoot, 'scripts', script), ...args], {
      cwd: kitRoot,
      stdio: 'ignore',
      env: { ...process.env, CI: '' },
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 40 * 60_000);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      let report: ConformanceReport | undefined;
      try {
        report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
      } catch {
        report = undefined;
      }
      resolve({ report, seconds: Math.round((performance.now() - started) / 1000) });
    });
  });
}

function busy(): ChildProcess[] {
  return Array.from({ length: BUSY_PER_CORE * availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

async function starved<T>(work: () => Promise<T>): Promise<T> {
  const spinners = busy();
  try {
    return await work();
  } finally {
    for (const spinner of spinners) spinner.kill('SIGKILL');
  }
}

const fails = (r: Run): number => r.report?.summary.fail ?? Number.NaN;

function describe(label: string, r: Run): string {
  const s = r.report?.summary;
  return s === undefined
    ? `${label}: no report (${r.seconds} s)`
    : `${label}: ${s.pass} PASS, ${s.fail} FAIL, ${s.notVerified} NOT VERIFIED in ${r.seconds} s`;
}

async function pair(name: string, certifyRun: (out: string) => Promise<Run>): Promise<Figure> {
  const idleOut = mkdtempSync(path.join(tmpdir(), 'kit-bench-idle-'));
  const starvedOut = mkdtempSync(path.join(tmpdir(), 'kit-bench-starved-'));
  try {
    const idle = await certifyRun(idleOut);
    const loaded = await starved(() => certifyRun(starvedOut));
    const failed = (loaded.report?.requirements ?? []).filter((r) => r.verdict === 'FAIL').map((r) => r.id);
    return {
      name: `false FAILs certifying ${name} with ${BUSY_PER_CORE} busy processes per core`,
      value: fails(loaded),
      unit: 'FAIL',
      baseline: { name: 'the same certification on the idle machine, FAIL', value: fails(idle) },
      target: '0',
      met: fails(loaded) === 0 && fails(idle) === 0,
      notes: `${describe('idle', idle)}; ${describe('starved', loaded)}${failed.length === 0 ? '' : `; FAILed: ${failed.join(', ')}`}`,
    };
  } finally {
    rmSync(idleOut, { recursive: true, force: true });
    rmSync(starvedOut, { recursive: true, force: true });
  }
}

export async function benchStarved(): Promise<Figure[]> {
  const figures = [await pair('the embedded sandbox', (out) => run('certify.ts', ['--out', out], out))];
  if (typeof pythonServiceDir() === 'string') {
    figures.push(
      await pair('the independent Python service', (out) =>
        run('peer-faults.ts', ['--certify', '--workers', '2', '--out', out], path.join(out, 'clean')),
      ),
    );
  }
  return figures;
}
