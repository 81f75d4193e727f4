/**
 * §3 and §6: re-evaluation. A payment SUCCESS → FAILED → SUCCESS and a complaint COMPLETED → DECLINED → COMPLETED each
 * get exactly one new postback per change, in order, with the new status (and failedCode); once a newer postback was
 * acknowledged, no retry of an older one arrives.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { bodyOf, complaintRun, paymentRun, statusesOf } from './postback-scenarios.js';

/** Attempts of the older status that arrived after the newer one's postback was acknowledged (200). */
function staleAfterAcknowledged(attempts: readonly CheckedAttempt[], older: string, newer: string): number[] {
  const acknowledged = attempts.findIndex(
    (a) => bodyOf(a).status === newer && a.attempt.reply.answer === 'status' && a.attempt.reply.status === 200,
  );
  if (acknowledged === -1) return [];
  return attempts
    .slice(acknowledged + 1)
    .filter((a) => bodyOf(a).status === older)
    .map((a) => a.attempt.n);
}

test.describe('re-evaluation postbacks (§3, §6)', () => {
  test(
    'SUCCESS → FAILED → SUCCESS: one postback per change, in order',
    verifies('PB-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'SUCCESS' }, { flip: true, failedCode: 'INCORRECT_AMOUNT' }, { flip: true }],
        attempts: 'all',
      });
      check('PB-FLIP-RESENT', () => {
        expect(statusesOf(attempts).map(([s]) => s)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
      });
    },
  );

  test(
    'after FAILED → SUCCESS, the SUCCESS postback carries failedCode null again',
    verifies('PB-FAILEDCODE'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'FAILED' }, { flip: true }],
        attempts: 'all',
      });
      const afterFlip = statusesOf(attempts).slice(1);
      // No postback after the flip leaves no failedCode to judge: that is the flip's finding (§6).
      precondition('PB-FLIP-RESENT', () => {
        expect(afterFlip.length, 'a postback after the re-evaluation').toBeGreaterThan(0);
      });
      check('PB-FAILEDCODE', () => {
        expect(afterFlip).toEqual(afterFlip.map(() => ['SUCCESS', null]));
      });
    },
  );

  test(
    'FAILED → SUCCESS → FAILED: one postback per change, in order',
    verifies('PB-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [
          { status: 'FAILED', failedCode: 'NO_AMOUNT' },
          { flip: true },
          { flip: true, failedCode: 'ANOTHER_REASON' },
        ],
        attempts: 'all',
      });
      check('PB-FLIP-RESENT', () => {
        expect(statusesOf(attempts).map(([s]) => s)).toEqual(['FAILED', 'SUCCESS', 'FAILED']);
      });
    },
  );

  test(
    'COMPLETED → DECLINED → COMPLETED: one complaint postback per change, in order',
    verifies('PB-COMPLAINT-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await complaintRun(given, capture, {
        moves: ['APPROVED', 'COMPLETED', 'flip', 'flip'],
        attempts: 'all',
      });
      check('PB-COMPLAINT-FLIP-RESENT', () => {
        expect(attempts.map((a) => bodyOf(a).status)).toEqual(['COMPLETED', 'DECLINED', 'COMPLETED']);
      });
    },
  );

  test(
    'no retry of an older status arrives after a newer one was acknowledged',
    verifies('PB-NO-STALE-RETRY'),
    async ({ given, capture }) => {
      // The SUCCESS postback is refused once, so it is still being retried when the payment flips to FAILED.
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'SUCCESS' }, { flip: true }],
        script: [{ answer: 'status', status: 500 }],
        attempts: 'all',
      });
      // Without the newer status's postback there is nothing an older one could come after: the flip's finding.
      precondition('PB-FLIP-RESENT', () => {
        expect(statusesOf(attempts).map(([s]) => s)).toContain('FAILED');
      });
      check('PB-NO-STALE-RETRY', () => {
        expect(
          staleAfterAcknowledged(attempts, 'SUCCESS', 'FAILED'),
          'SUCCESS attempts after FAILED was acknowledged',
        ).toEqual([]);
      });
    },
  );
});
