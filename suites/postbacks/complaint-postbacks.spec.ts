/**
 * §2.6 and §6: the complaint postback. Its shape and signature on COMPLETED and DECLINED; that it comes for those
 * only; that it agrees with the complaint status check.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { complaintById, expectReadableComplaint } from '../../fixtures/conformance/payment-records.js';
import { bodyOf, complaintRun, findingsFor } from './postback-scenarios.js';
import { expectPinnedKey, expectSoundPostback } from '../../fixtures/conformance/postback-bodies.js';

const RESOLUTIONS = [
  { status: 'COMPLETED', moves: ['APPROVED', 'COMPLETED'] },
  { status: 'DECLINED', moves: ['DECLINED'] },
] as const;

test.describe('complaint postback (§2.6)', () => {
  for (const { status, moves } of RESOLUTIONS) {
    test(
      `a ${status} complaint's postback has the §2.6 shape`,
      verifies('PB-COMPLAINT-SHAPE'),
      async ({ given, capture }) => {
        const { attempts } = await complaintRun(given, capture, { moves, attempts: 1 });
        check('PB-COMPLAINT-SHAPE', () => {
          expect(findingsFor(attempts[0], 'PB-COMPLAINT-SHAPE')).toEqual([]);
        });
        expect(bodyOf(attempts[0]).status).toBe(status);
      },
    );

    test(
      `a ${status} complaint's postback's hash verifies with the service's key`,
      verifies('PB-SIGNATURE-VALID'),
      async ({ given, capture }) => {
        const { attempts } = await complaintRun(given, capture, { moves, attempts: 1 });
        expectPinnedKey(attempts[0]);
        expect(attempts[0]?.check.signature).toBe('valid');
      },
    );

    test(
      `a ${status} complaint's postback carries the service's pinned key`,
      verifies('PB-PUBLIC-KEY-PINNED'),
      async ({ given, capture }) => {
        const { attempts } = await complaintRun(given, capture, { moves, attempts: 1 });
        check('PB-PUBLIC-KEY-PINNED', () => {
          expect(findingsFor(attempts[0], 'PB-PUBLIC-KEY-PINNED')).toEqual([]);
        });
        expect(bodyOf(attempts[0]).publicKey).toBe(given.profile.postbackVerification.key.publicKey);
      },
    );

    test(
      `a ${status} complaint's postback says what the complaint status check says`,
      verifies('PB-COMPLAINT-CONSISTENT'),
      async ({ api, given, capture }) => {
        const { attempts, complaintId, payment } = await complaintRun(given, capture, { moves, attempts: 1 });
        const body = bodyOf(attempts[0]);
        expectSoundPostback(attempts[0]);
        const record = await complaintById(api, complaintId);
        // The status check must first be sound: members of §2.4's shape, its payment's, the status it reached. A
        // record that is not is its own finding, and the postback is judged against a sound one.
        expectReadableComplaint(
          record,
          ['id', 'status', 'paymentId', 'merchantPaymentId', 'paymentMethodId', 'currencyCode'],
          `complaint ${complaintId}`,
        );
        precondition('COMPLAINT-ECHOES-PAYMENT', () => {
          expect(
            { paymentId: record.paymentId, merchantPaymentId: record.merchantPaymentId },
            `the status check of complaint ${complaintId}`,
          ).toEqual({ paymentId: payment.paymentId, merchantPaymentId: payment.fields.merchantPaymentId });
        });
        precondition('COMPLAINT-REFLECTS-STATUS', () => {
          expect(record.status, `the status check of complaint ${complaintId}`).toBe(status);
        });
        expect({
          id: body.id,
          status: body.status,
          paymentId: body.paymentId,
          merchantPaymentId: body.merchantPaymentId,
          paymentMethodId: body.paymentMethodId,
          currency: body.currency,
        }).toEqual({
          id: record.id,
          status: record.status,
          paymentId: record.paymentId,
          merchantPaymentId: record.merchantPaymentId,
          paymentMethodId: record.paymentMethodId,
          currency: record.currencyCode,
        });
      },
    );
  }

  test(
    'none while a complaint is PENDING, NEED_CHECK or APPROVED',
    verifies('PB-COMPLAINT-STATUS-SET'),
    async ({ given, capture }) => {
      const { attempts } = await complaintRun(given, capture, { moves: ['NEED_CHECK', 'APPROVED'], attempts: 'all' });
      expect(attempts.map((a) => bodyOf(a).status)).toEqual([]);
    },
  );
});
