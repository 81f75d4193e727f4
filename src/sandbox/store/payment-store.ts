import type { PaymentRecord } from '../domain/payment-record.js';

/**
 * Payments in creation order. The sandbox clock never goes backwards, so insertion order is creation order, the
 * list's keyset order (§4.4): a fromId is a position, and a page is a scan from it. Records are stored as given, not
 * copied: 100,000 of them must fit in well under 200 MB (sandbox benchmark).
 */
export class PaymentStore {
  private readonly ordered: PaymentRecord[] = [];
  private readonly positions = new Map<string, number>();
  /** Per merchant, merchantPaymentId → position. */
  private readonly byMerchantPaymentId = new Map<string, Map<string, number>>();

  add(record: PaymentRecord): PaymentRecord {
    const last = this.ordered.at(-1);
    if (last !== undefined && record.createdAtMs < last.createdAtMs) {
      throw new Error('payments must be added in creation order');
    }
    const position = this.ordered.length;
    this.positions.set(record.id, position);
    this.ordered.push(record);
    if (record.merchantPaymentId !== undefined) {
      let ids = this.byMerchantPaymentId.get(record.merchantId);
      if (ids === undefined) {
        ids = new Map();
        this.byMerchantPaymentId.set(record.merchantId, ids);
      }
      ids.set(record.merchantPaymentId, position);
    }
    return record;
  }

  get(merchantId: string, id: string): PaymentRecord | undefined {
    const record = this.getAny(id);
    return record?.merchantId === merchantId ? record : undefined;
  }

  /** Any merchant's payment: for the control API and the hosted payment page. */
  getAny(id: string): PaymentRecord | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.ordered[position];
  }

  getByMerchantPaymentId(merchantId: string, merchantPaymentId: string): PaymentRecord | undefined {
    const position = this.byMerchantPaymentId.get(merchantId)?.get(merchantPaymentId);
    return position === undefined ? undefined : this.ordered[position];
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
    this.positions.clear();
    this.byMerchantPaymentId.clear();
  }
}
