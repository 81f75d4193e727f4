/**
 * §4.5 (with §2.4, §3.2 and the 404 row of §7): the complaint status check. Lookups by each key and their order,
 * the record's shape and what it echoes of its payment, and the status a complaint reaches.
 */
import { expect, okObject, test, verifies } from '../../fixtures/index.js';
import { complaintById, expectReadableComplaint } from '../../fixtures/conformance/payment-records.js';
import { precondition } from '../../fixtures/conformance/checks.js';
import { expectEachKeyAlone } from '../../fixtures/conformance/complaint-lookups.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';
import type { ComplaintStatus } from '../../generated/common/definitions.gen.js';
import type { ApiClient } from '../../src/client/api-client.js';
import type { FieldsOf } from '../../src/contract/operations.js';

/** A complaint about a fresh payment of the test's own. */
async function ownComplaint(given: Preconditions, status?: ComplaintStatus) {
  const payment = await given.payment('payIn', { overrides: { merchantUserId: `user-${given.merchantPaymentId()}` } });
  const complaint = await given.complaint(payment, status === undefined ? {} : { status });
  return { payment, complaint, merchantPaymentId: payment.fields.merchantPaymentId ?? '' };
}

/** The id of the complaint the check answers, or its status code when it answers none. */
async function foundId(api: ApiClient, lookup: FieldsOf<'complaintStatus'>): Promise<unknown> {
  const exchange = await api.complaintStatus(lookup);
  return exchange.status === 200 ? (exchange.json as { id?: unknown } | undefined)?.id : exchange.status;
}

test.describe('complaintStatus · lookups', () => {
  test('found by its id', verifies('COMPLAINT-BY-ID', 'complaintStatus'), async ({ api, given }) => {
    const { complaint } = await ownComplaint(given);
    expect(await foundId(api, { id: complaint.id })).toBe(complaint.id);
  });

  test(
    "found by its payment's paymentId",
    verifies('COMPLAINT-BY-PAYMENTID', 'complaintStatus'),
    async ({ api, given }) => {
      const { complaint, payment } = await ownComplaint(given);
      expect(await foundId(api, { paymentId: payment.paymentId })).toBe(complaint.id);
    },
  );

  test(
    "found by its payment's merchantPaymentId",
    verifies('COMPLAINT-BY-MERCHANTPAYMENTID', 'complaintStatus'),
    async ({ api, given }) => {
      const { complaint, merchantPaymentId } = await ownComplaint(given);
      expect(await foundId(api, { merchantPaymentId })).toBe(complaint.id);
    },
  );

  test(
    'with several keys: id first, then paymentId, then merchantPaymentId',
    verifies('COMPLAINT-LOOKUP-ORDER', 'complaintStatus'),
    async ({ api, given }) => {
      const [a, b, c] = [await ownComplaint(given), await ownComplaint(given), await ownComplaint(given)];
      // Each key must find its complaint alone before their order means anything: a key that finds nothing is its
      // own requirement's finding, not the order's.
      await expectEachKeyAlone(api, [
        { lookup: { id: a.complaint.id }, wanted: a.complaint.id },
        { lookup: { paymentId: b.payment.paymentId }, wanted: b.complaint.id },
        { lookup: { merchantPaymentId: c.merchantPaymentId }, wanted: c.complaint.id },
      ]);
      const unknown = given.unknownId();
      expect({
        'id, paymentId, merchantPaymentId': await foundId(api, {
          id: a.complaint.id,
          paymentId: b.payment.paymentId,
          merchantPaymentId: c.merchantPaymentId,
        }),
        'paymentId, merchantPaymentId': await foundId(api, {
          paymentId: b.payment.paymentId,
          merchantPaymentId: c.merchantPaymentId,
        }),
        'unknown id, paymentId': await foundId(api, { id: unknown, paymentId: b.payment.paymentId }),
        'unknown id and paymentId, merchantPaymentId': await foundId(api, {
          id: unknown,
          paymentId: unknown,
          merchantPaymentId: c.merchantPaymentId,
        }),
      }).toEqual({
        'id, paymentId, merchantPaymentId': a.complaint.id,
        'paymentId, merchantPaymentId': b.complaint.id,
        'unknown id, paymentId': b.complaint.id,
        'unknown id and paymentId, merchantPaymentId': c.complaint.id,
      });
    },
  );

  test(
    "none of id, paymentId, merchantPaymentId: the profile's status",
    verifies('COMPLAINT-NO-LOOKUP-FIELD', 'complaintStatus'),
    async ({ api, given }) => {
      const status = given.convention('statusWithoutLookupField');
      const exchange = await api.dispatch(api.prepareUnchecked('complaintStatus', {}));
      await expect(exchange).toBeApiError(status, status === 404 ? 'NOT_FOUND' : undefined);
    },
  );

  test('an unknown id: 404 NOT_FOUND', verifies('COMPLAINT-NOT-FOUND', 'complaintStatus'), async ({ api, given }) => {
    await expect(await api.complaintStatus({ id: given.unknownId() })).toBeApiError(404, 'NOT_FOUND');
  });

  test(
    'an unknown paymentId or merchantPaymentId: 404 NOT_FOUND',
    verifies('COMPLAINT-NOT-FOUND', 'complaintStatus'),
    async ({ api, given }) => {
      await expect(await api.complaintStatus({ paymentId: given.unknownId() })).toBeApiError(404, 'NOT_FOUND');
      await expect(await api.complaintStatus({ merchantPaymentId: given.merchantPaymentId() })).toBeApiError(
        404,
        'NOT_FOUND',
      );
    },
  );

  test(
    'a payment without a complaint: 404 NOT_FOUND',
    verifies('COMPLAINT-NOT-FOUND', 'complaintStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      await expect(await api.complaintStatus({ paymentId: payment.paymentId })).toBeApiError(404, 'NOT_FOUND');
    },
  );
});

test.describe('complaintStatus · the record', () => {
  test('the record has the §2.4 shape', verifies('COMPLAINT-SHAPE', 'complaintStatus'), async ({ api, given }) => {
    const { complaint } = await ownComplaint(given);
    const exchange = await api.complaintStatus({ id: complaint.id });
    precondition('COMPLAINT-BY-ID', () => okObject(exchange));
    await expect(exchange).toMatchSchema('complaints/complaint');
  });

  test(
    "merchantPaymentId, merchantUserId, paymentId, paymentMethodId and currencyCode are its payment's",
    verifies('COMPLAINT-ECHOES-PAYMENT', 'complaintStatus'),
    async ({ api, given }) => {
      const { complaint, payment } = await ownComplaint(given);
      const record = await complaintById(api, complaint.id);
      // A member the record lacks or mistypes is COMPLAINT-SHAPE's finding; this compares the ones it has.
      expectReadableComplaint(
        record,
        ['merchantPaymentId', 'paymentId', 'paymentMethodId', 'currencyCode'],
        `complaint ${complaint.id}`,
      );
      const echoed = (r: Record<string, unknown>) => ({
        merchantPaymentId: r.merchantPaymentId,
        merchantUserId: r.merchantUserId,
        paymentId: r.paymentId,
        paymentMethodId: r.paymentMethodId,
        currencyCode: r.currencyCode,
      });
      expect(echoed(record)).toEqual({
        merchantPaymentId: payment.fields.merchantPaymentId,
        merchantUserId: payment.fields.merchantUserId,
        paymentId: payment.paymentId,
        paymentMethodId: payment.method.id,
        currencyCode: payment.method.currencyCode,
      });
    },
  );
});

test.describe('complaintStatus · the status a complaint reaches', () => {
  for (const status of ['NEED_CHECK', 'APPROVED', 'DECLINED', 'COMPLETED'] as const) {
    test(
      `${status} is shown as reached`,
      verifies('COMPLAINT-REFLECTS-STATUS', 'complaintStatus'),
      async ({ api, given }) => {
        const { complaint } = await ownComplaint(given, status);
        expect((await complaintById(api, complaint.id)).status).toBe(status);
      },
    );
  }

  test(
    'a COMPLETED complaint re-evaluated to DECLINED and back shows each status',
    verifies('COMPLAINT-REEVALUATION', 'complaintStatus'),
    async ({ api, given }) => {
      const { complaint } = await ownComplaint(given, 'COMPLETED');
      const statusNow = async (c: { id: string }) => (await complaintById(api, c.id)).status;
      expect(await statusNow(complaint)).toBe('COMPLETED');
      await given.flipComplaint(complaint, 'DECLINED');
      expect(await statusNow(complaint)).toBe('DECLINED');
      await given.flipComplaint(complaint, 'COMPLETED');
      expect(await statusNow(complaint)).toBe('COMPLETED');
    },
  );
});
