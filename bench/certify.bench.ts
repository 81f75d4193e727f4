/**
 * Time to certify (issue 10, figures 1 and 6; issue 39): `npm run certify` against the embedded sandbox, three runs
 * with Debian's browser on the PATH and three without it (scripts/bare-machine.sh: the page tests skip), each the
 * median wall time, where the time goes (test time by suite area, the slowest ten tests of the last run) and the peak
 * memory of the whole process tree (certify, Playwright's runner, its workers, the browser). The baseline is
 * Playwright collecting the same suites (`--list`), the fixed cost every run pays before the first test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../generated/report/conformance.gen.js';
import { kitRoot } from '../src/kit-root.js';
import { playwrightCli } from '../src/runner/playwright-cli.js';
import type { Figure } from './lib/figure.js';
import { sampleTreeMemory, type TreeMemory } from './lib/process-tree-memory.js';

const RUNS = 3;
/** certify's default: one worker per core. */
const WORKERS = availableParallelism();

interface Timed {
  readonly code: number | null;
  readonly ms: number;
  readonly peak: TreeMemory;
}

/** A machine without Debian's browser (nor Docker): the PATH of scripts/bare-machine.sh. */
const BARE_MACHINE = path.join(kitRoot, 'scripts', 'bare-machine.sh');

function timed(args: readonly string[], browser = true): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [command, commandArgs] = browser
      ? [process.execPath, [...args]]
      : [BARE_MACHINE, [process.execPath, ...args]];
    // Its own process group: the bound below stops the run whole, bare-machine.sh's child included.
    const child = spawn(command, commandArgs, {
      cwd: kitRoot,
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, CI: '' },
    });
    const sampler = sampleTreeMemory(child.pid ?? -1);
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group ended meanwhile.
      }
    }, 300_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, peak: sampler.stop() });
    });
  });
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Three certifications with or without a browser on the PATH: their two figures. */
async function certifyFigures(browser: boolean, listing: Timed): Promise<Figure[]> {
  const out = mkdtempSync(path.join(tmpdir(), 'kit-bench-certify-'));
  const machine = browser ? 'with a browser on the PATH' : 'without a browser on the PATH';
  try {
    const runs: Timed[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await timed(['--import', 'tsx', path.join(kitRoot, 'scripts', 'certify.ts'), '--out', out], browser));
    }
    const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    const tests = new Map<string, number>();
    const files = new Map<string, string>();
    for (const requirement of report.requirements) {
      for (const t of requirement.tests) {
        tests.set(t.title, t.durationMs ?? 0);
        files.set(t.title, t.file);
      }
    }
    // Where the time goes: test time summed by suite area (the browser's is `browser`), and what is left of the wall
    // time outside the tests (start-up, per-worker set-up, the reports) once the summed test time is shared by the
    // workers.
    const byArea = new Map<string, number>();
    for (const [title, ms] of tests) {
      const area = (files.get(title) ?? '').split('/')[1] ?? 'other';
      byArea.set(area, (byArea.get(area) ?? 0) + ms);
    }
    const testMs = [...tests.values()].reduce((sum, ms) => sum + ms, 0);
    const breakdown = [...byArea]
      .sort((a, b) => b[1] - a[1])
      .map(([area, ms]) => `${area} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    const slowest = [...tests].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const wall = median(runs.map((r) => r.ms));
    const peakOf = (measure: keyof TreeMemory): number => Math.max(...runs.map((r) => r.peak[measure]));
    const peak = peakOf('pssBytes');
    const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;
    const allPassed = runs.every((r) => r.code === 0);
    return [
      {
        name: `time to certify the embedded sandbox, ${machine} (median of ${RUNS})`,
        value: Math.round(wall / 100) / 10,
        unit: 's',
        baseline: {
          name: 'Playwright collecting the same suites (--list), s',
          value: Math.round(listing.ms / 100) / 10,
        },
        ratio: Math.round((listing.ms / wall) * 100) / 100,
        target: '≤ 10 s (issue 39)',
        met: wall <= 10_000 && allPassed,
        notes: `start-up: Playwright collects the suites in ${(listing.ms / 1000).toFixed(1)} s; test time ${(testMs / 1000).toFixed(1)} s summed (${breakdown}); outside the tests about ${((wall - testMs / WORKERS) / 1000).toFixed(1)} s with ${WORKERS} workers; runs ${runs.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} s (exit ${runs.map((r) => String(r.code)).join(', ')}); ${report.summary.tests.passed} tests passed, ${report.summary.tests.skipped} skipped; slowest: ${slowest.map(([title, ms]) => `${(ms / 1000).toFixed(1)} s ${title}`).join(' | ')}`,
      },
      {
        name: `peak memory of a certify run, ${machine} (certify, runner, workers, browser; PSS)`,
        value: Math.round(peak / 1e6),
        unit: 'MB',
        target: '≤ 500 MB (issue 39)',
        met: allPassed && peak <= 500e6,
        notes: `sampled from /proc every 100 ms over the whole process tree; of it the browser (the payment page's tests) up to ${mb(peakOf('browserPssBytes'))}; RSS summed per process (shared pages counted in each) up to ${mb(peakOf('rssBytes'))}`,
      },
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function benchCertify(): Promise<Figure[]> {
  const listing = await timed([playwrightCli(), 'test', '--list', '--project=conformance']);
  return [...(await certifyFigures(true, listing)), ...(await certifyFigures(false, listing))];
}
