/**
 * §5.3: postbacks carry publicKey and hash "to be validated by the merchant". A receiver that acknowledges a forged
 * or tampered postback credits money that never arrived: these requirements are critical. Each refusal rests on the
 * receiver acknowledging the authentic twin first (RECEIVER-ACK-PAYMENT-SUCCESS): a receiver that refuses everything
 * is that requirement's finding, not a pass of these.
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { verifies } from '../../fixtures/conformance/verifies.js';
import {
  expectAcknowledged,
  expectPaymentState,
  expectRefused,
  needReadBack,
  recordedPayment,
} from '../../fixtures/receiver/expectations.js';
import { test, type MerchantSession } from '../../fixtures/receiver/index.js';
import {
  forgedHash,
  paymentFields,
  signed,
  tampered,
  without,
  type SignedPostback,
} from '../../fixtures/receiver/postbacks.js';

/** A fresh authentic SUCCESS postback, acknowledged: the twin of the forgery that follows. */
async function authenticTwin(merchant: MerchantSession): Promise<SignedPostback> {
  const postback = signed(merchant.receiver.service, 'payment', paymentFields());
  const delivery = await merchant.send('payment', postback.bytes);
  precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
    expectAcknowledged(delivery, 'the authentic twin');
  });
  return postback;
}

test.describe('forged and tampered postbacks', () => {
  test(
    'should refuse a payment postback whose hash no key signed',
    { ...verifies('RECEIVER-REJECT-FORGED-HASH') },
    async ({ merchant }) => {
      await authenticTwin(merchant);
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      const forged = tampered(postback, { hash: forgedHash(postback, merchant.receiver.service.input.hashEncoding) });
      const delivery = await merchant.send('payment', forged.bytes);
      check('RECEIVER-REJECT-FORGED-HASH', () => {
        expectRefused(delivery, 'a SUCCESS postback with a forged hash');
      });
    },
  );

  for (const [member, change] of [
    ['amount', (body: Record<string, unknown>) => ({ amount: Number(body.amount) * 100 })],
    ['status', () => ({ status: 'SUCCESS', failedCode: null })],
  ] as const) {
    test(
      `should refuse a signed payment postback whose ${member} was changed after signing`,
      { ...verifies('RECEIVER-REJECT-TAMPERED') },
      async ({ merchant }) => {
        await authenticTwin(merchant);
        // The authentic one first: a replay of a captured postback with one member changed, its hash kept.
        const original = signed(
          merchant.receiver.service,
          'payment',
          paymentFields(member === 'status' ? { status: 'FAILED', failedCode: 'NO_AMOUNT' } : {}),
        );
        const first = await merchant.send('payment', original.bytes);
        precondition(member === 'status' ? 'RECEIVER-ACK-PAYMENT-FAILED' : 'RECEIVER-ACK-PAYMENT-SUCCESS', () => {
          expectAcknowledged(first, 'the authentic postback before its tampered copy');
        });
        const changed = tampered(original, change(original.body));
        const delivery = await merchant.send('payment', changed.bytes);
        check('RECEIVER-REJECT-TAMPERED', () => {
          expectRefused(delivery, `the same postback with its ${member} changed and its hash kept`);
        });
      },
    );
  }

  test(
    'should refuse a payment postback without hash',
    { ...verifies('RECEIVER-REJECT-MISSING-HASH') },
    async ({ merchant }) => {
      await authenticTwin(merchant);
      const postback = without(signed(merchant.receiver.service, 'payment', paymentFields()), 'hash');
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-REJECT-MISSING-HASH', () => {
        expectRefused(delivery, 'a payment postback without hash');
      });
    },
  );

  test(
    'should refuse a payment postback without publicKey',
    { ...verifies('RECEIVER-REJECT-MISSING-PUBLIC-KEY') },
    async ({ merchant }) => {
      await authenticTwin(merchant);
      const postback = without(signed(merchant.receiver.service, 'payment', paymentFields()), 'publicKey');
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-REJECT-MISSING-PUBLIC-KEY', () => {
        expectRefused(delivery, 'a payment postback without publicKey');
      });
    },
  );

  test(
    'should refuse a payment postback signed by another key that names that key as its publicKey',
    { ...verifies('RECEIVER-REJECT-FOREIGN-KEY') },
    async ({ merchant }) => {
      await authenticTwin(merchant);
      const postback = signed(merchant.receiver.stranger, 'payment', paymentFields());
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-REJECT-FOREIGN-KEY', () => {
        expectRefused(delivery, "a payment postback signed by a stranger's key, carrying the stranger's publicKey");
      });
    },
  );

  test(
    'should refuse bodies that are not a JSON object',
    { ...verifies('RECEIVER-REJECT-NON-JSON') },
    async ({ merchant }) => {
      await authenticTwin(merchant);
      const authentic = signed(merchant.receiver.service, 'payment', paymentFields());
      for (const [what, bytes] of [
        ['a body that is not JSON', 'status=SUCCESS&amount=1000'],
        ['a JSON array holding an authentic postback', `[${authentic.bytes}]`],
        ['an empty body', ''],
      ] as const) {
        const delivery = await merchant.send('payment', bytes);
        check('RECEIVER-REJECT-NON-JSON', () => {
          expectRefused(delivery, what);
        });
      }
    },
  );
});

test.describe('a refused postback changes nothing', () => {
  test(
    'should leave a FAILED payment uncredited after a forged SUCCESS for it was refused',
    { ...verifies('RECEIVER-REJECTED-NO-EFFECT') },
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const failed = signed(
        merchant.receiver.service,
        'payment',
        paymentFields({ status: 'FAILED', failedCode: 'NO_AMOUNT' }),
      );
      const first = await merchant.send('payment', failed.bytes);
      precondition('RECEIVER-ACK-PAYMENT-FAILED', () => {
        expectAcknowledged(first, 'the authentic FAILED postback');
      });
      const amount = Number(failed.body.amount);
      const before = await precondition('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, failed.body));
      precondition('RECEIVER-STATUS-RECORDED', () => {
        expectPaymentState(before, { status: 'FAILED', effect: 'none', amount }, 'the authentic FAILED postback');
      });
      const forgedSuccess = tampered(failed, { status: 'SUCCESS', failedCode: null });
      const refused = await merchant.send('payment', forgedSuccess.bytes);
      precondition('RECEIVER-REJECT-TAMPERED', () => {
        expectRefused(refused, 'a tampered SUCCESS for the FAILED payment');
      });
      const unsigned = without(tampered(failed, { status: 'SUCCESS', failedCode: null }), 'hash');
      const second = await merchant.send('payment', unsigned.bytes);
      precondition('RECEIVER-REJECT-MISSING-HASH', () => {
        expectRefused(second, 'an unsigned SUCCESS for the FAILED payment');
      });
      const after = await recordedPayment(merchant, failed.body);
      check('RECEIVER-REJECTED-NO-EFFECT', () => {
        expectPaymentState(
          after,
          { status: 'FAILED', effect: 'none', amount },
          'after two refused SUCCESS postbacks for it',
        );
      });
    },
  );
});
