import { expect, test } from '../../../fixtures/self/sandbox-harness.js';
import { conforming } from '../../../fixtures/self/expect-schema.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001',
  'hex',
);

test.describe('payment creation (§4.1, §4.2)', () => {
  test('should create a PAY_IN payment, PENDING, echoing what was sent', async ({ sbx }) => {
    const fields = sbx.fieldsFor('payIn', { merchantUserId: 'user-7', amount: 100.25 });
    const created = await sbx.api.createPayIn(fields);
    expect(created.status).toBe(200);
    const response = conforming('payments/create-payment.response', created.json);
    expect(response.isSucceed).toBe(true);
    expect(response).not.toHaveProperty('formUrl');
    const status = await sbx.api.paymentStatus({ paymentId: response.paymentId });
    const payment = conforming('payments/payment', status.json);
    expect(payment).toEqual({
      id: response.paymentId,
      currencyCode: sbx.profile.settings.merchant.paymentMethods.payIn.currencyCode,
      paymentMethodId: fields.paymentMethodId,
      status: 'PENDING',
      amount: 100.25,
      clientFieldsValues: fields.clientFieldsValues,
      merchantPaymentId: fields.merchantPaymentId,
      merchantUserId: 'user-7',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown,
    });
  });

  test('should create a PAY_OUT payment that the list shows as PAY_OUT', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payOut');
    const list = await sbx.api.paymentsList({ createdAtFrom: 0, createdAtTo: 4_102_444_800_000, type: 'PAY_OUT' });
    expect(conforming('payments/payments-list', list.json).payments.map((p) => p.id)).toEqual([paymentId]);
    const payIns = await sbx.api.paymentsList({ createdAtFrom: 0, createdAtTo: 4_102_444_800_000, type: 'PAY_IN' });
    expect(conforming('payments/payments-list', payIns.json).payments).toEqual([]);
  });

  test('should answer formUrl for an external method, whose page honours the redirect URLs', async ({ sbx }) => {
    const { exchange, paymentId } = await sbx.create('external', {
      successRedirectUrl: 'https://merchant.example/ok',
      failureRedirectUrl: 'https://merchant.example/failed',
    });
    const response = conforming('payments/create-payment.response', exchange.json);
    expect(response.formUrl).toBe(`${sbx.sandbox.url}/sandbox/v1/pay/${paymentId}`);
    expect(response.info?.deepLink).toEqual({
      app_a: `sandbox-app-a://pay?payment=${paymentId}`,
      app_b: null,
      app_c: `sandbox-app-c://pay/${paymentId}`,
    });
    const page = await fetch(response.formUrl ?? '', { signal: AbortSignal.timeout(5_000) });
    expect(await page.text()).toContain('<button type="submit" id="success">Pay</button>');
    const completed = await fetch(`${response.formUrl ?? ''}/complete?result=success`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe('https://merchant.example/ok');
    expect((await sbx.control.payment(paymentId)).status).toBe('SUCCESS');
  });

  test('should answer the info of each method (§2.3)', async ({ sbx }) => {
    const card = conforming('payments/create-payment.response', (await sbx.create('payIn')).exchange.json);
    expect(card.info).toEqual({
      isSMSRequired: false,
      instruction: null,
      withDeepLink: false,
      showQR: false,
      deepLink: null,
    });
    const sms = conforming('payments/create-payment.response', (await sbx.create('smsRequired')).exchange.json);
    expect(sms.info?.isSMSRequired).toBe(true);
  });

  test('should require an uploaded attachment when the method says so, and show it on the payment', async ({ sbx }) => {
    const without = await sbx.api.createPayIn(sbx.fieldsFor('attachmentRequired'));
    expect(without.status).toBe(400);
    expect(without.json).toEqual({ error: expect.stringContaining('requires attachmentId') as unknown });
    const upload = await sbx.api.mediaUpload({
      fileName: 'receipt.png',
      contentType: 'image/png',
      data: PNG.toString('base64'),
    });
    const media = conforming('other-operations/media-upload.response', upload.json);
    const { paymentId } = await sbx.create('attachmentRequired', { attachmentId: media.id });
    const payment = conforming('payments/payment', (await sbx.api.paymentStatus({ paymentId })).json);
    expect(payment.attachment).toEqual({ id: media.id, url: media.url });
    const image = await fetch(media.url, { signal: AbortSignal.timeout(5_000) });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const unknown = await sbx.api.createPayIn(sbx.fieldsFor('attachmentRequired', { attachmentId: 'no-such-media' }));
    expect(unknown.status).toBe(400);
  });

  test('should answer 404 NOT_FOUND for an unknown method and 403 ACCESS_DENIED for a forbidden one (§5.5, §7)', async ({
    sbx,
  }) => {
    const unknown = await sbx.api.createPayIn(sbx.fieldsFor('payIn', { paymentMethodId: 'no-such-method' }));
    expect([unknown.status, unknown.json]).toEqual([404, { error: 'NOT_FOUND' }]);
    const forbidden = await sbx.api.createPayIn(sbx.fieldsFor('forbidden'));
    expect([forbidden.status, forbidden.json]).toEqual([403, { error: 'ACCESS_DENIED' }]);
  });

  test('should refuse, with a helpful 400, what the method cannot take', async ({ sbx }) => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['a PAY_OUT method on pay_in', { ...sbx.fieldsFor('payOut') }, /is a PAY_OUT method: create it with pay_out/],
      ['another account', { accountId: 1 }, /accountId 1 is not the account of payment method/],
      ['a zero amount', { amount: 0 }, /amount must be above 0/],
      ['three decimals', { amount: 1.005 }, /at most two decimals/],
      [
        'an unknown field',
        { clientFieldsValues: [{ key: 'pin', value: '1234' }, ...sbx.fieldsFor('payIn').clientFieldsValues] },
        /"pin" is not a field/,
      ],
      [
        'a field twice',
        { clientFieldsValues: [...sbx.fieldsFor('payIn').clientFieldsValues, { key: 'cardLast4', value: '1111' }] },
        /"cardLast4" is given twice/,
      ],
      [
        'a missing field',
        { clientFieldsValues: [{ key: 'cardholder', value: 'Ada' }] },
        /required field\(s\) missing: cardLast4/,
      ],
      [
        'a field off its pattern',
        {
          clientFieldsValues: [
            { key: 'cardholder', value: 'Ada' },
            { key: 'cardLast4', value: '42' },
          ],
        },
        /"cardLast4" does not match/,
      ],
      ['a relative postBackUrl', { postBackUrl: '/pb' }, /postBackUrl must be an absolute http or https URL/],
      ['a ftp redirect', { successRedirectUrl: 'ftp://merchant.example/' }, /successRedirectUrl must be an absolute/],
    ];
    for (const [name, overrides, message] of cases) {
      const exchange = await sbx.api.createPayIn(sbx.fieldsFor('payIn', overrides));
      expect(exchange.status, name).toBe(400);
      expect((exchange.json as { error: string }).error, name).toMatch(message);
    }
  });

  test('should refuse a merchantPaymentId already used', async ({ sbx }) => {
    const fields = sbx.fieldsFor('payIn');
    await sbx.api.createPayIn(fields);
    const again = await sbx.api.createPayIn(fields);
    expect(again.status).toBe(400);
    expect((again.json as { error: string }).error).toMatch(/already used by payment/);
  });
});

test.describe('the operations the interface only names (§4.7)', () => {
  test('should list the methods the merchant may use, by type', async ({ sbx }) => {
    const all = conforming('other-operations/payment-methods.response', (await sbx.api.paymentMethods({})).json);
    const ids = all.paymentMethods.map((m) => m.id);
    const fixtures = sbx.profile.settings.merchant.paymentMethods;
    if (fixtures.payOut === undefined || fixtures.forbidden === undefined)
      throw new Error('the sandbox profile names both');
    expect(ids).toContain(fixtures.payIn.id);
    expect(ids).toContain(fixtures.payOut.id);
    expect(ids).not.toContain(fixtures.forbidden.id);
    const payOuts = conforming(
      'other-operations/payment-methods.response',
      (await sbx.api.paymentMethods({ type: 'PAY_OUT' })).json,
    );
    expect(payOuts.paymentMethods.every((m) => m.type === 'PAY_OUT')).toBe(true);
    expect(payOuts.paymentMethods.map((m) => m.id)).toContain(fixtures.payOut.id);
  });

  test('should refuse media that is not the image it claims to be, or too large', async ({ sbx }) => {
    const notPng = await sbx.api.mediaUpload({
      fileName: 'x.png',
      contentType: 'image/png',
      data: Buffer.from('hello').toString('base64'),
    });
    expect([notPng.status, notPng.json]).toEqual([400, { error: 'data is not a PNG image' }]);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await sbx.api.mediaUpload({
      fileName: 'x.png',
      contentType: 'image/png',
      data: big.toString('base64'),
    });
    expect(tooLarge.status).toBe(400);
  });

  test('should confirm an SMS with the sandbox code only, and only for payments that need it', async ({ sbx }) => {
    const { paymentId } = await sbx.create('smsRequired');
    expect((await sbx.api.smsConfirm({ paymentId, code: '000000' })).json).toEqual({ isSucceed: false });
    expect((await sbx.api.smsConfirm({ paymentId, code: '123456' })).json).toEqual({ isSucceed: true });
    const card = await sbx.create('payIn');
    expect((await sbx.api.smsConfirm({ paymentId: card.paymentId, code: '123456' })).status).toBe(400);
    expect((await sbx.api.smsConfirm({ paymentId: 'no-such-payment', code: '123456' })).json).toEqual({
      error: 'NOT_FOUND',
    });
  });
});
