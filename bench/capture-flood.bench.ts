/**
 * The capture server under a flood (issue 33), compiled and alone as `npm run capture` runs it, with its default
 * bounds: 50,000 hostile requests (garbage bytes, deep nesting, members of 2 MB, thousands of keys, bad UTF-8, wrong
 * methods and media types, unknown paths, the capture API without a token), then 100,000 valid postbacks of 64 KiB
 * (a retry storm: 100 signed bodies sent again and again). Figures: its peak resident memory against its own at rest
 * (the baseline, same run), the evidence's bytes against its cap, 5xx and connection failures, what was dropped;
 * after the flood it must still answer a valid postback 200.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { CAPTURE_LIMITS, type CaptureBounds } from '../src/capture/capture-limits.js';
import { evidenceFilesBytes } from '../src/capture/evidence-log.js';
import { loadProfile } from '../src/profile/load-profile.js';
import { serviceSigner } from '../src/sandbox/config/service-signers.js';
import { startChildServer } from './lib/child-server.js';
import { treeMemory } from './lib/process-tree-memory.js';
import type { Figure } from './lib/figure.js';

const HOSTILE = 50_000;
const VALID = 100_000;
const SENDERS = 32;
const MAX_RSS_MB = 300;

interface Shot {
  readonly method: string;
  readonly path: string;
  readonly body: Buffer | undefined;
  readonly contentType: string;
}

function hostileShots(): Shot[] {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const manyKeys = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
  const shot = (body: Buffer | undefined, extra: Partial<Shot> = {}): Shot => ({
    method: 'POST',
    path: '/pb/merchant',
    body,
    contentType: 'application/json',
    ...extra,
  });
  return [
    shot(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
    shot(Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)),
    shot(json(manyKeys)),
    shot(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xfd, 0x22, 0x3a, 0x31, 0x7d])),
    shot(undefined, { method: 'GET' }),
    shot(json({ id: 'x' }), { method: 'PUT' }),
    shot(json({ id: 'x' }), { contentType: 'text/plain' }),
    shot(json({ id: 'x' }), { path: '/pb/0123456789abcdef0123456789abcdef' }),
    shot(json({ id: 'x' }), { path: '/anything/else?x=1' }),
    shot(json({ endpoints: 1 }), { path: '/__capture/v1/endpoints' }),
  ];
}

/** A member of 2 MB, one shot in 50 (a 413, drained and not kept). */
const HUGE = Buffer.from(JSON.stringify({ id: 'huge', filler: 'z'.repeat(2 * 1024 * 1024) }));

interface Tally {
  statuses: Map<number, number>;
  failures: number;
}

async function send(pool: Pool, shots: (i: number) => Shot, count: number, tally: Tally): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) {
        const s = shots(next++);
        try {
          const response = await pool.request({
            method: s.method,
            path: s.path,
            headers: { 'content-type': s.contentType },
            ...(s.body === undefined ? {} : { body: s.body }),
            headersTimeout: 30_000,
            bodyTimeout: 30_000,
          });
          await response.body.dump();
          tally.statuses.set(response.statusCode, (tally.statuses.get(response.statusCode) ?? 0) + 1);
        } catch {
          tally.failures += 1;
        }
      }
    }),
  );
}

/** The process `pid` started (the server, once `capture` bounded its heap), or `pid` itself. */
function serverOf(pid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return pid;
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export async function benchCaptureFlood(): Promise<Figure[]> {
  const profile = await loadProfile();
  const signer = serviceSigner(profile);
  const filler = 'v'.repeat(64 * 1024 - 700);
  const valid = Array.from({ length: 100 }, (_, i) =>
    Buffer.from(
      JSON.stringify(
        signer.sign({
          id: `flood-${i}`,
          status: 'SUCCESS',
          failedCode: null,
          paymentMethodId: 'sbx-card-in',
          amount: 100.25,
          currency: 'USD',
          clientFieldsValues: [{ key: 'note', value: filler }],
          merchantPaymentId: `kit-flood-${i}`,
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
      ),
    ),
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'kit-bench-flood-'));
  const evidence = path.join(dir, 'postbacks.jsonl');
  const capture = await startChildServer([
    'dist/scripts/capture.js',
    ...['--capture-port', '0', '--evidence', evidence, '--quiet'],
  ]);
  const server = serverOf(capture.pid);
  let peak = 0;
  let treePeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(server));
    treePeak = Math.max(treePeak, treeMemory(capture.pid).rssBytes);
  }, 100);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atRest = rssBytes(server);
    const pool = new Pool(capture.url, { connections: SENDERS, pipelining: 1 });
    const hostile: Tally = { statuses: new Map(), failures: 0 };
    const shots = hostileShots();
    const started = performance.now();
    await send(
      pool,
      (i) =>
        i % 50 === 49
          ? { method: 'POST', path: '/pb/merchant', body: HUGE, contentType: 'application/json' }
          : (shots[i % shots.length] as Shot),
      HOSTILE,
      hostile,
    );
    const hostileMs = performance.now() - started;
    const afterHostile = { answered: (await postOnce(pool, valid[0])) === 200, rss: rssBytes(server) };
    const storm: Tally = { statuses: new Map(), failures: 0 };
    const stormStarted = performance.now();
    await send(
      pool,
      (i) => ({
        method: 'POST',
        path: '/pb/merchant',
        body: valid[i % valid.length],
        contentType: 'application/json',
      }),
      VALID,
      storm,
    );
    const stormMs = performance.now() - stormStarted;
    const afterStorm = (await postOnce(pool, valid[1])) === 200;
    await pool.close();
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(server));
    await capture.stop();
    const bounds = JSON.parse(/capture: bounds (\{.*\})/.exec(capture.output())?.[1] ?? '{}') as Partial<CaptureBounds>;
    const evidenceBytes = evidenceFilesBytes(evidence);
    const fiveXx = [hostile, storm].reduce(
      (sum, t) => sum + [...t.statuses].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0),
      0,
    );
    const failures = hostile.failures + storm.failures;
    const statuses = (t: Tally) =>
      [...t.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    const ok = fiveXx === 0 && failures === 0 && afterHostile.answered && afterStorm;
    return [
      {
        name: 'capture server peak memory under a flood (50,000 hostile + 100,000 postbacks of 64 KiB)',
        value: mb(peak),
        unit: 'MB',
        baseline: { name: 'the capture server at rest, MB', value: mb(atRest) },
        ratio: Math.round((atRest / Math.max(1, peak)) * 100) / 100,
        target: `≤ ${MAX_RSS_MB} MB, 0 5xx, a valid postback answered 200 after (issue 33)`,
        met: ok && peak <= MAX_RSS_MB * 1e6,
        notes: `hostile: ${(hostileMs / 1000).toFixed(0)} s, ${statuses(hostile)}, ${hostile.failures} failed, then a valid postback ${afterHostile.answered ? '200' : 'NOT answered 200'} (RSS ${mb(afterHostile.rss)} MB); storm: ${(stormMs / 1000).toFixed(0)} s, ${statuses(storm)}, ${storm.failures} failed, then ${afterStorm ? '200' : 'NOT 200'}; 5xx ${fiveXx}; evicted from memory ${bounds.evictedFromMemory ?? '?'}, forgotten ${bounds.forgotten ?? '?'}, oversize ${bounds.oversize ?? '?'}; with the process that started it (heap bound: capture-limits.ts) ${mb(treePeak)} MB`,
      },
      {
        name: 'capture evidence after the flood (its cap: CAPTURE_LIMITS.evidenceBytes)',
        value: mb(evidenceBytes),
        unit: 'MB',
        baseline: { name: 'the cap, MB', value: mb(CAPTURE_LIMITS.evidenceBytes) },
        ratio: Math.round((CAPTURE_LIMITS.evidenceBytes / Math.max(1, evidenceBytes)) * 100) / 100,
        target: '≤ the cap, what was dropped counted (issue 33)',
        met: evidenceBytes <= CAPTURE_LIMITS.evidenceBytes && (bounds.dropped?.attempts ?? 0) > 0,
        notes: `dropped ${bounds.dropped?.attempts ?? '?'} attempts (${mb(bounds.dropped?.bytes ?? 0)} MB) by endpoint ${JSON.stringify(bounds.dropped?.byEndpoint.slice(0, 3) ?? [])}`,
      },
    ];
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
  }
}

async function postOnce(pool: Pool, body: Buffer | undefined): Promise<number> {
  const response = await pool.request({
    method: 'POST',
    path: '/pb/merchant',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  await response.body.dump();
  return response.statusCode;
}
