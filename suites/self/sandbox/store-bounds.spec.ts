/**
 * The sandbox keeps what a retention window would (issue 33, SANDBOX_LIMITS): past a bound the oldest payments,
 * complaints and images go, lookups of them answer nothing, and the keyset order of those kept does not move.
 */
import { expect, test } from '@playwright/test';
import type { ComplaintRecord } from '../../../src/sandbox/domain/complaint-record.js';
import type { PaymentRecord } from '../../../src/sandbox/domain/payment-record.js';
import { ComplaintStore } from '../../../src/sandbox/store/complaint-store.js';
import { MediaStore } from '../../../src/sandbox/store/media-store.js';
import { PaymentStore } from '../../../src/sandbox/store/payment-store.js';

function payment(n: number): PaymentRecord {
  return {
    id: `p-${n}`,
    merchantId: 'm-1',
    type: 'PAY_IN',
    paymentMethodId: 'sbx-card-in',
    amountMinor: 100 * n,
    currencyCode: 'USD',
    clientFieldsValues: [],
    merchantPaymentId: `kit-${n}`,
    merchantUserId: undefined,
    postBackUrl: undefined,
    successRedirectUrl: undefined,
    failureRedirectUrl: undefined,
    redirectUrl: undefined,
    attachment: undefined,
    smsRequired: false,
    createdAtMs: 1_000 + n,
    status: 'PENDING',
    failedCode: undefined,
    smsConfirmed: false,
  };
}

test.describe('sandbox stores: bounded', () => {
  test('should drop the oldest payments past the bound and keep the positions of the others', () => {
    const store = new PaymentStore(10);
    for (let n = 0; n < 25; n++) store.add(payment(n));
    expect(store.size).toBeLessThanOrEqual(10);
    expect(store.dropped).toBe(25 - store.size);
    expect(store.getAny('p-0')).toBeUndefined();
    expect(store.getByMerchantPaymentId('m-1', 'kit-0')).toBeUndefined();
    expect(store.get('m-1', 'p-24')?.amountMinor).toBe(2_400);
    expect(store.getByMerchantPaymentId('m-1', 'kit-24')?.id).toBe('p-24');
    // Positions are absolute: a page from a kept payment goes on from it, in creation order.
    expect(store.position('p-24')).toBe(24);
    expect([...store.from(store.position('p-20'))].map((p) => p.id)).toEqual(['p-20', 'p-21', 'p-22', 'p-23', 'p-24']);
    expect([...store.from(0)].map((p) => p.id)).toEqual(
      Array.from({ length: store.size }, (_, i) => `p-${25 - store.size + i}`),
    );
  });

  test('should drop the oldest complaints past the bound', () => {
    const store = new ComplaintStore(3);
    const complaint = (n: number) => ({ id: `c-${n}`, merchantId: 'm-1', paymentId: `p-${n}` }) as ComplaintRecord;
    for (let n = 0; n < 5; n++) store.add(complaint(n));
    expect(store.getAny('c-0')).toBeUndefined();
    expect(store.forPayment('p-1')).toBeUndefined();
    expect(['c-2', 'c-3', 'c-4'].map((id) => store.getAny(id)?.id)).toEqual(['c-2', 'c-3', 'c-4']);
    expect(store.forPayment('p-4')?.id).toBe('c-4');
  });

  test('should keep at most its bytes of images, the latest ones', () => {
    const store = new MediaStore(100);
    const image = (n: number, size: number) => ({
      id: `i-${n}`,
      merchantId: 'm-1',
      fileName: `${n}.png`,
      contentType: 'image/png' as const,
      bytes: Buffer.alloc(size),
    });
    store.add(image(1, 40));
    store.add(image(2, 40));
    store.add(image(3, 40));
    expect(store.get('i-1')).toBeUndefined();
    expect([store.get('i-2')?.id, store.get('i-3')?.id]).toEqual(['i-2', 'i-3']);
  });
});
