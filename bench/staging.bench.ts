/**
 * Cost on a rate-limited staging (issue 16, item 5): the foreign flavour of the sandbox (no control API, real clock,
 * helpers and magic values only) certified by URL through a counting proxy, once at its profile's rate cap and once
 * at safety.requestsPerSecond 5. Figures: the requests one certification sends (by path prefix), and the wall time
 * at 5 requests/s against its baseline, the least time the cap allows for those requests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../generated/report/conformance.gen.js';
import { kitRoot } from '../src/kit-root.js';
import { startSandbox } from '../src/sandbox/start-sandbox.js';
import { startCountingProxy } from './lib/counting-proxy.js';
import type { Figure } from './lib/figure.js';
import { profileVariant } from './lib/profile-variant.js';

const STAGING_RATE = 5;
/** Issue 31: a full certification of a provider-like target in at most this many requests (5 minutes at 5 per s). */
const MAX_REQUESTS = 1_500;

/** A certification at 5 requests/s that needs more than this many times the cap's least time is too slow. */
const MAX_OVERHEAD = 2;

interface Certified {
  readonly code: number | null;
  readonly ms: number;
  readonly requests: number;
  readonly byPrefix: string;
  readonly report: ConformanceReport | undefined;
}

async function certifyThroughProxy(requestsPerSecond: number | undefined): Promise<Certified> {
  const sandbox = await startSandbox({ flavor: 'foreign' });
  const proxy = await startCountingProxy(sandbox.url);
  const out = mkdtempSync(path.join(tmpdir(), 'kit-bench-staging-'));
  const profile = profileVariant('foreign-sandbox.json', 'staging', (p) =>
    requestsPerSecond === undefined ? p : { ...p, safety: { ...p.safety, requestsPerSecond } },
  );
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(kitRoot, 'scripts', 'certify.ts'),
          '--target',
          proxy.url,
          '--profile',
          profile,
          '--out',
          out,
        ],
        { cwd: kitRoot, stdio: 'ignore', env: { ...process.env, CI: '' } },
      );
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_600_000);
      child.once('error', reject);
      child.once('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    const ms = performance.now() - started;
    let report: ConformanceReport | undefined;
    try {
      report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    } catch {
      report = undefined;
    }
    const byPrefix = [...proxy.counts()]
      .sort((a, b) => b[1] - a[1])
      .map(([prefix, n]) => `${prefix} ${n}`)
      .join(', ');
    return { code, ms, requests: proxy.total(), byPrefix, report };
  } finally {
    await proxy.stop();
    await sandbox.stop();
    rmSync(out, { recursive: true, force: true });
    rmSync(path.dirname(profile), { recursive: true, force: true });
  }
}

/** The report's own count of what it sent, by the area of the suite that sent it (conformance.json summary.requests). */
function byArea(run: Certified): string {
  const requests = run.report?.summary.requests;
  if (requests === undefined) return 'no count in the report';
  const areas = Object.entries(requests.byArea)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([area, n]) => `${area} ${n ?? 0}`);
  return `by suite area (the report's count, ${requests.total}): ${areas.join(', ')}`;
}

function verdicts(run: Certified): string {
  const s = run.report?.summary;
  return s === undefined ? 'no report' : `${s.pass} PASS, ${s.fail} FAIL, ${s.notVerified} NOT VERIFIED`;
}

export async function benchStaging(): Promise<Figure[]> {
  const fast = await certifyThroughProxy(undefined);
  const slow = await certifyThroughProxy(STAGING_RATE);
  const leastMs = (slow.requests / STAGING_RATE) * 1000;
  return [
    {
      name: 'requests one certification sends to a provider-like target (foreign flavour, by URL)',
      value: fast.requests,
      unit: 'requests',
      target: `≤ ${MAX_REQUESTS}, exit 0, no FAIL`,
      met: fast.code === 0 && fast.report?.summary.fail === 0 && fast.requests <= MAX_REQUESTS,
      notes: `${byArea(fast)}; by path: ${fast.byPrefix}; ${(fast.ms / 1000).toFixed(0)} s at the profile's cap; ${verdicts(fast)} (exit ${String(fast.code)})`,
    },
    {
      name: `wall time to certify at safety.requestsPerSecond ${STAGING_RATE}`,
      value: Math.round(slow.ms / 1000),
      unit: 's',
      baseline: {
        name: `the least the cap allows: ${slow.requests} requests / ${STAGING_RATE} per s, s`,
        value: Math.round(leastMs / 1000),
      },
      ratio: Math.round((leastMs / slow.ms) * 100) / 100,
      target: `exit 0, no FAIL, < ${MAX_OVERHEAD}× the least time`,
      met: slow.code === 0 && slow.report?.summary.fail === 0 && slow.ms < MAX_OVERHEAD * leastMs,
      notes: `${slow.byPrefix}; ${verdicts(slow)} (exit ${String(slow.code)})`,
    },
  ];
}
