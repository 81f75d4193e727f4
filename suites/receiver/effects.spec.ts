/**
 * §6.2, §6.3: the service retries until it gets 200 and re-sends a postback when a status flips. A receiver applies
 * each authentic postback to the merchant's state, a retry without a second effect, a flip like the first postback,
 * and never lets a late retry of an older complaint status undo a newer one. The effects are read back through the
 * profile's receiver.readBack; without it they are NOT VERIFIED, naming that setting.
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

/** A SUCCESS postback acknowledged and recorded (status SUCCESS, credited its amount): what the effects rest on. */
async function successRecorded(merchant: MerchantSession): Promise<SignedPostback> {
  const postback = signed(merchant.receiver.service, 'payment', paymentFields());
  const delivery = await merchant.send('payment', postback.bytes);
  precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
    expectAcknowledged(delivery, 'a SUCCESS payment postback');
  });
  const recorded = await precondition('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, postback.id));
  precondition('RECEIVER-STATUS-RECORDED', () => {
    expectPaymentState(recorded, { status: 'SUCCESS', credited: Number(postback.body.amount) }, 'the SUCCESS postback');
  });
  return postback;
}

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
  const recorded = await precondition('RECEIVER-STATUS-RECORDED', () => recordedComplaint(merchant, postback.id));
  precondition('RECEIVER-STATUS-RECORDED', () => {
    expectComplaintState(recorded, status, `the ${status} postback`);
  });
  return postback;
}

test.describe('what an acknowledged postback leaves in the merchant state', () => {
  test(
    'should record a SUCCESS payment as SUCCESS, credited its amount',
    { ...verifies('RECEIVER-STATUS-RECORDED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      const delivery = await merchant.send('payment', postback.bytes);
      precondition('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(delivery, 'a SUCCESS payment postback');
      });
      const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, postback.id));
      check('RECEIVER-STATUS-RECORDED', () => {
        expectPaymentState(recorded, { status: 'SUCCESS', credited: Number(postback.body.amount) }, 'after SUCCESS');
      });
    },
  );

  test(
    'should record a FAILED payment as FAILED, credited nothing',
    { ...verifies('RECEIVER-STATUS-RECORDED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const fields = paymentFields({ status: 'FAILED', failedCode: 'INCORRECT_AMOUNT' });
      const postback = signed(merchant.receiver.service, 'payment', fields);
      const delivery = await merchant.send('payment', postback.bytes);
      precondition('RECEIVER-ACK-PAYMENT-FAILED', () => {
        expectAcknowledged(delivery, 'a FAILED payment postback');
      });
      const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, postback.id));
      check('RECEIVER-STATUS-RECORDED', () => {
        expectPaymentState(recorded, { status: 'FAILED', credited: 0 }, 'after FAILED');
      });
    },
  );

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
      const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedComplaint(merchant, postback.id));
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
      const postback = await successRecorded(merchant);
      for (const attempt of [2, 3]) {
        const again = await merchant.send('payment', postback.bytes);
        precondition('RECEIVER-RETRY-ACK', () => {
          expectAcknowledged(again, `delivery ${attempt} of the same bytes`);
        });
      }
      const recorded = await recordedPayment(merchant, postback.id);
      check('RECEIVER-RETRY-NO-SECOND-EFFECT', () => {
        expectPaymentState(
          recorded,
          { status: 'SUCCESS', credited: Number(postback.body.amount) },
          'after three deliveries of one SUCCESS postback',
        );
      });
    },
  );
});

test.describe('flips', () => {
  test(
    'should take the credit back on SUCCESS to FAILED and give it again on FAILED to SUCCESS',
    { ...verifies('RECEIVER-FLIP-APPLIED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const success = await successRecorded(merchant);
      const amount = Number(success.body.amount);
      const failed = signed(merchant.receiver.service, 'payment', {
        ...success.body,
        status: 'FAILED',
        failedCode: 'INCORRECT_AMOUNT',
      });
      const flip = await merchant.send('payment', failed.bytes);
      precondition('RECEIVER-ACK-PAYMENT-FAILED', () => {
        expectAcknowledged(flip, 'the flip to FAILED');
      });
      const afterFlip = await recordedPayment(merchant, success.id);
      // §2.5 bodies carry no update time: the flip back is byte for byte the first SUCCESS, a retry's bytes.
      const back = await merchant.send('payment', success.bytes);
      precondition('RECEIVER-RETRY-ACK', () => {
        expectAcknowledged(back, 'the flip back to SUCCESS (the same bytes)');
      });
      const afterBack = await recordedPayment(merchant, success.id);
      check('RECEIVER-FLIP-APPLIED', () => {
        expectPaymentState(afterFlip, { status: 'FAILED', credited: 0 }, 'after SUCCESS to FAILED');
        expectPaymentState(afterBack, { status: 'SUCCESS', credited: amount }, 'after FAILED to SUCCESS');
      });
    },
  );

  test(
    'should apply a complaint flip from COMPLETED to DECLINED and back',
    { ...verifies('RECEIVER-COMPLAINT-FLIP-APPLIED') },
    async ({ merchant }) => {
      needReadBack(merchant, 'complaint');
      const completed = await complaintRecorded(merchant, 'COMPLETED', instant(-2_000));
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
        seen.push(await recordedComplaint(merchant, completed.id));
      }
      check('RECEIVER-COMPLAINT-FLIP-APPLIED', () => {
        expectComplaintState(seen[0], 'DECLINED', 'after COMPLETED to DECLINED');
        expectComplaintState(seen[1], 'COMPLETED', 'after DECLINED to COMPLETED');
      });
    },
  );

  test(
    'should not let a late retry of an older complaint status undo a flip',
    { ...verifies('RECEIVER-STALE-RETRY-IGNORED') },
    async ({ merchant }) => {
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
      const flipped = await recordedComplaint(merchant, completed.id);
      precondition('RECEIVER-COMPLAINT-FLIP-APPLIED', () => {
        expectComplaintState(flipped, 'DECLINED', 'after COMPLETED to DECLINED');
      });
      const late = await merchant.send('complaint', completed.bytes);
      precondition('RECEIVER-RETRY-ACK', () => {
        expectAcknowledged(late, 'the late retry of COMPLETED');
      });
      const after = await recordedComplaint(merchant, completed.id);
      check('RECEIVER-STALE-RETRY-IGNORED', () => {
        expectComplaintState(after, 'DECLINED', 'after a late retry of the older COMPLETED postback');
      });
    },
  );
});
