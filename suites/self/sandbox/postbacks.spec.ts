import { conforming } from '../../../fixtures/self/expect-schema.js';
import { expect, type SandboxHarness, test, TEST_ATTEMPT_TIMEOUT_MS } from '../../../fixtures/self/sandbox-harness.js';
import type { Delivery } from '../../../generated/sandbox-control/deliveries.response.gen.js';
import { canonicalJson } from '../../../src/signing/canonical-json.js';
import { verifyBody } from '../../../src/signing/body-signer.js';
import { sandboxConventions } from '../../../src/sandbox/config/sandbox-conventions.js';

const HOUR = 3_600_000;

/** The delivery log of one payment or complaint, once `ready` holds (deliveries run in the background). */
async function deliveriesOf(
  sbx: SandboxHarness,
  subjectId: string,
  ready: (d: Delivery[]) => boolean,
): Promise<Delivery[]> {
  let log: Delivery[] = [];
  await expect
    .poll(
      async () => {
        log = await sbx.control.deliveries(subjectId);
        return ready(log);
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  return log;
}

function parsed(body: Buffer): Record<string, unknown> {
  return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
}

function expectSignedByService(sbx: SandboxHarness, body: Buffer): void {
  const { scheme, key } = sbx.profile.postbackVerification;
  expect(verifyBody(parsed(body), scheme, key)).toEqual({ valid: true });
  expect(body.toString('utf8'), 'sent as its canonical JSON').toBe(canonicalJson(parsed(body)));
}

test.describe('payment postbacks (§2.5, §6)', () => {
  test('should post a signed SUCCESS postback to the postBackUrl, acknowledged by 200', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', {
      postBackUrl: `${sbx.receiver.url}/pb`,
      merchantUserId: 'user-1',
    });
    const payment = await sbx.control.payment(paymentId);
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    const [request] = await sbx.receiver.waitFor('/pb', 1);
    if (request === undefined) throw new Error('no postback');
    expect(request.headers['content-type']).toBe('application/json');
    expectSignedByService(sbx, request.body);
    const body = conforming('postbacks/payment-postback', parsed(request.body));
    expect(body).toEqual({
      publicKey: sbx.profile.postbackVerification.key.publicKey,
      hash: body.hash,
      id: paymentId,
      status: 'SUCCESS',
      failedCode: null,
      paymentMethodId: payment.paymentMethodId,
      amount: payment.amount,
      currency: payment.currencyCode,
      clientFieldsValues: payment.clientFieldsValues,
      merchantPaymentId: payment.merchantPaymentId,
      merchantUserId: 'user-1',
      createdAt: payment.createdAt,
    });
    const [delivery] = await deliveriesOf(sbx, paymentId, (d) => d[0]?.state === 'delivered');
    expect(delivery?.attempts).toEqual([expect.objectContaining({ n: 1, status: 200, url: `${sbx.receiver.url}/pb` })]);
    expect(delivery?.body).toBe(request.body.toString('utf8'));
  });

  test('should carry each failedCode, RECIPIENT_LIMIT as ANOTHER_REASON, and merchant ids only when given', async ({
    sbx,
  }) => {
    const codes = ['INCORRECT_AMOUNT', 'NO_AMOUNT', 'INCORRECT_FIELDS', 'ANOTHER_REASON', 'RECIPIENT_LIMIT'] as const;
    for (const [i, failedCode] of codes.entries()) {
      const fields = sbx.fieldsFor('payIn', { postBackUrl: `${sbx.receiver.url}/failed-${i}` });
      const { merchantPaymentId: _dropped, ...withoutIds } = fields;
      const created = await sbx.api.createPayIn(withoutIds);
      const paymentId = (created.json as { paymentId: string }).paymentId;
      await sbx.control.setOutcome(paymentId, { status: 'FAILED', failedCode });
      const [request] = await sbx.receiver.waitFor(`/failed-${i}`, 1);
      const body = conforming('postbacks/payment-postback', parsed(request?.body ?? Buffer.from('{}')));
      expect(body.status).toBe('FAILED');
      expect(body.failedCode).toBe(failedCode === 'RECIPIENT_LIMIT' ? 'ANOTHER_REASON' : failedCode);
      expect(body).not.toHaveProperty('merchantPaymentId');
      expect(body).not.toHaveProperty('merchantUserId');
    }
  });

  test('should post nothing for PENDING and NEED_CHECK', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'NEED_CHECK' });
    await sbx.control.advance(HOUR);
    expect(await sbx.control.deliveries(paymentId)).toEqual([]);
    expect(sbx.receiver.requests).toEqual([]);
  });

  test("should post to the merchant's registered URL when the payment names none, and nowhere without one", async ({
    sbx,
  }) => {
    await sbx.control.setMerchantPostbackUrl(`${sbx.receiver.url}/registered`);
    const routed = await sbx.create('payIn');
    await sbx.control.setOutcome(routed.paymentId, { status: 'SUCCESS' });
    await sbx.receiver.waitFor('/registered', 1);
    await sbx.control.setMerchantPostbackUrl(null);
    const lost = await sbx.create('payIn');
    await sbx.control.setOutcome(lost.paymentId, { status: 'SUCCESS' });
    const [delivery] = await deliveriesOf(sbx, lost.paymentId, (d) => d.length === 1);
    expect(delivery?.state).toBe('undeliverable');
    expect(delivery?.url).toBeNull();
    expect(delivery?.attempts[0]?.error).toMatch(/no postBackUrl and no URL registered/);
  });

  test('should never send a postback off the machine', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', { postBackUrl: 'http://merchant.example/pb' });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    const [delivery] = await deliveriesOf(sbx, paymentId, (d) => d.length === 1);
    expect(delivery?.state).toBe('undeliverable');
    expect(delivery?.attempts[0]?.error).toMatch(/host merchant\.example is not allowed/);
  });
});

test.describe('retries (§6.2, design brief §4 schedule)', () => {
  test('should retry anything but 200 (other 2xx, 3xx, 5xx, reset, timeout) with identical bytes, then stop', async ({
    sbx,
  }) => {
    sbx.receiver.script('/pb', [
      { status: 500 },
      { status: 201 },
      { status: 204 },
      { status: 302, headers: { location: '/elsewhere' } },
      { status: 404 },
      'reset',
      'hang',
      { status: 200 },
    ]);
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.receiver.waitFor('/pb', 1);
    await sbx.control.advance(30 * HOUR);
    const [delivery] = await deliveriesOf(sbx, paymentId, (d) => d[0]?.state === 'delivered');
    const outcomes = delivery?.attempts.map((a) => a.status ?? a.error?.split(':')[0]);
    expect(outcomes).toEqual([500, 201, 204, 302, 404, 'reset', 'timeout', 200]);
    const bodies = sbx.receiver.to('/pb').map((r) => r.body.toString('utf8'));
    expect(bodies).toHaveLength(8);
    expect(new Set(bodies).size, 'every retry is byte-identical').toBe(1);
    expect(sbx.receiver.to('/elsewhere'), 'redirects are not followed').toEqual([]);
    await sbx.control.advance(100 * HOUR);
    expect(sbx.receiver.to('/pb'), 'nothing after the 200').toHaveLength(8);
    expect(delivery?.attempts.find((a) => a.error?.startsWith('timeout'))?.durationMs).toBeGreaterThanOrEqual(
      TEST_ATTEMPT_TIMEOUT_MS - 50,
    );
  });

  test('should follow the schedule to maxAttempts, then give up', async ({ sbx }) => {
    sbx.receiver.reply('/pb', { status: 503 });
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.receiver.waitFor('/pb', 1);
    await sbx.control.advance(200 * HOUR);
    const [delivery] = await deliveriesOf(sbx, paymentId, (d) => d[0]?.state === 'gave-up');
    const { delaysMs, repeatEveryMs, maxAttempts } = sandboxConventions(sbx.profile.settings.conventions).postbackRetry;
    const attempts = delivery?.attempts ?? [];
    expect(attempts).toHaveLength(maxAttempts);
    // The wait before attempt n+1 counts from the end of attempt n: its start plus its (real) duration.
    const waits = attempts.slice(1).map((a, i) => {
      const previous = attempts[i];
      return Date.parse(a.at) - Date.parse(previous?.at ?? '') - (previous?.durationMs ?? 0);
    });
    const expected = Array.from({ length: maxAttempts - 1 }, (_, i) => delaysMs[i + 1] ?? repeatEveryMs);
    for (const [i, wait] of waits.entries()) {
      expect(Math.abs(wait - (expected[i] ?? 0)), `wait before attempt ${i + 2}: ${wait} ms`).toBeLessThanOrEqual(2);
    }
    expect(sbx.receiver.to('/pb')).toHaveLength(maxAttempts);
  });

  test('should send a new postback on every flip, superseding the retries of the old one', async ({ sbx }) => {
    sbx.receiver.script('/pb', [{ status: 500 }]);
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.receiver.waitFor('/pb', 1);
    await deliveriesOf(sbx, paymentId, (d) => d[0]?.attempts.length === 1);
    await sbx.control.flip(paymentId, 'NO_AMOUNT');
    await sbx.receiver.waitFor('/pb', 2);
    await sbx.control.flip(paymentId);
    await sbx.receiver.waitFor('/pb', 3);
    await sbx.control.advance(100 * HOUR);
    const statuses = sbx.receiver.to('/pb').map((r) => parsed(r.body).status);
    expect(statuses).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    const log = await deliveriesOf(sbx, paymentId, (d) => d.every((x) => x.state !== 'pending'));
    expect(log.map((d) => d.state)).toEqual(['superseded', 'delivered', 'delivered']);
  });
});

test.describe('order of postbacks about one payment (§6)', () => {
  test('should send every status, in order, even when the payment flips before its first postback went out', async ({
    sbx,
  }) => {
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.control.flip(paymentId);
    await sbx.control.flip(paymentId);
    const requests = await sbx.receiver.waitFor('/pb', 3);
    expect(requests.map((r) => parsed(r.body).status)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
  });
});

test.describe('complaint postbacks (§2.6, §6)', () => {
  test('should post on COMPLETED and DECLINED and on every flip, never on PENDING, NEED_CHECK or APPROVED', async ({
    sbx,
  }) => {
    const { paymentId } = await sbx.create('payIn', { merchantUserId: 'user-1' });
    const complaint = await sbx.control.createComplaint({
      paymentId,
      postBackUrl: `${sbx.receiver.url}/c`,
      identifier: 'TXN-9',
    });
    await sbx.control.moveComplaint(complaint.id, 'NEED_CHECK');
    await sbx.control.moveComplaint(complaint.id, 'APPROVED');
    await sbx.control.advance(HOUR);
    expect(sbx.receiver.to('/c')).toEqual([]);
    await sbx.control.moveComplaint(complaint.id, 'COMPLETED');
    await sbx.receiver.waitFor('/c', 1);
    await sbx.control.flipComplaint(complaint.id);
    await sbx.receiver.waitFor('/c', 2);
    const [completed, declined] = sbx.receiver.to('/c').map((r) => {
      expectSignedByService(sbx, r.body);
      return conforming('postbacks/complaint-postback', parsed(r.body));
    });
    expect(completed?.status).toBe('COMPLETED');
    expect(declined?.status).toBe('DECLINED');
    expect(completed).toEqual(
      expect.objectContaining({
        id: complaint.id,
        merchantId: sbx.profile.settings.merchant.id,
        paymentId,
        merchantPaymentId: complaint.merchantPaymentId,
        merchantUserId: 'user-1',
        identifier: 'TXN-9',
        currency: complaint.currencyCode,
        createdAt: complaint.createdAt,
      }),
    );
  });
});
