import type { ComplaintRecord } from '../domain/complaint-record.js';

/** Complaints by id and by payment: the sandbox allows one complaint per payment, so lookups are unambiguous. */
export class ComplaintStore {
  private readonly byId = new Map<string, ComplaintRecord>();
  private readonly byPaymentId = new Map<string, ComplaintRecord>();

  add(record: ComplaintRecord): ComplaintRecord {
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
