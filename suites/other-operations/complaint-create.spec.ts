/**
 * §4.7 complaint creation (its path and body are the profile's): a complaint about a payment, named by paymentId or
 * merchantPaymentId, answered as a §2.4 complaint that starts PENDING (§3.2).
 */
import { expect, okObject, test, verifies } from '../../fixtures/index.js';
import { UNDELIVERABLE_POSTBACK_URL } from '../../fixtures/conformance/preconditions.js';
import { check, softCheck } from '../../fixtures/conformance/checks.js';

test.describe('complaintCreate', () => {
  test.beforeEach(({ given }) => {
    given.operation('complaintCreate');
  });

  test(
    'a complaint about a payment named by paymentId: a §2.4 complaint',
    verifies('COMPLAINT-CREATE', 'complaintCreate'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const exchange = await api.complaintCreate({
        paymentId: payment.paymentId,
        postBackUrl: UNDELIVERABLE_POSTBACK_URL,
      });
      // The creation answers a complaint (COMPLAINT-CREATE); its members' shape is COMPLAINT-SHAPE's, as on every
      // complaint record (the most specific requirement claims a member).
      check('COMPLAINT-CREATE', () => okObject(exchange));
      await softCheck('COMPLAINT-SHAPE', async () => {
        await expect(exchange).toMatchSchema('complaints/complaint');
      });
    },
  );

  test(
    'a complaint about a payment named by merchantPaymentId starts PENDING, about that payment',
    verifies('COMPLAINT-CREATE', 'complaintCreate'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const complaint = okObject(
        await api.complaintCreate({
          merchantPaymentId: payment.fields.merchantPaymentId ?? '',
          postBackUrl: UNDELIVERABLE_POSTBACK_URL,
          comment: 'opened by the conformance kit',
        }),
      );
      expect({ status: complaint.status, paymentId: complaint.paymentId }).toEqual({
        status: 'PENDING',
        paymentId: payment.paymentId,
      });
    },
  );
});
