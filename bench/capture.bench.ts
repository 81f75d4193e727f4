import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEvidence } from '../src/capture/evidence-log.js';
import { checkPostback } from '../src/capture/postback-check.js';
import { getContract } from '../src/contract/contract.js';
import { loadProfile } from '../src/profile/load-profile.js';
import { serviceSigner } from '../src/sandbox/config/service-signers.js';
import { startChildServer } from './lib/child-server.js';
import type { Figure } from './lib/figure.js';
import { runCount } from './lib/load.js';

const SENDERS = 64;
const POSTBACKS = 10_000;
const WARMUP = 1_000;

/**
 * The capture server (compiled, as `npm run capture` runs it) against a bare node:http sink, the same 10,000 signed
 * payment postbacks from the same 64 senders, in the same run (issue 5): throughput, p99, and how many the capture
 * server's evidence lost (it must be none).
 */
export async function benchCapture(): Promise<Figure[]> {
  const profile = await loadProfile();
  const body = Buffer.from(
    JSON.stringify(
      serviceSigner(profile).sign({
        id: 'p-bench',
        status: 'SUCCESS',
        failedCode: null,
        paymentMethodId: 'sbx-card-in',
        amount: 100.25,
        currency: 'USD',
        clientFieldsValues: [{ key: 'cardholder', value: 'Ada Lovelace' }],
        merchantPaymentId: 'kit-bench',
        createdAt: '2026-11-21T10:00:00.000Z',
      }),
    ),
  );
  const load = {
    path: '/pb/merchant',
    body,
    concurrency: SENDERS,
    warmup: WARMUP,
    requests: POSTBACKS,
    expectStatus: 200,
  };

  const sink = await startChildServer(['bench/servers/sink-server.mjs', '0']);
  const baseline = await runCount({ url: sink.url, ...load });
  await sink.stop();

  const dir = await mkdtemp(path.join(tmpdir(), 'kit-bench-capture-'));
  const evidence = path.join(dir, 'postbacks.jsonl');
  const capture = await startChildServer([
    'dist/scripts/capture.js',
    '--capture-port',
    '0',
    '--evidence',
    evidence,
    '--quiet',
  ]);
  const measured = await runCount({ url: capture.url, ...load });
  await capture.stop();
  const { lines } = await readEvidence(evidence);
  const attempts = lines.flatMap((l) => (l.type === 'attempt' ? [l.attempt] : []));
  await rm(dir, { recursive: true, force: true });
  const lost = WARMUP + POSTBACKS - attempts.length;
  // The checks run when a test reads an attempt, not while the sender waits: measured apart, on the same attempts.
  const checks = { contract: getContract(), verification: profile.postbackVerification };
  const checkStarted = performance.now();
  const clean = attempts.filter((a) => checkPostback(a, 'payment', checks).findings.length === 0).length;
  const checksPerSecond = attempts.length / ((performance.now() - checkStarted) / 1000);

  const ratio = measured.perSecond / baseline.perSecond;
  return [
    {
      name: 'capture server postbacks per second (recorded in the JSONL evidence before each 200)',
      value: Math.round(measured.perSecond),
      unit: 'postbacks/s',
      baseline: { name: 'bare node:http sink', value: Math.round(baseline.perSecond) },
      ratio: round(ratio),
      target: 'ratio >= 0.5',
      met: ratio >= 0.5 && measured.errors === 0,
      notes: `${POSTBACKS} postbacks from ${SENDERS} senders after ${WARMUP} warm-up; ${measured.errors} errors`,
    },
    {
      name: `capture server postback checks per second (schema, ${profile.postbackVerification.scheme.name} signature, pinned key)`,
      value: Math.round(checksPerSecond),
      unit: 'checks/s',
      target: 'reported: checks run when a test reads an attempt',
      met: clean === attempts.length,
      notes: `${clean} of ${attempts.length} recorded attempts checked clean`,
    },
    {
      name: 'capture server postback p99',
      value: round(measured.p99Ms),
      unit: 'ms',
      baseline: { name: 'bare node:http sink p99', value: round(baseline.p99Ms) },
      ratio: round(baseline.p99Ms / measured.p99Ms),
      target: 'reported',
      met: true,
      notes: `p50 ${round(measured.p50Ms)} ms (sink ${round(baseline.p50Ms)} ms)`,
    },
    {
      name: 'postbacks the capture server lost',
      value: lost,
      unit: 'postbacks',
      target: '0',
      met: lost === 0,
      notes: `${attempts.length} attempts in the evidence for ${WARMUP + POSTBACKS} sent`,
    },
  ];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
