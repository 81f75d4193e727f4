import type { ComplaintRecord } from '../domain/complaint-record.js';

/** Complaints by id and by payment: the sandbox allows one complaint per payment, so lookups are unambiguous. */
export class ComplaintStore {
  private readonly byId = new Map<string, ComplaintRecord>();
  private readonly byPaymentId = new Map<string, ComplaintRecord>();
  private nextSeq = 1;

  add(record: Omit<ComplaintRecord, 'seq'>): ComplaintRecord {
    const stored: ComplaintRecord = { ...record, seq: this.nextSeq++ };
    this.byId.set(stored.id, stored);
    this.byPaymentId.set(stored.paymentId, stored);
    return stored;
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
