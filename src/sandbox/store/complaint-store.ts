import { SANDBOX_LIMITS } from '../config/sandbox-limits.js';
import type { ComplaintRecord } from '../domain/complaint-record.js';

/**
 * Complaints by id and by payment: the sandbox allows one complaint per payment, so lookups are unambiguous. Past
 * `limit` the oldest go (SANDBOX_LIMITS).
 */
export class ComplaintStore {
  private readonly byId = new Map<string, ComplaintRecord>();
  private readonly byPaymentId = new Map<string, ComplaintRecord>();

  constructor(private readonly limit: number = SANDBOX_LIMITS.complaints) {}

  add(record: ComplaintRecord): ComplaintRecord {
    // A Map keeps insertion order: its first entry is the oldest complaint.
    for (const [id, oldest] of this.byId) {
      if (this.byId.size < this.limit) break;
      this.byId.delete(id);
      if (this.byPaymentId.get(oldest.paymentId) === oldest) this.byPaymentId.delete(oldest.paymentId);
    }
    this.byId.set(record.id, record);
    this.byPaymentId.set(record.paymentId, record);
    return record;
  }

  get(merchantId: string, id: string): ComplaintRecord | undefined {
    const record = this.byId.get(id);
    return record?.merchantId === merchantId ? record : undefined;
  }

  getAny(id: string): ComplaintRecord | undefined {
    return this.byId.get(id);
  }

  forPayment(paymentId: string): ComplaintRecord | undefined {
    return this.byPaymentId.get(paymentId);
  }

  clear(): void {
    this.byId.clear();
    this.byPaymentId.clear();
  }
}
