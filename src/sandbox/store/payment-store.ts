import type { PaymentRecord } from '../domain/payment-record.js';

/**
 * Payments in creation order. The sandbox clock never goes backwards, so insertion order is (createdAtMs, seq)
 * order, the list's keyset order (§4.4): a fromId is a position, and a page is a scan from it.
 */
export class PaymentStore {
  private readonly ordered: PaymentRecord[] = [];
  private readonly byId = new Map<string, PaymentRecord>();
  private readonly positions = new Map<string, number>();
  private readonly byMerchantPaymentId = new Map<string, PaymentRecord>();
  private nextSeq = 1;

  add(record: Omit<PaymentRecord, 'seq'>): PaymentRecord {
    const last = this.ordered.at(-1);
    if (last !== undefined && record.createdAtMs < last.createdAtMs) {
      throw new Error('payments must be added in creation order');
    }
    const stored: PaymentRecord = { ...record, seq: this.nextSeq++ };
    this.positions.set(stored.id, this.ordered.length);
    this.ordered.push(stored);
    this.byId.set(stored.id, stored);
    if (stored.merchantPaymentId !== undefined) {
      this.byMerchantPaymentId.set(merchantKey(stored.merchantId, stored.merchantPaymentId), stored);
    }
    return stored;
  }

  get(merchantId: string, id: string): PaymentRecord | undefined {
    const record = this.byId.get(id);
    return record?.merchantId === merchantId ? record : undefined;
  }

  /** Any merchant's payment: for the control API and the hosted payment page. */
  getAny(id: string): PaymentRecord | undefined {
    return this.byId.get(id);
  }

  getByMerchantPaymentId(merchantId: string, merchantPaymentId: string): PaymentRecord | undefined {
    return this.byMerchantPaymentId.get(merchantKey(merchantId, merchantPaymentId));
  }

  /** The keyset position of a payment, for a list that starts from it. */
  position(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** Payments from `start` on, in keyset order. */
  *from(start = 0): Generator<PaymentRecord> {
    for (let i = start; i < this.ordered.length; i++) {
      const record = this.ordered[i];
      if (record !== undefined) yield record;
    }
  }

  get size(): number {
    return this.ordered.length;
  }

  clear(): void {
    this.ordered.length = 0;
    this.byId.clear();
    this.positions.clear();
    this.byMerchantPaymentId.clear();
  }
}

function merchantKey(merchantId: string, merchantPaymentId: string): string {
  return `${merchantId}\u0000${merchantPaymentId}`;
}
