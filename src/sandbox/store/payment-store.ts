import { SANDBOX_LIMITS } from '../config/sandbox-limits.js';
import type { PaymentRecord } from '../domain/payment-record.js';

/**
 * Payments in creation order. The sandbox clock never goes backwards, so insertion order is creation order, the
 * list's keyset order (§4.4): a fromId is a position, and a page is a scan from it. Records are stored as given, not
 * copied: 100,000 of them must fit in well under 200 MB (sandbox benchmark). Past `limit` the oldest tenth goes at
 * once (SANDBOX_LIMITS): positions stay absolute, so the keyset order of those kept does not change.
 */
export class PaymentStore {
  private readonly ordered: PaymentRecord[] = [];
  /** The position of ordered[0]: payments before it were dropped by the bound. */
  private base = 0;
  private readonly positions = new Map<string, number>();
  /** Per merchant, merchantPaymentId → position. */
  private readonly byMerchantPaymentId = new Map<string, Map<string, number>>();

  constructor(private readonly limit: number = SANDBOX_LIMITS.payments) {}

  add(record: PaymentRecord): PaymentRecord {
    const last = this.ordered.at(-1);
    if (last !== undefined && record.createdAtMs < last.createdAtMs) {
      throw new Error('payments must be added in creation order');
    }
    if (this.ordered.length >= this.limit) this.dropOldest(Math.max(1, Math.ceil(this.limit / 10)));
    const position = this.base + this.ordered.length;
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
    return position === undefined ? undefined : this.ordered[position - this.base];
  }

  getByMerchantPaymentId(merchantId: string, merchantPaymentId: string): PaymentRecord | undefined {
    const position = this.byMerchantPaymentId.get(merchantId)?.get(merchantPaymentId);
    return position === undefined ? undefined : this.ordered[position - this.base];
  }

  /** The keyset position of a payment, for a list that starts from it. */
  position(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** Payments from `start` on, in keyset order. */
  *from(start = 0): Generator<PaymentRecord> {
    for (let i = Math.max(0, start - this.base); i < this.ordered.length; i++) {
      const record = this.ordered[i];
      if (record !== undefined) yield record;
    }
  }

  get size(): number {
    return this.ordered.length;
  }

  /** Payments dropped by the bound so far. */
  get dropped(): number {
    return this.base;
  }

  private dropOldest(count: number): void {
    for (const record of this.ordered.splice(0, count)) {
      this.positions.delete(record.id);
      const ids = this.byMerchantPaymentId.get(record.merchantId);
      if (record.merchantPaymentId !== undefined && ids?.get(record.merchantPaymentId) === this.base) {
        ids.delete(record.merchantPaymentId);
      }
      this.base += 1;
    }
  }

  clear(): void {
    this.base = 0;
    this.ordered.length = 0;
    this.positions.clear();
    this.byMerchantPaymentId.clear();
  }
}
