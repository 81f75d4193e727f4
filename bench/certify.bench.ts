/**
 * Time to certify (issue 10, figures 1 and 6): `npm run certify` against the embedded sandbox, three runs, the median
 * wall time, where the time goes (the slowest ten tests of the last run) and the peak resident memory of the whole
 * process tree (certify, Playwright's runner, its workers). The baseline is Playwright collecting the same suites
 * (`--list`), the fixed cost every run pays before the first test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../generated/report/conformance.gen.js';
import { kitRoot } from '../src/kit-root.js';
import type { Figure } from './lib/figure.js';
import { sampleTreeRss } from './lib/process-tree-rss.js';

const RUNS = 3;

interface Timed {
  readonly code: number | null;
  readonly ms: number;
  readonly peakRssBytes: number;
}

function timed(args: readonly string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...args], {
      cwd: kitRoot,
      stdio: 'ignore',
      env: { ...process.env, CI: '' },
    });
    const sampler = sampleTreeRss(child.pid ?? -1);
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, peakRssBytes: sampler.stop() });
    });
  });
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function benchCertify(): Promise<Figure[]> {
  const cli = path.join(kitRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const listing = await timed([cli, 'test', '--list', '--project=conformance']);
  const out = mkdtempSync(path.join(tmpdir(), 'kit-bench-certify-'));
  try {
    const runs: Timed[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await timed(['--import', 'tsx', path.join(kitRoot, 'scripts', 'certify.ts'), '--out', out]));
    }
    const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    const tests = new Map<string, number>();
    for (const requirement of report.requirements) {
      for (const t of requirement.tests) tests.set(t.title, t.durationMs ?? 0);
    }
    const slowest = [...tests].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const wall = median(runs.map((r) => r.ms));
    const peak = Math.max(...runs.map((r) => r.peakRssBytes));
    const allPassed = runs.every((r) => r.code === 0);
    return [
      {
        name: `time to certify the embedded sandbox (median of ${RUNS})`,
        value: Math.round(wall / 100) / 10,
        unit: 's',
        baseline: {
          name: 'Playwright collecting the same suites (--list), s',
          value: Math.round(listing.ms / 100) / 10,
        },
        ratio: Math.round((listing.ms / wall) * 100) / 100,
        target: '< 20 s',
        met: wall < 20_000 && allPassed,
        notes: `runs ${runs.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} s (exit ${runs.map((r) => String(r.code)).join(', ')}); ${report.summary.tests.passed} tests; slowest: ${slowest.map(([title, ms]) => `${(ms / 1000).toFixed(1)} s ${title}`).join(' | ')}`,
      },
      {
        name: 'peak resident memory of a certify run (certify, runner, workers)',
        value: Math.round(peak / 1e6),
        unit: 'MB',
        target: 'reported',
        met: allPassed,
        notes: 'sampled from /proc every 100 ms over the whole process tree',
      },
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
