/**
 * §4.7 complaint creation (its path and payload are the profile's: operations.complaintCreate.payload): a complaint
 * about a payment, named by paymentId or merchantPaymentId where the payload can name it so; it starts PENDING (§3.2)
 * as the complaint status check shows it. Where the provider takes the kit's design, the answer is the §2.4 complaint.
 */
import { expect, notApplicable, test, verifies } from '../../fixtures/index.js';
import { quietPostbackUrl } from '../../fixtures/conformance/preconditions.js';
import { check, softCheck } from '../../fixtures/conformance/checks.js';
import { answerAt, expectKitDesignAnswer, payloadBody } from '../../fixtures/conformance/other-payloads.js';
import { complaintById } from '../../fixtures/conformance/payment-records.js';

test.describe('complaintCreate', () => {
  test.beforeEach(({ given }) => {
    given.operation('complaintCreate');
  });

  test(
    'a complaint about a payment named by paymentId: its id, and (kit design) a §2.4 complaint',
    verifies('COMPLAINT-CREATE', 'complaintCreate'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const body = payloadBody(given.profile, 'complaintCreate', {
        paymentId: payment.paymentId,
        postBackUrl: quietPostbackUrl(given.profile),
      });
      const exchange = await api.dispatch(api.prepareUnchecked('complaintCreate', body));
      check('COMPLAINT-CREATE', () => {
        expect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
        const id = answerAt(given.profile, 'complaintCreate', 'idAt', exchange.json);
        expect(typeof id === 'string' && id !== '', `the complaint's id in ${exchange.text.slice(0, 300)}`).toBe(true);
      });
      // The answer's members are the kit's design only where the provider takes it: COMPLAINT-SHAPE's, as on every
      // complaint record (the most specific requirement claims a member).
      softCheck('COMPLAINT-SHAPE', () => {
        expectKitDesignAnswer(given.profile, 'complaintCreate', exchange, 'complaints/complaint');
      });
    },
  );

  test(
    'a complaint about a payment named by merchantPaymentId starts PENDING, about that payment',
    verifies('COMPLAINT-CREATE', 'complaintCreate'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const merchantPaymentId = payment.fields.merchantPaymentId ?? '';
      const body = payloadBody(given.profile, 'complaintCreate', {
        merchantPaymentId,
        postBackUrl: quietPostbackUrl(given.profile),
        comment: 'opened by the conformance kit',
      });
      if (!Object.values(body).includes(merchantPaymentId)) {
        notApplicable("the profile's payload of complaintCreate names the payment by paymentId only");
      }
      const exchange = await api.dispatch(api.prepareUnchecked('complaintCreate', body));
      expect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
      const id = answerAt(given.profile, 'complaintCreate', 'idAt', exchange.json);
      expect(typeof id, `the complaint's id in ${exchange.text.slice(0, 300)}`).toBe('string');
      const complaint = await complaintById(api, String(id));
      expect({ status: complaint.status, paymentId: complaint.paymentId }).toEqual({
        status: 'PENDING',
        paymentId: payment.paymentId,
      });
    },
  );
});
