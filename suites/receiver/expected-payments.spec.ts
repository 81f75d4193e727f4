/**
 * §2.5 with the shop's own order book: a shop creates its order before the payment, and a payment's merchantPaymentId
 * is the one it gave. A postback of a payment the shop never expected credits nothing, and neither does one whose
 * money differs from the payment it expects (receiver.expectedPayments says how the shop is made to expect one, and
 * what it answers to one it never expected). Without that setting every postback names a payment the shop never
 * created, and these checks are NOT VERIFIED naming it.
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { verifies } from '../../fixtures/conformance/verifies.js';
import { skipBecause } from '../../fixtures/conformance/skip.js';
import {
  expectAcknowledged,
  expectNothingCredited,
  needReadBack,
  recordedPayment,
} from '../../fixtures/receiver/expectations.js';
import { test, type MerchantSession } from '../../fixtures/receiver/index.js';
import { paymentFields, signed } from '../../fixtures/receiver/postbacks.js';
import type { Delivery } from '../../src/receiver/postback-sender.js';

const SETTING_REASON =
  "the profile names no receiver.expectedPayments: the shop cannot be made to expect a payment, so every postback names one it never created and what it does with those is its own business; set the shop's setup call (its checkout in test mode) there";

function needExpectedPayments(merchant: MerchantSession): void {
  if (merchant.receiver.expected === undefined) skipBecause(SETTING_REASON);
  needReadBack(merchant, 'payment');
}

/** The shop's answer to a postback of a payment it never expected, as its profile says it answers. */
function expectUnexpectedAnswer(merchant: MerchantSession, delivery: Delivery): void {
  const how = merchant.receiver.expected?.unexpected ?? 'either';
  const status = delivery.status;
  const refused = status !== undefined && status >= 400 && status < 500;
  if (how === 'acknowledged') expectAcknowledged(delivery, 'a postback of a payment the shop never expected');
  else if (how === 'refused' ? !refused : !(refused || status === 200)) {
    throw new Error(
      `a postback of a payment the shop never expected: the profile says the shop ${how === 'refused' ? 'refuses it (4xx)' : 'acknowledges it (200) or refuses it (4xx)'} (receiver.expectedPayments.unexpected), got ${status ?? delivery.answer}`,
    );
  }
}

test.describe('payments the shop expects', () => {
  test(
    'should credit nothing for an authentic SUCCESS postback of a payment the shop never expected',
    verifies('RECEIVER-UNEXPECTED-NOT-CREDITED'),
    async ({ merchant }) => {
      needExpectedPayments(merchant);
      // A SUCCESS of a payment it expects is acknowledged: what the answer to one it never expected is judged beside.
      const expected = signed(merchant.receiver.service, 'payment', paymentFields({ status: 'SUCCESS' }));
      const first = await merchant.send('payment', expected.bytes);
      precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(first, 'a SUCCESS postback of a payment the shop expects');
      });
      // A merchantPaymentId of this run the shop was never made to expect.
      const postback = signed(merchant.receiver.service, 'payment', paymentFields({ status: 'SUCCESS' }));
      const delivery = await merchant.send('payment', postback.bytes, { unexpected: true });
      check('RECEIVER-UNEXPECTED-NOT-CREDITED', () => {
        expectUnexpectedAnswer(merchant, delivery);
      });
      const recorded = await check('RECEIVER-UNEXPECTED-NOT-CREDITED', () => recordedPayment(merchant, postback.body));
      check('RECEIVER-UNEXPECTED-NOT-CREDITED', () => {
        expectNothingCredited(
          recorded,
          Number(postback.body.amount),
          `a SUCCESS postback of payment ${String(postback.body.merchantPaymentId)}, which the shop never expected`,
        );
      });
    },
  );

  for (const differs of ['amount', 'currency'] as const) {
    test(
      `should credit nothing for an authentic SUCCESS postback whose ${differs} differs from the payment the shop expects`,
      verifies('RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED'),
      async ({ merchant }) => {
        needExpectedPayments(merchant);
        const fields = paymentFields({ status: 'SUCCESS' });
        const expectedCurrency = String(fields.currency);
        // The postback carries other money than the payment the shop expects: 60 % of it as the amount the shop
        // expects, or another currency on the postback (the payment's own is the one its method takes).
        const postback = signed(
          merchant.receiver.service,
          'payment',
          differs === 'currency' ? { ...fields, currency: expectedCurrency === 'EUR' ? 'USD' : 'EUR' } : fields,
        );
        const amount = Number(postback.body.amount);
        const currency = String(postback.body.currency);
        const expectAs =
          differs === 'amount' ? { amount: Math.round(amount * 60) / 100 } : { currency: expectedCurrency };
        const delivery = await merchant.send('payment', postback.bytes, { expectAs });
        // Acknowledged or refused alike: the shop's choice (the service would retry a refusal); only a 5xx or no
        // answer leaves nothing to judge.
        precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
          if (delivery.status === undefined || delivery.status >= 500) {
            throw new Error(`a signed SUCCESS postback got ${delivery.status ?? delivery.answer}`);
          }
        });
        const recorded = await check('RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED', () =>
          recordedPayment(merchant, postback.body),
        );
        check('RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED', () => {
          expectNothingCredited(
            recorded,
            amount,
            `a SUCCESS postback of ${amount} ${currency} for a payment the shop expects as ${JSON.stringify(expectAs)}`,
          );
        });
      },
    );
  }
});
