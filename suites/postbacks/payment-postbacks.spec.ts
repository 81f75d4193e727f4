/**
 * §2.5 and §6: the payment postback. Its shape, currency member, createdAt, failedCode, merchant ids, signature and
 * pinned key; that it comes for SUCCESS and FAILED only; that it agrees with the status check.
 */
import { alternateFieldValues, echoAmount } from '../../fixtures/conformance/edge-values.js';
import { asFieldSet } from '../../fixtures/conformance/client-fields.js';
import { expect, test, verifies } from '../../fixtures/index.js';
import { FAILED_CODES } from '../../fixtures/conformance/enums.js';
import { isUtcMillisTimestamp } from '../../src/contract/formats.js';
import { bodyOf, findingsFor, paymentRun } from './postback-scenarios.js';
import { expectPinnedKey, expectSoundPostback } from '../../fixtures/conformance/postback-bodies.js';
import { check, precondition, softCheck } from '../../fixtures/conformance/checks.js';
import {
  expectCreatedAtFormat,
  expectRecordOfCreation,
  paymentById,
} from '../../fixtures/conformance/payment-records.js';

test.describe('payment postback · body (§2.5)', () => {
  test('a SUCCESS postback has the §2.5 shape', verifies('PB-PAYMENT-SHAPE'), async ({ given, capture }) => {
    const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 1 });
    check('PB-PAYMENT-SHAPE', () => {
      expect(findingsFor(attempts[0], 'PB-PAYMENT-SHAPE')).toEqual([]);
    });
  });

  for (const failedCode of FAILED_CODES) {
    test(
      `a FAILED postback (${failedCode}) has the §2.5 shape`,
      verifies('PB-PAYMENT-SHAPE'),
      async ({ given, capture }) => {
        const { attempts } = await paymentRun(given, capture, {
          steps: [{ status: 'FAILED', failedCode }],
          attempts: 1,
        });
        check('PB-PAYMENT-SHAPE', () => {
          expect(findingsFor(attempts[0], 'PB-PAYMENT-SHAPE')).toEqual([]);
        });
      },
    );

    test(
      `a FAILED postback (${failedCode}) carries ${failedCode === 'RECIPIENT_LIMIT' ? 'the code the profile states for it' : failedCode}`,
      verifies(failedCode === 'RECIPIENT_LIMIT' ? 'PB-FAILEDCODE-RECIPIENT-LIMIT' : 'PB-FAILEDCODE'),
      async ({ given, capture }) => {
        // §2.1 has RECIPIENT_LIMIT, §2.5's postback set has not: the profile says which code such a postback carries.
        const expected = failedCode === 'RECIPIENT_LIMIT' ? given.convention('postbackRecipientLimitCode') : failedCode;
        const { attempts } = await paymentRun(given, capture, {
          steps: [{ status: 'FAILED', failedCode }],
          attempts: 1,
        });
        check(failedCode === 'RECIPIENT_LIMIT' ? 'PB-FAILEDCODE-RECIPIENT-LIMIT' : 'PB-FAILEDCODE', () => {
          expect(bodyOf(attempts[0]).failedCode, 'the failedCode of the FAILED postback').toBe(expected);
        });
      },
    );
  }

  test('a SUCCESS postback carries failedCode null', verifies('PB-FAILEDCODE'), async ({ given, capture }) => {
    const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 1 });
    const body = bodyOf(attempts[0]);
    check('PB-FAILEDCODE', () => {
      expect({ has: 'failedCode' in body, failedCode: body.failedCode }).toEqual({ has: true, failedCode: null });
    });
  });

  // Every role the profile names: deposits and payouts, through an external system or not (a payout's currency is
  // its method's too).
  for (const role of ['payIn', 'payOut', 'external'] as const) {
    test(
      `names the currency member currency, with the payment method's currency (${role})`,
      verifies('PB-PAYMENT-CURRENCY'),
      async ({ given, capture }) => {
        const { attempts, payment } = await paymentRun(given, capture, {
          role,
          steps: [{ status: 'SUCCESS' }],
          attempts: 1,
        });
        const body = bodyOf(attempts[0]);
        expect({ currency: body.currency, currencyCode: body.currencyCode }).toEqual({
          currency: payment.method.currencyCode,
          currencyCode: undefined,
        });
      },
    );
  }

  test(
    "createdAt is the payment's creation instant, ISO 8601 UTC with milliseconds and Z",
    verifies('PB-PAYMENT-CREATEDAT'),
    async ({ api, given, capture }) => {
      const { attempts, payment } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 1 });
      const { createdAt } = bodyOf(attempts[0]);
      expect(isUtcMillisTimestamp(String(createdAt)), `createdAt ${JSON.stringify(createdAt)}`).toBe(true);
      const record = await paymentById(api, payment.paymentId);
      expectCreatedAtFormat(
        record,
        given.profile.settings.conventions?.createdAtFormat,
        `the status check of payment ${payment.paymentId}`,
      );
      expect(Date.parse(String(createdAt))).toBe(Date.parse(String(record.createdAt)));
    },
  );

  test(
    'merchantPaymentId and merchantUserId are there, as given, when given at creation',
    verifies('PB-MERCHANT-IDS'),
    async ({ given, capture }) => {
      const merchantUserId = `user-${given.merchantPaymentId()}`;
      const { attempts, payment } = await paymentRun(given, capture, {
        overrides: { merchantUserId },
        steps: [{ status: 'SUCCESS' }],
        attempts: 1,
      });
      const body = bodyOf(attempts[0]);
      expect({ merchantPaymentId: body.merchantPaymentId, merchantUserId: body.merchantUserId }).toEqual({
        merchantPaymentId: payment.fields.merchantPaymentId,
        merchantUserId,
      });
    },
  );

  test(
    'merchantPaymentId and merchantUserId are absent when not given at creation',
    verifies('PB-MERCHANT-IDS'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        // Neither is set, so no driver may set one (a magic merchantUserId would): the check sets both, to nothing.
        overrides: { merchantPaymentId: undefined, merchantUserId: undefined },
        steps: [{ status: 'FAILED' }],
        attempts: 1,
      });
      const body = bodyOf(attempts[0]);
      expect(['merchantPaymentId', 'merchantUserId'].filter((member) => member in body)).toEqual([]);
    },
  );
});

test.describe('payment postback · signature (§2.5, §5.3)', () => {
  // Any failedCode: what the profile's drivers reach most easily.
  for (const outcome of [{ status: 'SUCCESS' }, { status: 'FAILED' }] as const) {
    test(
      `a ${outcome.status} postback's hash verifies with the service's key`,
      verifies('PB-SIGNATURE-VALID'),
      async ({ given, capture }) => {
        const { attempts } = await paymentRun(given, capture, { steps: [outcome], attempts: 1 });
        expectPinnedKey(attempts[0]);
        expect(attempts[0]?.check.signature).toBe('valid');
      },
    );
  }

  test(
    'a postback about text beyond ASCII has a hash that verifies, and carries the text as given',
    verifies(['PB-SIGNATURE-VALID', 'PB-MERCHANT-IDS']),
    async ({ given, capture }) => {
      // Text a serialiser may escape or not (§5.3 leaves the signing input open; the profile's postbacks.nonAscii).
      const merchantUserId = `Zoë Ωμέγα 東京 ${given.merchantPaymentId()}`;
      const { attempts } = await paymentRun(given, capture, {
        overrides: { merchantUserId },
        steps: [{ status: 'SUCCESS' }],
        attempts: 1,
      });
      softCheck('PB-MERCHANT-IDS', () => {
        expect(bodyOf(attempts[0]).merchantUserId, 'the merchantUserId the postback carries').toBe(merchantUserId);
      });
      check('PB-SIGNATURE-VALID', () => {
        expectPinnedKey(attempts[0]);
        expect(attempts[0]?.check.signature, 'the hash of a postback with text beyond ASCII').toBe('valid');
      });
    },
  );

  test("publicKey is the service's pinned key", verifies('PB-PUBLIC-KEY-PINNED'), async ({ given, capture }) => {
    const { attempts } = await paymentRun(given, capture, { steps: [{ status: 'SUCCESS' }], attempts: 1 });
    check('PB-PUBLIC-KEY-PINNED', () => {
      expect(findingsFor(attempts[0], 'PB-PUBLIC-KEY-PINNED')).toEqual([]);
    });
    expect(bodyOf(attempts[0]).publicKey).toBe(given.profile.postbackVerification.key.publicKey);
  });
});

test.describe('payment postback · when it is sent (§2.5, §6)', () => {
  test('none while a payment is PENDING', verifies('PB-PAYMENT-STATUS-SET'), async ({ given, capture }) => {
    const { attempts } = await paymentRun(given, capture, { steps: [], attempts: 'all' });
    expect(attempts.map((a) => bodyOf(a).status)).toEqual([]);
  });

  test(
    'none for NEED_CHECK; one when the payment then succeeds',
    verifies('PB-PAYMENT-STATUS-SET'),
    async ({ given, capture }) => {
      const { attempts } = await paymentRun(given, capture, {
        steps: [{ status: 'NEED_CHECK' }, { status: 'SUCCESS' }],
        attempts: 'all',
      });
      expect(attempts.map((a) => bodyOf(a).status)).toEqual(['SUCCESS']);
    },
  );
});

test.describe('payment postback · agrees with the status check (§2.5, §2.1)', () => {
  for (const [role, outcome] of [
    ['payIn', { status: 'SUCCESS' }],
    ['payIn', { status: 'FAILED' }],
    // A payout's postback is a §2.5 body too, and agrees with its status check the same way.
    ['payOut', { status: 'SUCCESS' }],
    ['payOut', { status: 'FAILED' }],
  ] as const) {
    test(
      `a ${outcome.status} postback says what the status check says${role === 'payOut' ? ' (a payout)' : ''}`,
      verifies('PB-PAYMENT-CONSISTENT'),
      async ({ api, given, capture }) => {
        // Cents a rounding service would lose, and the field values the provider's guide shows besides the
        // profile's own (a card number with spaces): §2.5 sends them "as sent by the merchant at creation".
        const amount = echoAmount(given, role);
        const clientFieldsValues = alternateFieldValues(given, role);
        const { attempts, payment } = await paymentRun(given, capture, {
          role,
          overrides: { amount, clientFieldsValues, merchantUserId: `user-${given.merchantPaymentId()}` },
          steps: [outcome],
          attempts: 1,
        });
        const body = bodyOf(attempts[0]);
        // The postback must be sound in itself, and carry the merchant ids the creation sent, before it is compared.
        expectSoundPostback(attempts[0]);
        precondition('PB-MERCHANT-IDS', () => {
          expect({ merchantPaymentId: body.merchantPaymentId, merchantUserId: body.merchantUserId }).toEqual({
            merchantPaymentId: payment.fields.merchantPaymentId,
            merchantUserId: payment.fields.merchantUserId,
          });
        });
        const record = await paymentById(api, payment.paymentId);
        // The status check must first echo the creation and show the outcome: a record that lost a member or kept
        // an older status is its own finding, and the postback is judged against a sound one.
        expectRecordOfCreation(record, payment);
        precondition('STATUS-REFLECTS-OUTCOME', () => {
          expect(record.status, `the status check of payment ${payment.paymentId}`).toBe(outcome.status);
        });
        expect({
          id: body.id,
          status: body.status,
          amount: body.amount,
          currency: body.currency,
          paymentMethodId: body.paymentMethodId,
          merchantPaymentId: body.merchantPaymentId,
          merchantUserId: body.merchantUserId,
          clientFieldsValues: asFieldSet(body.clientFieldsValues),
        }).toEqual({
          id: record.id,
          status: record.status,
          amount: record.amount,
          currency: record.currencyCode,
          paymentMethodId: record.paymentMethodId,
          merchantPaymentId: record.merchantPaymentId,
          merchantUserId: record.merchantUserId,
          // The same pairs in any order (§2.1, §2.5 order neither).
          clientFieldsValues: asFieldSet(record.clientFieldsValues),
        });
      },
    );
  }
});
