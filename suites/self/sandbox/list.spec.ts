import { conforming } from '../../../fixtures/self/expect-schema.js';
import { expect, type SandboxHarness, test } from '../../../fixtures/self/sandbox-harness.js';
import type { PaymentsList } from '../../../generated/payments/payments-list.gen.js';
import type { PaymentsListRequest } from '../../../generated/payments/payments-list.request.gen.js';

const ALL_TIME = { createdAtFrom: 0, createdAtTo: 4_102_444_800_000 };

async function list(
  sbx: SandboxHarness,
  fields: Omit<PaymentsListRequest, 'publicKey' | 'hash'>,
): Promise<PaymentsList> {
  const exchange = await sbx.api.paymentsList(fields);
  expect(exchange.status, exchange.text).toBe(200);
  return conforming('payments/payments-list', exchange.json);
}

/** Every page from the first, following nextId. */
async function allPages(
  sbx: SandboxHarness,
  fields: Omit<PaymentsListRequest, 'publicKey' | 'hash'>,
): Promise<PaymentsList[]> {
  const pages: PaymentsList[] = [];
  let fromId: string | undefined;
  do {
    const page = await list(sbx, { ...fields, ...(fromId === undefined ? {} : { fromId }) });
    pages.push(page);
    fromId = page.nextId ?? undefined;
  } while (fromId !== undefined && pages.length < 100);
  return pages;
}

test.describe('payments list (§4.4, §2.2)', () => {
  test('should filter by type, status and currency', async ({ sbx }) => {
    const usdIn = await sbx.create('payIn');
    const inrOut = await sbx.create('payOut');
    const inrIn = await sbx.create('smsRequired');
    await sbx.control.setOutcome(usdIn.paymentId, { status: 'SUCCESS' });
    await sbx.control.setOutcome(inrIn.paymentId, { status: 'FAILED', failedCode: 'NO_AMOUNT' });
    const ids = async (fields: Partial<PaymentsListRequest>) =>
      (await list(sbx, { ...ALL_TIME, ...fields })).payments.map((p) => p.id);
    expect(await ids({})).toEqual([usdIn.paymentId, inrOut.paymentId, inrIn.paymentId]);
    expect(await ids({ type: 'PAY_OUT' })).toEqual([inrOut.paymentId]);
    expect(await ids({ status: 'SUCCESS' })).toEqual([usdIn.paymentId]);
    expect(await ids({ status: 'PENDING' })).toEqual([inrOut.paymentId]);
    expect(await ids({ currencyCode: 'INR' })).toEqual([inrOut.paymentId, inrIn.paymentId]);
    expect(await ids({ currencyCode: 'INR', type: 'PAY_IN', status: 'FAILED' })).toEqual([inrIn.paymentId]);
    expect(await ids({ currencyCode: 'EUR' })).toEqual([]);
  });

  test('should include both bounds of the creation interval, in milliseconds (profile)', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn');
    const createdAt = Date.parse((await sbx.control.payment(paymentId)).createdAt);
    const ids = async (from: number, to: number) =>
      (await list(sbx, { createdAtFrom: from, createdAtTo: to })).payments.map((p) => p.id);
    expect(await ids(createdAt, createdAt)).toEqual([paymentId]);
    expect(await ids(createdAt - 1000, createdAt - 1)).toEqual([]);
    expect(await ids(createdAt + 1, createdAt + 1000)).toEqual([]);
  });

  test('should page by fromId and nextId with no duplicate and no gap, counting the whole set on every page', async ({
    sbx,
  }) => {
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await sbx.create('payIn', { amount: 10 + i })).paymentId);
    const pages = await allPages(sbx, { ...ALL_TIME, take: 3 });
    expect(pages.map((p) => p.payments.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.payments.map((x) => x.id))).toEqual(created);
    expect(pages.at(-1)?.nextId).toBeUndefined();
    expect(pages[1]?.payments[0]?.id).toBe(pages[0]?.nextId);
    for (const page of pages) {
      expect(page.total).toBe(7);
      expect(page.amounts).toEqual([{ currencyCode: 'USD', total: (10 + 11 + 12 + 13 + 14 + 15 + 16) * 100 }]);
    }
  });

  test('should count succeeded and failed payments and sum amounts per currency in minor units (profile)', async ({
    sbx,
  }) => {
    const a = await sbx.create('payIn', { amount: 100.25 });
    const b = await sbx.create('payIn', { amount: 10 });
    const c = await sbx.create('payOut', { amount: 0.5 });
    await sbx.control.setOutcome(a.paymentId, { status: 'SUCCESS' });
    await sbx.control.setOutcome(b.paymentId, { status: 'FAILED', failedCode: 'INCORRECT_AMOUNT' });
    await sbx.control.setOutcome(c.paymentId, { status: 'SUCCESS' });
    const page = await list(sbx, { ...ALL_TIME, take: 1 });
    expect(page.payments).toHaveLength(1);
    expect([page.total, page.totalSucceed, page.totalFailed]).toEqual([3, 2, 1]);
    expect(page.amounts).toEqual([
      { currencyCode: 'INR', total: 50 },
      { currencyCode: 'USD', total: 11025 },
    ]);
  });

  test('should take 20 by default and at most 100 (profile)', async ({ sbx }) => {
    for (let i = 0; i < 21; i++) await sbx.create('payIn');
    const first = await list(sbx, ALL_TIME);
    expect(first.payments).toHaveLength(20);
    expect(first.nextId).toEqual(expect.any(String));
    for (const take of [0, 101, 2.5, -1]) {
      const exchange = await sbx.api.paymentsList({ ...ALL_TIME, take });
      expect(exchange.status, `take ${take}`).toBe(400);
    }
  });

  test('should answer 404 NOT_FOUND for an unknown fromId and 400 for a reversed or negative interval', async ({
    sbx,
  }) => {
    const unknown = await sbx.api.paymentsList({ ...ALL_TIME, fromId: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect([unknown.status, unknown.json]).toEqual([404, { error: 'NOT_FOUND' }]);
    const reversed = await sbx.api.paymentsList({ createdAtFrom: 10, createdAtTo: 9 });
    expect([reversed.status, reversed.json]).toEqual([400, { error: 'createdAtFrom is after createdAtTo' }]);
    const negative = await sbx.api.paymentsList({ createdAtFrom: -1, createdAtTo: 9 });
    expect(negative.status).toBe(400);
  });

  test('should continue from a fromId that the filters leave out, by its position', async ({ sbx }) => {
    const a = await sbx.create('payIn');
    const out = await sbx.create('payOut');
    const b = await sbx.create('payIn');
    const page = await list(sbx, { ...ALL_TIME, type: 'PAY_IN', fromId: out.paymentId });
    expect(page.payments.map((p) => p.id)).toEqual([b.paymentId]);
    expect(page.total).toBe(2);
    expect(a.paymentId).not.toBe(b.paymentId);
  });
});
