/**
 * §6.2, §6.3: the service retries until it gets 200 and re-sends a postback when a status flips. A receiver applies
 * each authentic postback to the merchant's state, a retry without a second effect, a flip like the first postback,
 * and (where its profile says it orders complaints by updatedAt) never lets a late retry of an older complaint status
 * undo a newer one. The effects are read back through the profile's receiver.readBack, as the shop keeps its state
 * (its status words; money as an amount, a count, a flag or a ledger: src/receiver/merchant-state.ts); without one
 * they are NOT VERIFIED, naming that setting.
 *
 * Every check here is one a conformant receiver cannot answer otherwise. A payment flip is sent only where it cannot
 * be taken for a late retry: SUCCESS to FAILED, and FAILED to SUCCESS on a payment that never had a SUCCESS. (A §2.5
 * body has no update time: SUCCESS, FAILED, then SUCCESS again would be byte for byte a late retry of the first
 * SUCCESS, which a careful receiver is right to ignore.)
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { verifies } from '../../fixtures/conformance/verifies.js';
import {
  expectAcknowledged,
  expectComplaintState,
  expectPaymentState,
  needReadBack,
  recordedComplaint,
  recordedPayment,
} from '../../fixtures/receiver/expectations.js';
import { test, type MerchantSession } from '../../fixtures/receiver/index.js';
import {
  complaintFields,
  instant,
  paymentFields,
  signed,
  type SignedPostback,
} from '../../fixtures/receiver/postbacks.js';
import { skipBecause } from '../../fixtures/conformance/skip.js';
import { flippedTo, paymentRecorded } from '../../fixtures/receiver/scenarios.js';

/** A complaint postback acknowledged and recorded with its status. */
async function complaintRecorded(
  merchant: MerchantSession,
  status: 'COMPLETED' | 'DECLINED',
  updatedAt: string,
): Promise<SignedPostback> {
  const postback = signed(merchant.receiver.service, 'complaint', complaintFields({ status, updatedAt }));
  const delivery = await merchant.send('complaint', postback.bytes);
  precondition('RECEIVER-ACK-COMPLAINT', () => {
    expectAcknowledged(delivery, `a ${status} complaint postback`);
  });
  const recorded = await precondition('RECEIVER-STATUS-RECORDED', () => recordedComplaint(merchant, postback.body));
  precondition('RECEIVER-STATUS-RECORDED', () => {
    expectComplaintState(recorded, status, `the ${status} postback`);
  });
  return postback;
}

test.describe('what an acknowledged postback leaves in the merchant state', () => {
  for (const status of ['SUCCESS', 'FAILED'] as const) {
    test(
      `should record a ${status} payment as ${status}, ${status === 'SUCCESS' ? 'credited once' : 'credited nothing'}`,
      { ...verifies('RECEIVER-STATUS-RECORDED') },
      async ({ merchant }) => {
        needReadBack(merchant, 'payment');
        const fields =
          status === 'SUCCESS' ? paymentFields() : paymentFields({ status, failedCode: 'INCORRECT_AMOUNT' });
        const postback = signed(merchant.receiver.service, 'payment', fields);
        const delivery = await merchant.send('payment', postback.bytes);
        precondition(status === 'SUCCESS' ? 'RECEIVER-ACK-PAYMENT-SUCCESS' : 'RECEIVER-ACK-PAYMENT-FAILED', () => {
          expectAcknowledged(delivery, `a ${status} payment postback`);
        });
        const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, postback.body));
        check('RECEIVER-STATUS-RECORDED', () => {
          expectPaymentState(
            recorded,
            { status, effect: status === 'SUCCESS' ? 'once' : 'none', amount: Number(postback.body.amount) },
            `after ${status}`,
          );
        });
      },
    );
  }

  test(
    'should record a complaint with the status of its postback',
    { ...verifies('RECEIVER-STATUS-RECORDED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'complaint');
      const postback = signed(merchant.receiver.service, 'complaint', complaintFields({ status: 'DECLINED' }));
      const delivery = await merchant.send('complaint', postback.bytes);
      precondition('RECEIVER-ACK-COMPLAINT', () => {
        expectAcknowledged(delivery, 'a DECLINED complaint postback');
      });
      const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedComplaint(merchant, postback.body));
      check('RECEIVER-STATUS-RECORDED', () => {
        expectComplaintState(recorded, 'DECLINED', 'after DECLINED');
      });
    },
  );
});

test.describe('retries', () => {
  test(
    'should acknowledge the same bytes delivered again',
    { ...verifies('RECEIVER-RETRY-ACK') },
    async ({ merchant }) => {
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      const first = await merchant.send('payment', postback.bytes);
      precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(first, 'the first delivery');
      });
      for (const attempt of [2, 3]) {
        const again = await merchant.send('payment', postback.bytes);
        check('RECEIVER-RETRY-ACK', () => {
          expectAcknowledged(again, `delivery ${attempt} of the same bytes`);
        });
      }
    },
  );

  test(
    'should credit a payment once however often its SUCCESS postback arrives',
    { ...verifies('RECEIVER-RETRY-NO-SECOND-EFFECT') },
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const postback = await paymentRecorded(merchant, 'SUCCESS');
      for (const attempt of [2, 3]) {
        const again = await merchant.send('payment', postback.bytes);
        precondition('RECEIVER-RETRY-ACK', () => {
          expectAcknowledged(again, `delivery ${attempt} of the same bytes`);
        });
      }
      const recorded = await recordedPayment(merchant, postback.body);
      check('RECEIVER-RETRY-NO-SECOND-EFFECT', () => {
        expectPaymentState(
          recorded,
          { status: 'SUCCESS', effect: 'once', amount: Number(postback.body.amount) },
          'after three deliveries of one SUCCESS postback',
        );
      });
    },
  );
});

test.describe('flips', () => {
  // Only flips no receiver can take for a late retry: SUCCESS to FAILED, and FAILED to SUCCESS on a payment that never
  // had a SUCCESS (its SUCCESS cannot be a retry of an older postback).
  for (const flip of [
    { title: 'should take the credit back when a SUCCESS payment flips to FAILED', from: 'SUCCESS', to: 'FAILED' },
    { title: 'should credit a FAILED payment that flips to SUCCESS, once', from: 'FAILED', to: 'SUCCESS' },
  ] as const) {
    test(flip.title, { ...verifies('RECEIVER-FLIP-APPLIED') }, async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const before = await paymentRecorded(merchant, flip.from);
      const delivery = await merchant.send('payment', flippedTo(merchant, before, flip.to).bytes);
      precondition(flip.to === 'SUCCESS' ? 'RECEIVER-ACK-PAYMENT-SUCCESS' : 'RECEIVER-ACK-PAYMENT-FAILED', () => {
        expectAcknowledged(delivery, `the flip to ${flip.to}`);
      });
      const after = await recordedPayment(merchant, before.body);
      check('RECEIVER-FLIP-APPLIED', () => {
        expectPaymentState(
          after,
          { status: flip.to, effect: flip.to === 'SUCCESS' ? 'once' : 'reversed', amount: Number(before.body.amount) },
          `after ${flip.from} to ${flip.to}`,
        );
      });
    });
  }

  test(
    'should apply a complaint flip from COMPLETED to DECLINED and back',
    { ...verifies('RECEIVER-COMPLAINT-FLIP-APPLIED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'complaint');
      const completed = await complaintRecorded(merchant, 'COMPLETED', instant(-2_000));
      // Each flip carries a newer updatedAt (§2.6): none can be taken for a late retry.
      const flips = [
        { status: 'DECLINED', updatedAt: instant(-1_000) },
        { status: 'COMPLETED', updatedAt: instant() },
      ] as const;
      const seen: unknown[] = [];
      for (const { status, updatedAt } of flips) {
        const postback = signed(merchant.receiver.service, 'complaint', { ...completed.body, status, updatedAt });
        const delivery = await merchant.send('complaint', postback.bytes);
        precondition('RECEIVER-ACK-COMPLAINT', () => {
          expectAcknowledged(delivery, `the flip to ${status}`);
        });
        seen.push(await recordedComplaint(merchant, completed.body));
      }
      check('RECEIVER-COMPLAINT-FLIP-APPLIED', () => {
        expectComplaintState(seen[0], 'DECLINED', 'after COMPLETED to DECLINED');
        expectComplaintState(seen[1], 'COMPLETED', 'after DECLINED to COMPLETED');
      });
    },
  );

  test(
    "should treat a late retry of an older complaint status as the profile's receiverComplaintOrder says",
    { ...verifies('RECEIVER-STALE-RETRY-IGNORED') },
    async ({ merchant }) => {
      const order = merchant.receiver.conventions.receiverComplaintOrder;
      if (order === undefined) {
        skipBecause(
          'the profile does not say how the receiver orders complaint postbacks (conventions.receiverComplaintOrder)',
        );
      }
      needReadBack(merchant, 'complaint');
      const completed = await complaintRecorded(merchant, 'COMPLETED', instant(-1_000));
      const declined = signed(merchant.receiver.service, 'complaint', {
        ...completed.body,
        status: 'DECLINED',
        updatedAt: instant(),
      });
      const flip = await merchant.send('complaint', declined.bytes);
      precondition('RECEIVER-ACK-COMPLAINT', () => {
        expectAcknowledged(flip, 'the flip to DECLINED');
      });
      const flipped = await recordedComplaint(merchant, completed.body);
      precondition('RECEIVER-COMPLAINT-FLIP-APPLIED', () => {
        expectComplaintState(flipped, 'DECLINED', 'after COMPLETED to DECLINED');
      });
      const late = await merchant.send('complaint', completed.bytes);
      precondition('RECEIVER-RETRY-ACK', () => {
        expectAcknowledged(late, 'the late retry of COMPLETED');
      });
      const after = await recordedComplaint(merchant, completed.body);
      check('RECEIVER-STALE-RETRY-IGNORED', () => {
        // By updatedAt, the newer DECLINED stands; in arrival order, the last delivery does.
        expectComplaintState(
          after,
          order === 'updatedAt' ? 'DECLINED' : 'COMPLETED',
          `after a late retry of the older COMPLETED postback (receiverComplaintOrder ${order})`,
        );
      });
    },
  );
});
