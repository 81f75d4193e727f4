/**
 * §4.3 (with §2.1, §3.1 and the 404 row of §7): the payment status check. Lookups by either id and their
 * precedence, the record's shape, every member echoing the creation, and the status a payment reaches.
 */
import { echoAmount, largeAmount, longMerchantPaymentId } from '../../fixtures/conformance/edge-values.js';
import { asFieldSet } from '../../fixtures/conformance/client-fields.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { expect, notApplicable, okObject, skipBecause, test, verifies } from '../../fixtures/index.js';
import { FAILED_CODES } from '../../fixtures/conformance/enums.js';
import { isRecordTimestamp } from '../../src/contract/formats.js';
import { expectPaymentRecordShape, expectReadable, paymentById } from '../../fixtures/conformance/payment-records.js';
import { holdOf } from '../../src/profile/reserved-values.js';

test.describe('paymentStatus · lookups', () => {
  test('found by paymentId', verifies('STATUS-BY-PAYMENTID', 'paymentStatus'), async ({ api, given }) => {
    const payment = await given.payment('payIn');
    expect(okObject(await api.paymentStatus({ paymentId: payment.paymentId })).id).toBe(payment.paymentId);
  });

  test(
    'found by paymentId when created without merchantPaymentId',
    verifies('STATUS-BY-PAYMENTID', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn', { overrides: { merchantPaymentId: undefined } });
      expect(okObject(await api.paymentStatus({ paymentId: payment.paymentId })).id).toBe(payment.paymentId);
    },
  );

  for (const role of ['payIn', 'payOut'] as const) {
    test(
      `a ${role === 'payIn' ? 'PAY_IN' : 'PAY_OUT'} payment is found by merchantPaymentId`,
      verifies('STATUS-BY-MERCHANTPAYMENTID', 'paymentStatus'),
      async ({ api, given }) => {
        const payment = await given.payment(role);
        const merchantPaymentId = payment.fields.merchantPaymentId ?? '';
        expect(okObject(await api.paymentStatus({ merchantPaymentId })).id).toBe(payment.paymentId);
      },
    );
  }

  test(
    'with both ids, paymentId is looked up first',
    verifies('STATUS-LOOKUP-PAYMENTID-FIRST', 'paymentStatus'),
    async ({ api, given }) => {
      const first = await given.payment('payIn');
      const second = await given.payment('payIn');
      const answer = okObject(
        await api.paymentStatus({
          paymentId: first.paymentId,
          merchantPaymentId: second.fields.merchantPaymentId ?? '',
        }),
      );
      expect(answer.id, 'the payment named by paymentId, not by merchantPaymentId').toBe(first.paymentId);
    },
  );

  test(
    'when paymentId matches nothing, merchantPaymentId is looked up',
    verifies('STATUS-LOOKUP-FALLBACK', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const answer = okObject(
        await api.paymentStatus({
          paymentId: given.unknownId(),
          merchantPaymentId: payment.fields.merchantPaymentId ?? '',
        }),
      );
      expect(answer.id).toBe(payment.paymentId);
    },
  );

  test(
    "neither paymentId nor merchantPaymentId: the profile's status",
    verifies('STATUS-NO-LOOKUP-FIELD', 'paymentStatus'),
    async ({ api, given }) => {
      const status = given.convention('statusWithoutLookupField');
      const exchange = await api.dispatch(api.prepareUnchecked('paymentStatus', {}));
      await expect(exchange).toBeApiError(status, status === 404 ? 'NOT_FOUND' : undefined);
    },
  );

  test('an unknown paymentId: 404 NOT_FOUND', verifies('STATUS-NOT-FOUND', 'paymentStatus'), async ({ api, given }) => {
    const paymentId = given.unknownId();
    await expect(await api.paymentStatus({ paymentId })).toBeApiError(404, 'NOT_FOUND');
  });

  test(
    'an unknown merchantPaymentId: 404 NOT_FOUND',
    verifies('STATUS-NOT-FOUND', 'paymentStatus'),
    async ({ api, given }) => {
      await expect(await api.paymentStatus({ merchantPaymentId: given.merchantPaymentId() })).toBeApiError(
        404,
        'NOT_FOUND',
      );
    },
  );
});

test.describe('paymentStatus · the record', () => {
  for (const role of ['payIn', 'payOut'] as const) {
    test(
      `a ${role === 'payIn' ? 'PAY_IN' : 'PAY_OUT'} payment's record has the §2.1 shape`,
      verifies('PAYMENT-SHAPE', 'paymentStatus'),
      async ({ api, given }) => {
        const payment = await given.payment(role, { overrides: { merchantUserId: 'kit-user' } });
        expectPaymentRecordShape(await api.paymentStatus({ paymentId: payment.paymentId }));
      },
    );
  }

  test(
    "createdAt has the profile's format",
    verifies('PAYMENT-CREATEDAT-FORMAT', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const { createdAt } = okObject(await api.paymentStatus({ paymentId: payment.paymentId }));
      // A record without createdAt is PAYMENT-SHAPE's finding: there is no format to judge.
      precondition('PAYMENT-SHAPE', () => {
        expect(typeof createdAt, 'createdAt').toBe('string');
      });
      const format = given.convention('createdAtFormat');
      expect(
        isRecordTimestamp(String(createdAt), format),
        `createdAt ${JSON.stringify(createdAt)} in the profile's format ${format}`,
      ).toBe(true);
    },
  );

  test(
    "a new payment is in the profile's initial status (PENDING for the sandbox)",
    verifies('PAYMENT-INITIAL-PENDING', 'paymentStatus'),
    async ({ api, given }) => {
      const initial = given.convention('initialPaymentStatus');
      // A held payment (a hold, or plain ones that stay PENDING) keeps its first status; a plain one that settles by
      // itself is judged only if the status check answered before it was due to (outcomes.plainPayments).
      const held = typeof holdOf(given.profile.settings) !== 'string';
      const started = performance.now();
      const payment = await given.payment('payIn', { pending: held && initial === 'PENDING' });
      const record = await paymentById(api, payment.paymentId);
      const settles = given.profile.settings.outcomes?.plainPayments;
      if (!held && typeof settles === 'object' && performance.now() - started >= settles.afterMs) {
        skipBecause(
          `the status check answered after plain payments settle by themselves (${settles.afterMs} ms, ` +
            'outcomes.plainPayments) and the profile names no hold: the first status was gone',
        );
      }
      expectReadable(record, ['status'], `the status check of payment ${payment.paymentId}`);
      expect(record.status).toBe(initial);
    },
  );

  test(
    'amount is the amount given at creation, decimals included',
    verifies('STATUS-ECHOES-AMOUNT', 'paymentStatus'),
    async ({ api, given }) => {
      // Cents that no magic value claims, and that a truncating or rounding target would lose.
      const amount = echoAmount(given, 'payIn');
      const payment = await given.payment('payIn', { overrides: { amount } });
      const record = await paymentById(api, payment.paymentId);
      expectReadable(record, ['amount'], `the status check of payment ${payment.paymentId}`);
      expect(record.amount).toBe(amount);
    },
  );

  test(
    'an amount of a million or more (where the method and the cap allow it) is the amount given, cents included',
    verifies('STATUS-ECHOES-AMOUNT', 'paymentStatus'),
    async ({ api, given }) => {
      const amount = largeAmount(given, 'payIn') ?? notApplicable('the method bounds leave no amount with free cents');
      const payment = await given.payment('payIn', { overrides: { amount } });
      const record = await paymentById(api, payment.paymentId);
      expectReadable(record, ['amount'], `the status check of payment ${payment.paymentId}`);
      expect(record.amount, `created with ${amount}`).toBe(amount);
    },
  );

  test(
    'clientFieldsValues are the ones given at creation',
    verifies('STATUS-ECHOES-CLIENT-FIELDS', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const record = await paymentById(api, payment.paymentId);
      expectReadable(record, ['clientFieldsValues'], `the status check of payment ${payment.paymentId}`);
      // The same pairs, in any order: §2.1 does not order them.
      expect(asFieldSet(record.clientFieldsValues)).toEqual(asFieldSet(payment.fields.clientFieldsValues));
    },
  );

  test(
    'merchantPaymentId and merchantUserId are the ones given at creation',
    verifies('STATUS-ECHOES-MERCHANT-IDS', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn', {
        overrides: { merchantUserId: `user-${given.merchantPaymentId()}` },
      });
      const record = await paymentById(api, payment.paymentId);
      expect({ merchantPaymentId: record.merchantPaymentId, merchantUserId: record.merchantUserId }).toEqual({
        merchantPaymentId: payment.fields.merchantPaymentId,
        merchantUserId: payment.fields.merchantUserId,
      });
    },
  );

  test(
    'a merchantPaymentId as long as the provider takes (limits.maxLength) is the one given, whole',
    verifies('STATUS-ECHOES-MERCHANT-IDS', 'paymentStatus'),
    async ({ api, given }) => {
      const merchantPaymentId = longMerchantPaymentId(given);
      const payment = await given.payment('payIn', { overrides: { merchantPaymentId } });
      const record = await paymentById(api, payment.paymentId);
      expect(record.merchantPaymentId, `${merchantPaymentId.length} characters`).toBe(merchantPaymentId);
    },
  );

  test(
    'paymentMethodId is the method given at creation',
    verifies('STATUS-ECHOES-METHOD', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const record = await paymentById(api, payment.paymentId);
      expectReadable(record, ['paymentMethodId'], `the status check of payment ${payment.paymentId}`);
      expect(record.paymentMethodId).toBe(payment.method.id);
    },
  );

  for (const role of ['payIn', 'payOut', 'external'] as const) {
    test(
      `currencyCode is the currency of the ${role} method`,
      verifies('PAYMENT-CURRENCY-OF-METHOD', 'paymentStatus'),
      async ({ api, given }) => {
        const payment = await given.payment(role);
        const record = await paymentById(api, payment.paymentId);
        expectReadable(record, ['currencyCode'], `the status check of payment ${payment.paymentId}`);
        expect(record.currencyCode).toBe(payment.method.currencyCode);
      },
    );
  }

  test(
    'a payment created with an uploaded image shows it as attachment',
    verifies('STATUS-ATTACHMENT', 'paymentStatus'),
    async ({ api, given }) => {
      given.method('attachmentRequired');
      const upload = await given.upload();
      const payment = await given.payment('attachmentRequired', { overrides: { attachmentId: upload.id } });
      const record = okObject(await api.paymentStatus({ paymentId: payment.paymentId }));
      expect(record.attachment).toMatchObject({ id: upload.id, url: expect.any(String) });
    },
  );
});

test.describe('paymentStatus · the status a payment reaches', () => {
  test(
    'SUCCESS and NEED_CHECK are shown as reached',
    verifies('STATUS-REFLECTS-OUTCOME', 'paymentStatus'),
    async ({ api, given }) => {
      const success = await given.payment('payIn', { outcome: { status: 'SUCCESS' } });
      const needCheck = await given.payment('payIn', { outcome: { status: 'NEED_CHECK' } });
      const successRecord = await paymentById(api, success.paymentId);
      const needCheckRecord = await paymentById(api, needCheck.paymentId);
      expectReadable(successRecord, ['status', 'failedCode'], `the status check of payment ${success.paymentId}`);
      expectReadable(needCheckRecord, ['status'], `the status check of payment ${needCheck.paymentId}`);
      expect(successRecord.status).toBe('SUCCESS');
      expect(successRecord.failedCode ?? null, 'no failedCode on a SUCCESS payment').toBeNull();
      expect(needCheckRecord.status).toBe('NEED_CHECK');
    },
  );

  for (const failedCode of FAILED_CODES) {
    test(
      `FAILED with ${failedCode} is shown with that failedCode`,
      verifies(['STATUS-REFLECTS-OUTCOME', 'PAYMENT-FAILEDCODE-ENUM'], 'paymentStatus'),
      async ({ api, given }) => {
        const payment = await given.payment('payIn', { outcome: { status: 'FAILED', failedCode } });
        const record = await paymentById(api, payment.paymentId);
        expectReadable(record, ['status'], `the status check of payment ${payment.paymentId}`);
        // The status is STATUS-REFLECTS-OUTCOME's; the code, once the status is right, PAYMENT-FAILEDCODE-ENUM's.
        check('STATUS-REFLECTS-OUTCOME', () => {
          expect(record.status).toBe('FAILED');
        });
        check('PAYMENT-FAILEDCODE-ENUM', () => {
          expect(record.failedCode).toBe(failedCode);
        });
      },
    );
  }

  test(
    'a SUCCESS payment re-evaluated to FAILED and back shows each status',
    verifies('PAYMENT-REEVALUATION', 'paymentStatus'),
    async ({ api, given }) => {
      // Each status as the status check shows it once it is reached (the drivers wait for it to show).
      const shown: unknown[] = [];
      await given.paymentThrough('payIn', [{ status: 'SUCCESS' }, { flip: true }, { flip: true }], {
        afterEach: async (_end, index, paymentId) => {
          const record = await paymentById(api, paymentId);
          expectReadable(record, ['status'], `the status check of payment ${paymentId}`);
          shown[index] = record.status;
        },
      });
      expect(shown).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    },
  );
});
