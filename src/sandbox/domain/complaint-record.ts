import type { ComplaintStatus } from '../../../generated/common/definitions.gen.js';
import type { Complaint } from '../../../generated/complaints/complaint.gen.js';
import { toMajorUnits } from './money.js';
import { type RecordStyle, recordTime } from './record-style.js';

/** A complaint as the sandbox keeps it; `complaintView` gives the interface's shape (§2.4). */
export interface ComplaintRecord {
  readonly id: string;
  readonly merchantId: string;
  readonly paymentId: string;
  /** §2.4 requires it: complaints can only be raised about payments that have one. */
  readonly merchantPaymentId: string;
  readonly merchantUserId: string | undefined;
  readonly paymentMethodId: string;
  readonly currencyCode: string;
  readonly amountMinor: number | undefined;
  readonly comment: string | undefined;
  readonly identifier: string | undefined;
  readonly creditedMerchantPaymentId: string | undefined;
  readonly postBackUrl: string;
  readonly createdAtMs: number;
  updatedAtMs: number;
  status: ComplaintStatus;
}

/** The complaint record of §2.4; createdAt and updatedAt in the flavour's style (record-style.ts). */
export function complaintView(record: ComplaintRecord, style?: RecordStyle): Complaint {
  return {
    id: record.id,
    merchantPaymentId: record.merchantPaymentId,
    ...(record.merchantUserId === undefined ? {} : { merchantUserId: record.merchantUserId }),
    paymentMethodId: record.paymentMethodId,
    currencyCode: record.currencyCode,
    paymentId: record.paymentId,
    status: record.status,
    ...(record.amountMinor === undefined ? {} : { amount: toMajorUnits(record.amountMinor) }),
    ...(record.comment === undefined ? {} : { comment: record.comment }),
    createdAt: recordTime(record.createdAtMs, style),
    updatedAt: recordTime(record.updatedAtMs, style),
  };
}
