import { expect, test } from '../../../fixtures/self/sandbox-harness.js';
import type { ComplaintStatus, PaymentStatus } from '../../../generated/common/definitions.gen.js';
import { ControlError } from '../../../src/control/sandbox-control-client.js';
import { MAGIC_FLIP_DELAY_MS, MAGIC_OUTCOME_DELAY_MS } from '../../../src/sandbox/domain/magic-amounts.js';

const OUTCOMES = ['SUCCESS', 'FAILED', 'NEED_CHECK'] as const;

async function refused(call: Promise<unknown>): Promise<number> {
  return call.then(
    () => 200,
    (error: unknown) => (error instanceof ControlError ? error.status : -1),
  );
}

test.describe('payment transitions (§3.1 and the design brief §4)', () => {
  test('should start PENDING and allow every outcome from PENDING and SUCCESS or FAILED from NEED_CHECK', async ({
    sbx,
  }) => {
    const allowed: Record<'PENDING' | 'NEED_CHECK', readonly PaymentStatus[]> = {
      PENDING: ['SUCCESS', 'FAILED', 'NEED_CHECK'],
      NEED_CHECK: ['SUCCESS', 'FAILED'],
    };
    for (const from of ['PENDING', 'NEED_CHECK'] as const) {
      for (const to of OUTCOMES) {
        const { paymentId } = await sbx.create('payIn');
        expect((await sbx.control.payment(paymentId)).status).toBe('PENDING');
        if (from === 'NEED_CHECK') await sbx.control.setOutcome(paymentId, { status: 'NEED_CHECK' });
        const outcome =
          to === 'FAILED' ? ({ status: to, failedCode: 'RECIPIENT_LIMIT' } as const) : ({ status: to } as const);
        const status = await refused(sbx.control.setOutcome(paymentId, outcome));
        expect(status, `${from} → ${to}`).toBe(allowed[from].includes(to) ? 200 : 409);
      }
    }
  });

  test('should refuse a new outcome for a settled payment, and flip SUCCESS ↔ FAILED only', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn');
    expect(await refused(sbx.control.flip(paymentId))).toBe(409);
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    for (const to of OUTCOMES) {
      const outcome = to === 'FAILED' ? ({ status: to, failedCode: 'NO_AMOUNT' } as const) : ({ status: to } as const);
      expect(await refused(sbx.control.setOutcome(paymentId, outcome)), `SUCCESS → ${to}`).toBe(409);
    }
    expect(await sbx.control.flip(paymentId, 'INCORRECT_FIELDS')).toEqual(
      expect.objectContaining({ status: 'FAILED', failedCode: 'INCORRECT_FIELDS' }),
    );
    const back = await sbx.control.flip(paymentId);
    expect(back.status).toBe('SUCCESS');
    expect(back).not.toHaveProperty('failedCode');
    expect((await sbx.control.flip(paymentId)).failedCode).toBe('ANOTHER_REASON');
  });

  test('should show the outcome and its failedCode on the status check', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn');
    await sbx.control.setOutcome(paymentId, { status: 'FAILED', failedCode: 'RECIPIENT_LIMIT' });
    const status = await sbx.api.paymentStatus({ paymentId });
    expect(status.json).toEqual(expect.objectContaining({ status: 'FAILED', failedCode: 'RECIPIENT_LIMIT' }));
  });

  test('should answer 404 from the control API for an unknown payment', async ({ sbx }) => {
    expect(await refused(sbx.control.setOutcome('no-such', { status: 'SUCCESS' }))).toBe(404);
  });
});

test.describe('complaint transitions (§3.2 and the design brief §4)', () => {
  const ALL: readonly ComplaintStatus[] = ['PENDING', 'NEED_CHECK', 'APPROVED', 'DECLINED', 'COMPLETED'];
  const NEXT: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
    PENDING: ['NEED_CHECK', 'APPROVED', 'DECLINED'],
    NEED_CHECK: ['APPROVED', 'DECLINED'],
    APPROVED: ['COMPLETED'],
    COMPLETED: ['DECLINED'],
    DECLINED: ['COMPLETED'],
  };
  /** A path from PENDING to each status. */
  const PATH: Record<ComplaintStatus, readonly Exclude<ComplaintStatus, 'PENDING'>[]> = {
    PENDING: [],
    NEED_CHECK: ['NEED_CHECK'],
    APPROVED: ['APPROVED'],
    DECLINED: ['DECLINED'],
    COMPLETED: ['APPROVED', 'COMPLETED'],
  };

  for (const from of ALL) {
    test(`should allow exactly ${NEXT[from].join(', ')} from ${from}`, async ({ sbx }) => {
      for (const to of ALL.filter((s): s is Exclude<ComplaintStatus, 'PENDING'> => s !== 'PENDING')) {
        const { paymentId } = await sbx.create('payIn');
        const complaint = await sbx.control.createComplaint({ paymentId, postBackUrl: `${sbx.receiver.url}/c` });
        for (const step of PATH[from]) await sbx.control.moveComplaint(complaint.id, step);
        const status = await refused(sbx.control.moveComplaint(complaint.id, to));
        expect(status, `${from} → ${to}`).toBe(NEXT[from].includes(to) ? 200 : 409);
      }
    });
  }

  test('should flip COMPLETED ↔ DECLINED only, and keep updatedAt moving', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn');
    const complaint = await sbx.control.createComplaint({ paymentId, postBackUrl: `${sbx.receiver.url}/c` });
    expect(await refused(sbx.control.flipComplaint(complaint.id))).toBe(409);
    await sbx.control.moveComplaint(complaint.id, 'APPROVED');
    await sbx.control.advance(1_000);
    const completed = await sbx.control.moveComplaint(complaint.id, 'COMPLETED');
    expect(Date.parse(completed.updatedAt)).toBeGreaterThan(Date.parse(completed.createdAt));
    expect((await sbx.control.flipComplaint(complaint.id)).status).toBe('DECLINED');
    expect((await sbx.control.flipComplaint(complaint.id)).status).toBe('COMPLETED');
  });
});

test.describe('magic amounts (sandbox README)', () => {
  const table: [number, PaymentStatus, string | undefined, PaymentStatus | undefined][] = [
    [100.1, 'SUCCESS', undefined, undefined],
    [100.13, 'FAILED', 'INCORRECT_AMOUNT', undefined],
    [100.14, 'FAILED', 'NO_AMOUNT', undefined],
    [100.15, 'FAILED', 'INCORRECT_FIELDS', undefined],
    [100.16, 'FAILED', 'RECIPIENT_LIMIT', undefined],
    [100.17, 'FAILED', 'ANOTHER_REASON', undefined],
    [100.2, 'NEED_CHECK', undefined, undefined],
    [100.21, 'SUCCESS', undefined, 'FAILED'],
    [100.22, 'FAILED', 'ANOTHER_REASON', 'SUCCESS'],
    [100.99, 'PENDING', undefined, undefined],
  ];

  test('should settle a payment by the cents of its amount, and flip the flipping ones later', async ({ sbx }) => {
    const created = [];
    for (const [amount] of table) created.push((await sbx.create('payIn', { amount })).paymentId);
    for (const id of created) expect((await sbx.control.payment(id)).status).toBe('PENDING');
    await sbx.control.advance(MAGIC_OUTCOME_DELAY_MS);
    for (const [i, [amount, status, failedCode]] of table.entries()) {
      const payment = await sbx.control.payment(created[i] ?? '');
      expect([payment.status, payment.failedCode], `amount ${amount}`).toEqual([status, failedCode]);
    }
    await sbx.control.advance(MAGIC_FLIP_DELAY_MS);
    for (const [i, [amount, status, , flipsTo]] of table.entries()) {
      expect((await sbx.control.payment(created[i] ?? '')).status, `amount ${amount}`).toBe(flipsTo ?? status);
    }
  });

  test('should leave a payment alone when the control API settled it first', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', { amount: 100.13 });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.control.advance(MAGIC_OUTCOME_DELAY_MS + MAGIC_FLIP_DELAY_MS);
    expect((await sbx.control.payment(paymentId)).status).toBe('SUCCESS');
  });
});
