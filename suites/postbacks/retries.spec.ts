/**
 * §6 delivery rules: only a 200 acknowledges; anything else (an error status, another 2xx, a redirect, a timeout, a
 * reset) is retried until a 200; nothing after it; every retry the same bytes. The intervals are measured and
 * compared with the profile's declared schedule (the interface shows none).
 */
import { expect, skipBecause, test, verifies } from '../../fixtures/index.js';
import type { Reply } from '../../generated/capture/definitions.gen.js';
import { bodyOf, paymentRun } from './postback-scenarios.js';

const status = (code: number, headers?: Record<string, string>): Reply =>
  headers === undefined ? { answer: 'status', status: code } : { answer: 'status', status: code, headers };
const HANG: Reply = { answer: 'hang' };
const RESET: Reply = { answer: 'reset' };

/** N answers that are not 200, N from 1 to 5, mixing error statuses, timeouts and resets. */
const NOT_ACKNOWLEDGED: readonly (readonly Reply[])[] = [
  [status(500)],
  [status(404), status(503)],
  [HANG, RESET, status(500)],
  [status(502), status(400), HANG, RESET],
  [status(500), status(404), HANG, RESET, status(503)],
];

const describeScript = (script: readonly Reply[]) =>
  script.map((r) => (r.answer === 'status' ? String(r.status) : r.answer)).join(', ');

test.describe('postback retries (§6)', () => {
  for (const script of NOT_ACKNOWLEDGED) {
    test(
      `retried after ${describeScript(script)}, until a 200`,
      verifies('PB-RETRY-UNTIL-200'),
      async ({ given, capture }) => {
        const { attempts } = await paymentRun(given, capture, {
          steps: [{ status: 'SUCCESS' }],
          script,
          attempts: script.length + 1,
        });
        expect(attempts.map((a) => a.attempt.reply)).toEqual([...script, status(200)]);
      },
    );
  }

  test(
    '201, 202 and 204 do not acknowledge: retried until a 200',
    verifies('PB-ONLY-200-ACKS'),
    async ({ given, capture }) => {
      const script = [status(201), status(202), status(204)];
      const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], script, attempts: 4 });
      expect(attempts.map((a) => a.attempt.reply)).toEqual([...script, status(200)]);
    },
  );

  test(
    'a redirect is not followed: retried at the same URL until a 200',
    verifies('PB-NO-REDIRECT'),
    async ({ given, capture }) => {
      const elsewhere = await capture.endpoint({ kind: 'payment', label: 'redirect target' });
      const script = [status(302, { location: elsewhere.url }), status(307, { location: elsewhere.url })];
      const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], script, attempts: 3 });
      expect(attempts.map((a) => a.attempt.reply)).toEqual([...script, status(200)]);
      expect(await elsewhere.attempts()).toHaveLength(0);
    },
  );

  test('nothing after a first 200', verifies('PB-STOP-AFTER-200'), async ({ given, capture }) => {
    const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 'all' });
    expect(attempts.map((a) => a.attempt.reply)).toEqual([status(200)]);
  });

  test('nothing after a 200 that ends retries', verifies('PB-STOP-AFTER-200'), async ({ given, capture }) => {
    const script = [status(500), RESET];
    // The 200 first, then the rest of the schedule (or, in real time, the observation window) watched for more.
    const { endpoint } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], script, attempts: 3 });
    await (await given.postbackTime()).watchWholeSchedule();
    expect((await endpoint.attempts()).map((a) => a.attempt.reply)).toEqual([...script, status(200)]);
  });

  test(
    'every retry carries the bytes of the first attempt',
    verifies('PB-RETRY-IDENTICAL'),
    async ({ given, capture }) => {
      const script = [status(500), HANG, status(503)];
      const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], script, attempts: 4 });
      const bodies = attempts.map((a) => a.attempt.body);
      expect(bodies).toHaveLength(4);
      expect(
        bodies.filter((b) => b !== bodies[0]),
        'retries whose bytes differ from the first attempt',
      ).toEqual([]);
      expect(bodyOf(attempts[0]).status).toBe('SUCCESS');
    },
  );

  test(
    "the intervals between attempts follow the profile's declared schedule",
    verifies('PB-RETRY-SCHEDULE'),
    async ({ given, capture }) => {
      const time = await given.postbackTime();
      if (time.mode === 'virtual' && !given.exclusive) {
        // Each jump of a shared virtual clock fires every test's timers in turn: another test's hanging receiver
        // delays this test's attempts, and the waits measured would be the target's no more.
        skipBecause("the target's virtual clock is shared with other tests: its waits would not be its own");
      }
      // Five attempts, or as many as the real-time budget lets come (at least three: two waits to compare).
      const refusals = [status(500), status(500), status(500), status(500)];
      const count = time.attemptsWithinBudget(3, 5, refusals);
      const script = refusals.slice(0, count - 1);
      const { attempts, payment } = await paymentRun(given, capture, {
        steps: [{ status: 'SUCCESS' }],
        script,
        attempts: count,
      });
      const { delaysMs } = time.schedule;
      // Each wait counts from the end of the attempt before it (the profile's RetrySchedule).
      const observed =
        time.mode === 'virtual'
          ? await virtualWaits(given.control(), payment.paymentId)
          : attempts.slice(1).map((a, i) => a.attempt.monoMs - (attempts[i]?.attempt.monoMs ?? 0));
      const declared = observed.map((_, i) => delaysMs[i + 1] ?? time.schedule.repeatEveryMs);
      test.info().annotations.push({
        type: 'observed retry intervals',
        description: `${observed.map((ms) => `${Math.round(ms)} ms`).join(', ')} (declared ${declared.join(', ')} ms)`,
      });
      // The kit's own tolerance (10 %, or a second: a loaded machine, the attempt's own time) plus the random jitter
      // the provider documents (postbackRetry.jitter: each delay within ±that fraction of the schedule's).
      const jitter = time.schedule.jitter ?? 0;
      const tolerance = (want: number) => Math.max(1_000, want * 0.1) + want * jitter;
      const off = observed
        .map((ms, i) => ({ attempt: i + 2, observed: Math.round(ms), declared: declared[i] ?? 0 }))
        .filter(({ observed: ms, declared: want }) => Math.abs(ms - want) > tolerance(want));
      expect(
        off,
        `waits more than 10% (or a second)${jitter > 0 ? ` plus the declared jitter of ${jitter * 100} %` : ''} off the declared schedule`,
      ).toEqual([]);
    },
  );
});

/** The waits between attempts on the sandbox's clock: from the end of one attempt to the start of the next. */
async function virtualWaits(
  control: { deliveries(subject: string): Promise<{ attempts: { at: string; durationMs: number }[] }[]> },
  paymentId: string,
): Promise<number[]> {
  const attempts = (await control.deliveries(paymentId)).flatMap((d) => d.attempts);
  return attempts
    .slice(1)
    .map((a, i) => Date.parse(a.at) - (Date.parse(attempts[i]?.at ?? '') + (attempts[i]?.durationMs ?? 0)));
}
