import { conforming } from '../../../fixtures/self/expect-schema.js';
import { expect, test } from '../../../fixtures/self/sandbox-harness.js';
import { sandboxConventions } from '../../../src/sandbox/config/sandbox-conventions.js';

test.describe('payment status lookups (§4.3)', () => {
  test('should find a payment by paymentId, by merchantPaymentId, and prefer paymentId when both match', async ({
    sbx,
  }) => {
    const first = await sbx.create('payIn');
    const second = await sbx.create('payIn');
    const secondMerchantId = (await sbx.control.payment(second.paymentId)).merchantPaymentId ?? '';
    const id = async (fields: { paymentId?: string; merchantPaymentId?: string }) => {
      const exchange = await sbx.api.paymentStatus(fields as { paymentId: string });
      return exchange.status === 200 ? conforming('payments/payment', exchange.json).id : exchange.status;
    };
    expect(await id({ paymentId: first.paymentId })).toBe(first.paymentId);
    expect(await id({ merchantPaymentId: secondMerchantId })).toBe(second.paymentId);
    expect(await id({ paymentId: first.paymentId, merchantPaymentId: secondMerchantId })).toBe(first.paymentId);
    expect(await id({ paymentId: 'no-such-payment', merchantPaymentId: secondMerchantId })).toBe(second.paymentId);
    expect(await id({ paymentId: 'no-such-payment' })).toBe(404);
    expect(await id({ merchantPaymentId: 'kit-no-such-payment' })).toBe(404);
  });

  test('should answer 404 NOT_FOUND for an unknown payment and 400 without a lookup field (profile)', async ({
    sbx,
  }) => {
    const unknown = await sbx.api.paymentStatus({ paymentId: 'no-such-payment' });
    expect([unknown.status, unknown.json]).toEqual([404, { error: 'NOT_FOUND' }]);
    const none = await sbx.api.dispatch(sbx.api.prepareUnchecked('paymentStatus', {}));
    expect(none.status).toBe(sandboxConventions(sbx.profile.settings.conventions).statusWithoutLookupField);
    expect((none.json as { error: string }).error).toMatch(/at least one of paymentId, merchantPaymentId/);
  });
});

test.describe('complaints (§4.5, §4.7)', () => {
  test('should create a complaint, PENDING, echoing the payment', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', { merchantUserId: 'user-1' });
    const payment = await sbx.control.payment(paymentId);
    const created = await sbx.api.complaintCreate({
      paymentId,
      postBackUrl: `${sbx.receiver.url}/c`,
      comment: 'not credited',
      amount: 100,
    });
    const complaint = conforming('complaints/complaint', created.json);
    expect(complaint).toEqual({
      id: expect.any(String) as unknown,
      merchantPaymentId: payment.merchantPaymentId,
      merchantUserId: 'user-1',
      paymentMethodId: payment.paymentMethodId,
      currencyCode: payment.currencyCode,
      paymentId,
      status: 'PENDING',
      amount: 100,
      comment: 'not credited',
      createdAt: complaint.createdAt,
      updatedAt: complaint.createdAt,
    });
  });

  test('should look complaints up by id, then paymentId, then merchantPaymentId', async ({ sbx }) => {
    const a = await sbx.create('payIn');
    const b = await sbx.create('payIn');
    const c = await sbx.create('payIn');
    const complaintOf = async (paymentId: string) =>
      conforming(
        'complaints/complaint',
        (await sbx.api.complaintCreate({ paymentId, postBackUrl: `${sbx.receiver.url}/c` })).json,
      );
    const [ca, cb, cc] = [
      await complaintOf(a.paymentId),
      await complaintOf(b.paymentId),
      await complaintOf(c.paymentId),
    ];
    const found = async (fields: Record<string, string>) => {
      const exchange = await sbx.api.complaintStatus(fields as { id: string });
      return exchange.status === 200 ? conforming('complaints/complaint', exchange.json).id : exchange.status;
    };
    expect(await found({ id: ca.id, paymentId: b.paymentId, merchantPaymentId: cc.merchantPaymentId })).toBe(ca.id);
    expect(await found({ paymentId: b.paymentId, merchantPaymentId: cc.merchantPaymentId })).toBe(cb.id);
    expect(await found({ merchantPaymentId: cc.merchantPaymentId })).toBe(cc.id);
    expect(await found({ id: 'no-such', paymentId: b.paymentId })).toBe(cb.id);
    expect(await found({ id: 'no-such', paymentId: 'no-such', merchantPaymentId: cc.merchantPaymentId })).toBe(cc.id);
    expect(await found({ id: 'no-such' })).toBe(404);
  });

  test('should refuse a complaint about an unknown payment, a payment without merchantPaymentId, or twice', async ({
    sbx,
  }) => {
    const unknown = await sbx.api.complaintCreate({ paymentId: 'no-such', postBackUrl: `${sbx.receiver.url}/c` });
    expect([unknown.status, unknown.json]).toEqual([404, { error: 'NOT_FOUND' }]);
    const fields = sbx.fieldsFor('payIn');
    const { merchantPaymentId: _none, ...anonymous } = fields;
    const created = await sbx.api.createPayIn(anonymous);
    const paymentId = (created.json as { paymentId: string }).paymentId;
    const noMerchantId = await sbx.api.complaintCreate({ paymentId, postBackUrl: `${sbx.receiver.url}/c` });
    expect((noMerchantId.json as { error: string }).error).toMatch(/has no merchantPaymentId/);
    const { paymentId: other } = await sbx.create('payIn');
    await sbx.api.complaintCreate({ paymentId: other, postBackUrl: `${sbx.receiver.url}/c` });
    const twice = await sbx.api.complaintCreate({ paymentId: other, postBackUrl: `${sbx.receiver.url}/c` });
    expect((twice.json as { error: string }).error).toMatch(/already has complaint/);
  });
});
