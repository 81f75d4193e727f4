/**
 * §6: where postbacks go. A payment's to the postBackUrl given at its creation, or else to the merchant's registered
 * URL; a complaint's to the URL given at the complaint's creation.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test, verifies } from '../../fixtures/index.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { skipBecause } from '../../fixtures/conformance/preconditions.js';
import type { TestCapture } from '../../fixtures/conformance/test-capture.js';
import { allowTargetTime } from '../../fixtures/conformance/test-time.js';
import { bodyOf, complaintRun, paymentRun } from './postback-scenarios.js';

/**
 * The statuses of the postbacks about `id` that reached the merchant's registered URL. Every test (every fault
 * project of a full fault matrix) shares that URL, so the capture server picks this test's own.
 */
async function atRegisteredUrl(capture: TestCapture, id: string): Promise<unknown[]> {
  return (await capture.merchant.attempts(id)).map((a) => bodyOf(a).status);
}

/** `read` again every 200 ms until `done` holds or `withinMs` passed; its last answer. */
async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() >= deadline) return value;
    await sleep(200);
  }
}

test.describe('postback routing (§6)', () => {
  test(
    "a payment's postback goes to the postBackUrl given at its creation, not to the registered URL",
    verifies('PB-ROUTING'),
    async ({ given, capture }) => {
      const { attempts, payment } = await paymentRun(given, capture, {
        steps: [{ status: 'SUCCESS' }],
        attempts: 'all',
      });
      // What arrived here is this payment's postback only if it names the payment: a wrong id is the body's finding.
      precondition('PB-PAYMENT-CONSISTENT', () => {
        expect(attempts.map((a) => bodyOf(a).id)).toEqual([payment.paymentId]);
      });
      const elsewhere = await atRegisteredUrl(capture, payment.paymentId);
      check('PB-ROUTING', () => {
        expect(elsewhere).toEqual([]);
      });
    },
  );

  test(
    "a postBackUrl's query string is kept: the postback goes to that URL, whole",
    verifies('PB-ROUTING'),
    async ({ given, capture }) => {
      const query = `?order=${encodeURIComponent(given.merchantPaymentId())}&kit=1`;
      const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 1, query });
      check('PB-ROUTING', () => {
        expect(
          attempts.map((a) => (a.attempt.path.includes('?') ? a.attempt.path.slice(a.attempt.path.indexOf('?')) : '')),
          'the request target of each postback',
        ).toEqual(attempts.map(() => query));
      });
    },
  );

  test(
    "without postBackUrl, a payment's postback goes to the merchant's registered URL",
    verifies('PB-ROUTING-MERCHANT-URL'),
    async ({ given, capture }) => {
      if (!capture.merchantRegistered) {
        skipBecause(
          `the merchant's registered URL is not the capture server's: register ${capture.merchant.url} and set it as merchant.postbackUrl in the profile`,
        );
      }
      const time = await given.postbackTime();
      const payment = await given.payment('payIn', { outcome: { status: 'SUCCESS' } });
      await time.elapse(time.untilAttempt(1));
      allowTargetTime(given.profile.settings.timing.postbackWaitMs);
      const seen = await pollUntil(
        () => atRegisteredUrl(capture, payment.paymentId),
        (statuses) => statuses.length > 0,
        given.profile.settings.timing.postbackWaitMs,
      );
      if (seen.length === 0) time.decideMissing(`no postback about ${payment.paymentId} arrived at the registered URL`);
      expect(seen).toEqual(['SUCCESS']);
    },
  );

  test(
    "a complaint's postback goes to the URL given at the complaint's creation",
    verifies('PB-COMPLAINT-ROUTING'),
    async ({ given, capture }) => {
      const { attempts, complaintId } = await complaintRun(given, capture, { moves: ['DECLINED'], attempts: 'all' });
      precondition('PB-COMPLAINT-CONSISTENT', () => {
        expect(attempts.map((a) => bodyOf(a).id)).toEqual([complaintId]);
      });
      const elsewhere = await atRegisteredUrl(capture, complaintId);
      check('PB-COMPLAINT-ROUTING', () => {
        expect(elsewhere).toEqual([]);
      });
    },
  );
});
