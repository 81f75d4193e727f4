import { conforming } from '../../../fixtures/self/expect-schema.js';
import { expect, test } from '../../../fixtures/self/sandbox-harness.js';

test('should give 100 parallel creations 100 distinct payments and a list total of 100', async ({ sbx }) => {
  const created = await Promise.all(Array.from({ length: 100 }, () => sbx.api.createPayIn(sbx.fieldsFor('payIn'))));
  expect(created.map((e) => e.status)).toEqual(Array.from({ length: 100 }, () => 200));
  const ids = new Set(created.map((e) => conforming('payments/create-payment.response', e.json).paymentId));
  expect(ids.size).toBe(100);
  const list = conforming(
    'payments/payments-list',
    (await sbx.api.paymentsList({ createdAtFrom: 0, createdAtTo: 4_102_444_800_000, take: 100 })).json,
  );
  expect(list.total).toBe(100);
  expect(new Set(list.payments.map((p) => p.id))).toEqual(ids);
});

test('should keep one merchantPaymentId to one payment under parallel creations', async ({ sbx }) => {
  const fields = sbx.fieldsFor('payIn');
  const answers = await Promise.all(Array.from({ length: 20 }, () => sbx.api.createPayIn(fields)));
  expect(answers.filter((e) => e.status === 200)).toHaveLength(1);
  expect(answers.filter((e) => e.status === 400)).toHaveLength(19);
});
