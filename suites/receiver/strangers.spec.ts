/**
 * What a shop really meets beside the plain postbacks: a flip retried after it was applied, the same postback
 * delivered several times at once (§6: retried until 200, so duplicates come, and may overlap), a Content-Type with
 * its charset, a long form of client fields, numbers written as another serialiser writes them, and a body signed
 * with the pinned key that names another publicKey. Each is judged through the requirement it is an instance of.
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { verifies } from '../../fixtures/conformance/verifies.js';
import { notApplicable, skipBecause } from '../../fixtures/conformance/skip.js';
import {
  expectAcknowledged,
  expectComplaintState,
  expectPaymentState,
  expectRefused,
  needReadBack,
  recordedComplaint,
  recordedPayment,
} from '../../fixtures/receiver/expectations.js';
import { test, type MerchantSession } from '../../fixtures/receiver/index.js';
import {
  complaintFields,
  forgedHash,
  paymentFields,
  signed,
  tampered,
  type SignedPostback,
} from '../../fixtures/receiver/postbacks.js';
import type { Delivery } from '../../src/receiver/postback-sender.js';
import { nonStrictForms } from '../../src/signing/hash-forms.js';
import { acknowledged, flippedTo, recordedAs } from '../../fixtures/receiver/scenarios.js';

/** Two spellings another serialiser may write for 10.5 (§2.5: amount is a JSON number). */
const AMOUNT_SPELLINGS = ['10.50', '1.05e1'] as const;

/**
 * The signing input covers the parsed value in every canonical form; as-sent signs the bytes themselves. Not a gap:
 * under it the check does not exist (notApplicable keeps the requirement's other tests deciding it).
 */
function needSignedValues(merchant: MerchantSession): void {
  if (merchant.receiver.service.input.canonicalForm === 'as-sent') {
    notApplicable(
      'the profile signs postbacks as sent (postbacks.canonicalForm as-sent): the bytes are what is signed',
    );
  }
}

/** A SUCCESS of 10.5 for a payment of its own, its amount written `spelling`, sent. */
async function sentWithAmountWritten(
  merchant: MerchantSession,
  spelling: string,
): Promise<{ postback: SignedPostback; delivery: Delivery }> {
  const postback = signed(merchant.receiver.service, 'payment', paymentFields({ amount: 10.5 }));
  if (!/"amount":10\.5[,}]/.test(postback.bytes)) {
    notApplicable(
      `the postback's amount is ${String(postback.body.amount)} (receiver.expectedPayments.payment): no cents to write otherwise`,
    );
  }
  const written = postback.bytes.replace(/"amount":10\.5([,}])/, `"amount":${spelling}$1`);
  return { postback, delivery: await merchant.send('payment', written) };
}

test.describe('retries a shop really meets', () => {
  for (const flip of [
    { from: 'SUCCESS', to: 'FAILED', effect: 'reversed' },
    { from: 'FAILED', to: 'SUCCESS', effect: 'once' },
  ] as const) {
    test(
      `should apply a flip from ${flip.from} to ${flip.to} once however often it is retried`,
      verifies('RECEIVER-RETRY-NO-SECOND-EFFECT'),
      async ({ merchant }) => {
        needReadBack(merchant, 'payment');
        const first = signed(
          merchant.receiver.service,
          'payment',
          paymentFields(flip.from === 'SUCCESS' ? {} : { status: 'FAILED', failedCode: 'NO_AMOUNT' }),
        );
        await acknowledged(merchant, first, `the ${flip.from} postback`);
        await recordedAs(merchant, first, `the ${flip.from} postback`);
        const flipped = flippedTo(merchant, first, flip.to);
        // The flip applied once is what its retries are judged against (RECEIVER-FLIP-APPLIED's own finding if not).
        await acknowledged(merchant, flipped, `the flip to ${flip.to}`);
        const applied = await precondition('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, first.body));
        precondition('RECEIVER-FLIP-APPLIED', () => {
          expectPaymentState(
            applied,
            { status: flip.to, effect: flip.effect, amount: Number(first.body.amount) },
            `after ${flip.from}, then the flip to ${flip.to}`,
          );
        });
        for (const attempt of [2, 3]) {
          const delivery = await merchant.send('payment', flipped.bytes);
          precondition('RECEIVER-RETRY-ACK', () => {
            expectAcknowledged(delivery, `delivery ${attempt} of the flip to ${flip.to}`);
          });
        }
        const recorded = await recordedPayment(merchant, first.body);
        check('RECEIVER-RETRY-NO-SECOND-EFFECT', () => {
          expectPaymentState(
            recorded,
            { status: flip.to, effect: flip.effect, amount: Number(first.body.amount) },
            `after ${flip.from}, then the flip to ${flip.to} delivered three times`,
          );
        });
      },
    );
  }

  test(
    'should credit once when the same SUCCESS postback arrives eight times at once',
    verifies('RECEIVER-RETRY-NO-SECOND-EFFECT'),
    async ({ merchant }) => {
      needReadBack(merchant, 'payment');
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      // Another payment recorded, one delivery at a time: what a credit looks like here.
      const plain = signed(merchant.receiver.service, 'payment', paymentFields());
      await acknowledged(merchant, plain, 'a SUCCESS postback');
      await recordedAs(merchant, plain, 'a SUCCESS postback delivered once');
      // The shop is made to expect this one; then every delivery overlaps, the first among them.
      await merchant.expectPayment(postback.bytes);
      const deliveries = await Promise.all(Array.from({ length: 8 }, () => merchant.send('payment', postback.bytes)));
      precondition('RECEIVER-RETRY-ACK', () => {
        deliveries.forEach((delivery, n) => {
          expectAcknowledged(delivery, `concurrent delivery ${n + 1} of 8`);
        });
      });
      const recorded = await recordedPayment(merchant, postback.body);
      check('RECEIVER-RETRY-NO-SECOND-EFFECT', () => {
        expectPaymentState(
          recorded,
          { status: 'SUCCESS', effect: 'once', amount: Number(postback.body.amount) },
          'after eight deliveries at once',
        );
      });
    },
  );
});

test.describe('postbacks as other services write them', () => {
  test(
    'should acknowledge a SUCCESS postback sent as application/json; charset=utf-8',
    verifies('RECEIVER-ACK-PAYMENT-SUCCESS'),
    async ({ merchant }) => {
      const postback = signed(merchant.receiver.service, 'payment', paymentFields());
      const delivery = await merchant.send('payment', postback.bytes, {
        contentType: 'application/json; charset=utf-8',
      });
      check('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(delivery, 'a SUCCESS postback with Content-Type application/json; charset=utf-8');
      });
    },
  );

  test(
    'should acknowledge within its timeout a SUCCESS postback of a long form (60 client fields)',
    verifies('RECEIVER-ACK-PAYMENT-SUCCESS'),
    async ({ merchant }) => {
      const postback = signed(merchant.receiver.service, 'payment', paymentFields({ moreClientFields: 59 }));
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-ACK-PAYMENT-SUCCESS', () => {
        expectAcknowledged(
          delivery,
          `a SUCCESS postback with 60 clientFieldsValues (answered in ${Math.round(delivery.durationMs)} ms; receiver.timeoutMs ${merchant.receiver.timeoutMs})`,
        );
      });
    },
  );

  test(
    'should verify a postback whose amount is written as another serialiser may (10.50, 1.05e1 for 10.5)',
    verifies('RECEIVER-SIGNING-INPUT'),
    async ({ merchant }) => {
      needSignedValues(merchant);
      // A SUCCESS written as the kit writes it is taken: what the other spelling is judged against.
      await acknowledged(merchant, signed(merchant.receiver.service, 'payment', paymentFields()), 'a SUCCESS postback');
      for (const spelling of AMOUNT_SPELLINGS) {
        const { delivery } = await sentWithAmountWritten(merchant, spelling);
        check('RECEIVER-SIGNING-INPUT', () => {
          expectAcknowledged(delivery, `a signed SUCCESS postback whose amount 10.5 is written "${spelling}"`);
        });
      }
    },
  );

  test(
    'should credit a postback whose amount is written as another serialiser may as the amount it is (10.50, 1.05e1)',
    verifies('RECEIVER-STATUS-RECORDED'),
    async ({ merchant }) => {
      needSignedValues(merchant);
      needReadBack(merchant, 'payment');
      // As above: a SUCCESS written as the kit writes it is taken first, so a refused SUCCESS is not this finding.
      await acknowledged(merchant, signed(merchant.receiver.service, 'payment', paymentFields()), 'a SUCCESS postback');
      for (const spelling of AMOUNT_SPELLINGS) {
        const { postback, delivery } = await sentWithAmountWritten(merchant, spelling);
        precondition('RECEIVER-SIGNING-INPUT', () => {
          expectAcknowledged(delivery, `a signed SUCCESS postback whose amount 10.5 is written "${spelling}"`);
        });
        // The same number as the payment the shop expects: credited as it is (a shop comparing the text parks it).
        const recorded = await check('RECEIVER-STATUS-RECORDED', () => recordedPayment(merchant, postback.body));
        check('RECEIVER-STATUS-RECORDED', () => {
          expectPaymentState(
            recorded,
            { status: 'SUCCESS', effect: 'once', amount: 10.5 },
            `a SUCCESS postback of 10.5 written "${spelling}"`,
          );
        });
      }
    },
  );
});

test.describe('keys', () => {
  test(
    "should refuse a postback signed with the key of the service's other environment, naming it",
    verifies('RECEIVER-REJECT-FOREIGN-KEY'),
    async ({ merchant }) => {
      const others = merchant.receiver.otherEnvironments;
      // A shop that holds no other environment's key has no such check: not applicable, not a gap.
      if (others.length === 0) {
        notApplicable(
          "the profile names no receiver.otherEnvironmentKeys: the key pairs of the service's other environments the shop holds (its sandbox key, in production)",
        );
      }
      for (const [n, other] of others.entries()) {
        const postback = signed(other, 'payment', paymentFields());
        const delivery = await merchant.send('payment', postback.bytes);
        check('RECEIVER-REJECT-FOREIGN-KEY', () => {
          expectRefused(
            delivery,
            `a postback signed with other environment key ${n + 1} (receiver.otherEnvironmentKeys) and naming it`,
          );
        });
      }
    },
  );

  test(
    'should refuse a postback signed with the pinned key that names another publicKey',
    verifies('RECEIVER-PUBLIC-KEY-PINNED'),
    async ({ merchant }) => {
      const { service, stranger } = merchant.receiver;
      const postback = signed(service.namingKey(stranger.publicKey), 'payment', paymentFields());
      const delivery = await merchant.send('payment', postback.bytes);
      check('RECEIVER-PUBLIC-KEY-PINNED', () => {
        expectRefused(delivery, "a postback signed with the pinned key whose publicKey names another party's key");
      });
    },
  );
});

test.describe('hash encoding', () => {
  test(
    'should refuse the right signature written in a non-strict form of the hash encoding, where the profile says it decodes strictly',
    verifies('RECEIVER-HASH-STRICT'),
    async ({ merchant }) => {
      const decoding = merchant.receiver.conventions.receiverHashDecoding;
      if (decoding === undefined) {
        skipBecause(
          'the profile does not say whether the receiver reads the hash strictly (conventions.receiverHashDecoding)',
        );
      }
      if (decoding === 'lenient') {
        notApplicable(
          'the profile states that the receiver decodes the hash leniently (conventions.receiverHashDecoding lenient)',
        );
      }
      const { service } = merchant.receiver;
      const encoding = service.input.hashEncoding;
      // What it rests on: a receiver that takes any hash (no signature check) takes these too, and that is
      // RECEIVER-REJECT-FORGED-HASH's finding, not this one's.
      const genuine = signed(service, 'payment', paymentFields());
      const forged = await merchant.send('payment', tampered(genuine, { hash: forgedHash(genuine, encoding) }).bytes);
      precondition('RECEIVER-REJECT-FORGED-HASH', () => {
        expectRefused(forged, `a SUCCESS postback whose ${encoding} hash no key signed`);
      });
      // One payment per form: a form wrongly acknowledged would make the next one a duplicate of it.
      for (let n = 0; n < 6; n++) {
        const postback = signed(service, 'payment', paymentFields());
        const form = nonStrictForms(String(postback.body.hash), encoding)[n];
        if (form === undefined) break;
        const delivery = await merchant.send('payment', tampered(postback, { hash: form.text }).bytes);
        check('RECEIVER-HASH-STRICT', () => {
          expectRefused(delivery, `the right signature of a SUCCESS postback written with ${form.what} (${encoding})`);
        });
        // Then the exact text, which the shop must take: a receiver that refuses every postback proves nothing here.
        await acknowledged(merchant, postback, `the same postback with the exact ${encoding} text of its hash`);
      }
    },
  );
});

test.describe('complaints', () => {
  test(
    'should record two complaints about one payment each with its own status',
    verifies('RECEIVER-STATUS-RECORDED'),
    async ({ merchant }) => {
      needReadBack(merchant, 'complaint');
      // §2.6: id is the complaint's; one payment may have several complaints, each with its own status (§3.2).
      const first = signed(merchant.receiver.service, 'complaint', complaintFields({ status: 'COMPLETED' }));
      const { merchantPaymentId, creditedMerchantPaymentId, paymentId } = first.body;
      const second = signed(merchant.receiver.service, 'complaint', {
        ...complaintFields({ status: 'DECLINED' }),
        merchantPaymentId,
        creditedMerchantPaymentId,
        paymentId,
      });
      for (const [postback, what] of [
        [first, 'the first complaint (COMPLETED)'],
        [second, 'a second complaint about the same payment (DECLINED)'],
      ] as const) {
        const delivery = await merchant.send('complaint', postback.bytes);
        precondition('RECEIVER-ACK-COMPLAINT', () => {
          expectAcknowledged(delivery, what);
        });
      }
      const recorded = [await recordedComplaint(merchant, first.body), await recordedComplaint(merchant, second.body)];
      check('RECEIVER-STATUS-RECORDED', () => {
        expectComplaintState(
          recorded[0],
          'COMPLETED',
          `complaint ${String(first.body.id)}, after a second complaint about its payment`,
        );
        expectComplaintState(recorded[1], 'DECLINED', `complaint ${String(second.body.id)}`);
      });
    },
  );
});
