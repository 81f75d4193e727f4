/**
 * §3 and §6: re-evaluation. A payment re-evaluated SUCCESS → FAILED, one FAILED → SUCCESS, and a complaint COMPLETED →
 * DECLINED each get a new postback with the new status (and failedCode) after the first one's (§3.1: "A new payment
 * postback with the updated status is sent"); once a newer postback was acknowledged, no retry of an older one
 * arrives. One change each way is what the interface asks for: a provider whose test values flip once is judged.
 * A repeat of a status already posted is another requirement's (PB-STOP-AFTER-200), so repeats are not counted here.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { bodyOf, complaintRun, paymentRun, statusesOf } from './postback-scenarios.js';

/** The statuses in the order they came, a repeat of the one before left out. */
function changes(statuses: readonly unknown[]): unknown[] {
  return statuses.filter((status, n) => n === 0 || status !== statuses[n - 1]);
}

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
    'SUCCESS → FAILED: a new postback with the new status after the first',
    verifies('PB-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'SUCCESS' }, { flip: true }],
        attempts: 'all',
      });
      check('PB-FLIP-RESENT', () => {
        expect(changes(statusesOf(attempts).map(([s]) => s))).toEqual(['SUCCESS', 'FAILED']);
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
    'FAILED → SUCCESS: a new postback with the new status after the first',
    verifies('PB-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'FAILED' }, { flip: true }],
        attempts: 'all',
      });
      check('PB-FLIP-RESENT', () => {
        expect(changes(statusesOf(attempts).map(([s]) => s))).toEqual(['FAILED', 'SUCCESS']);
      });
    },
  );

  test(
    'COMPLETED → DECLINED: a new complaint postback with the new status after the first',
    verifies('PB-COMPLAINT-FLIP-RESENT'),
    async ({ given, capture }) => {
      const { attempts } = await complaintRun(given, capture, {
        moves: ['APPROVED', 'COMPLETED', 'flip'],
        attempts: 'all',
      });
      check('PB-COMPLAINT-FLIP-RESENT', () => {
        expect(changes(attempts.map((a) => bodyOf(a).status))).toEqual(['COMPLETED', 'DECLINED']);
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
