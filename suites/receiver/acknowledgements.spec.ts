/**
 * §4.6, §6: a merchant's receiver acknowledges every authentic postback with exactly 200 — SUCCESS and FAILED
 * payments with each failedCode, both complaint statuses, optional members absent or present, members it does not
 * know, and bodies whose members come in another order, with white space or with text beyond ASCII (verified over the
 * signing input).
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { verifies } from '../../fixtures/conformance/verifies.js';
import { expectAcknowledged, expectDeliveryAcknowledged, expectRefused } from '../../fixtures/receiver/expectations.js';
import { test, type MerchantSession } from '../../fixtures/receiver/index.js';
import {
  complaintFields,
  FAILED_CODES,
  NON_ASCII_TEXT,
  paymentFields,
  signed,
} from '../../fixtures/receiver/postbacks.js';
import { notApplicable, skipBecause } from '../../fixtures/conformance/skip.js';

/** A fresh SUCCESS postback acknowledged: what every other acknowledgement test rests on. */
async function successAcknowledged(merchant: MerchantSession): Promise<void> {
  const postback = signed(merchant.receiver.service, 'payment', paymentFields());
  const delivery = await merchant.send('payment', postback.bytes);
  precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
    expectAcknowledged(delivery, 'a valid SUCCESS payment postback');
  });
}

/** A fresh COMPLETED complaint postback acknowledged. */
async function complaintAcknowledged(merchant: MerchantSession): Promise<void> {
  const postback = signed(merchant.receiver.service, 'complaint', complaintFields());
  const delivery = await merchant.send('complaint', postback.bytes);
  precondition('RECEIVER-ACK-COMPLAINT', () => {
    expectAcknowledged(delivery, 'a valid COMPLETED complaint postback');
  });
}

test.describe('acknowledgements of valid postbacks', () => {
  test(
    'should acknowledge a SUCCESS payment postback with exactly 200',
    { ...verifies('RECEIVER-ACK-PAYMENT-SUCCESS') },
    async ({ merchant }) => {
      const postback = signed(merchant.receiver.service, 'payment', paymentFields({ status: 'SUCCESS' }));
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(delivery, 'a SUCCESS payment postback');
      });
    },
  );

  for (const failedCode of FAILED_CODES) {
    test(
      `should acknowledge a FAILED payment postback with failedCode ${failedCode}`,
      { ...verifies('RECEIVER-ACK-PAYMENT-FAILED') },
      async ({ merchant }) => {
        await successAcknowledged(merchant);
        const postback = signed(merchant.receiver.service, 'payment', paymentFields({ status: 'FAILED', failedCode }));
        const delivery = await merchant.send('payment', postback.bytes);
        check('RECEIVER-ACK-PAYMENT-FAILED', () => {
          expectAcknowledged(delivery, `a FAILED payment postback (${failedCode})`);
        });
      },
    );
  }

  for (const status of ['COMPLETED', 'DECLINED'] as const) {
    test(
      `should acknowledge a ${status} complaint postback with exactly 200`,
      { ...verifies('RECEIVER-ACK-COMPLAINT') },
      async ({ merchant }) => {
        const postback = signed(merchant.receiver.service, 'complaint', complaintFields({ status }));
        const delivery = await merchant.send('complaint', postback.bytes);
        check('RECEIVER-ACK-COMPLAINT', () => {
          expectAcknowledged(delivery, `a ${status} complaint postback`);
        });
      },
    );
  }
});

test.describe('optional and unknown members', () => {
  test(
    'should acknowledge a payment postback without merchantPaymentId and merchantUserId',
    { ...verifies('RECEIVER-OPTIONAL-MEMBERS') },
    async ({ merchant }) => {
      await successAcknowledged(merchant);
      const postback = signed(merchant.receiver.service, 'payment', paymentFields({ merchantIds: false }));
      await check('RECEIVER-OPTIONAL-MEMBERS', () =>
        expectDeliveryAcknowledged(
          merchant,
          'payment',
          postback,
          'a payment postback without the optional merchant ids',
        ),
      );
    },
  );

  for (const optional of ['absent', 'null'] as const) {
    test(
      `should acknowledge a complaint postback with its optional members ${optional}`,
      { ...verifies('RECEIVER-OPTIONAL-MEMBERS') },
      async ({ merchant }) => {
        await complaintAcknowledged(merchant);
        const postback = signed(merchant.receiver.service, 'complaint', complaintFields({ optional }));
        await check('RECEIVER-OPTIONAL-MEMBERS', () =>
          expectDeliveryAcknowledged(
            merchant,
            'complaint',
            postback,
            `a complaint postback with its optional members ${optional}`,
          ),
        );
      },
    );
  }

  test(
    "should answer a signed postback with members the tables do not list as the profile's receiverUnknownMembers says",
    { ...verifies('RECEIVER-UNKNOWN-MEMBERS') },
    async ({ merchant }) => {
      // The tables do not say whether other members may come (§2.5, §2.6): the profile says what the receiver does.
      const stated = merchant.receiver.conventions.receiverUnknownMembers;
      if (stated === undefined) {
        skipBecause(
          'the profile does not say what the receiver does with unlisted members (conventions.receiverUnknownMembers)',
        );
      }
      await successAcknowledged(merchant);
      const fields = { ...paymentFields(), settlementBatch: 'b-7', riskScore: { value: 3, model: 'v2' } };
      const postback = signed(merchant.receiver.service, 'payment', fields);
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-UNKNOWN-MEMBERS', () => {
        const what = 'a payment postback with two members §2.5 does not list';
        if (stated === 'acknowledged') expectAcknowledged(delivery, what);
        else expectRefused(delivery, `${what} (receiverUnknownMembers refused)`);
      });
    },
  );
});

test.describe('the signing input, not the bytes', () => {
  test(
    'should verify a postback over its signing input whatever the order of its members and the white space',
    { ...verifies('RECEIVER-SIGNING-INPUT') },
    async ({ merchant }) => {
      const { input } = merchant.receiver.service;
      if (input.canonicalForm === 'as-sent') {
        notApplicable(
          'postbacks.canonicalForm is as-sent: the signature covers the bytes as sent, so another order is another ' +
            'signing input, not the same one',
        );
      }
      await successAcknowledged(merchant);
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      const reversed = Object.fromEntries(Object.entries(postback.body).reverse());
      const delivery = await merchant.send('payment', JSON.stringify(reversed, null, 2));
      check('RECEIVER-SIGNING-INPUT', () => {
        expectAcknowledged(delivery, 'a signed payment postback sent with its members reversed and indented');
      });
    },
  );

  test(
    'should verify a postback whose clientFieldsValues carry text beyond ASCII',
    { ...verifies('RECEIVER-SIGNING-INPUT') },
    async ({ merchant }) => {
      // Signed over the input the profile states: JCS and as-sent keep the text raw, sorted-compact as its nonAscii says.
      await successAcknowledged(merchant);
      const postback = signed(merchant.receiver.service, 'payment', paymentFields({ clientText: NON_ASCII_TEXT }));
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-SIGNING-INPUT', () => {
        expectAcknowledged(delivery, `a signed payment postback whose clientFieldsValues hold "${NON_ASCII_TEXT}"`);
      });
    },
  );
});
