import type {
  ClientFieldValue,
  FailedCode,
  PaymentStatus,
  PaymentType,
} from '../../../generated/common/definitions.gen.js';
import type { Payment } from '../../../generated/payments/payment.gen.js';
import { toMajorUnits } from './money.js';
import { type RecordStyle, recordTime } from './record-style.js';

/** A payment as the sandbox keeps it; `paymentView` gives the interface's shape (§2.1). */
export interface PaymentRecord {
  readonly id: string;
  readonly merchantId: string;
  readonly type: PaymentType;
  readonly paymentMethodId: string;
  readonly amountMinor: number;
  readonly currencyCode: string;
  readonly clientFieldsValues: readonly ClientFieldValue[];
  readonly merchantPaymentId: string | undefined;
  readonly merchantUserId: string | undefined;
  readonly postBackUrl: string | undefined;
  readonly successRedirectUrl: string | undefined;
  readonly failureRedirectUrl: string | undefined;
  readonly redirectUrl: string | undefined;
  readonly attachment: { readonly id: string; readonly url: string } | undefined;
  readonly smsRequired: boolean;
  readonly createdAtMs: number;
  status: PaymentStatus;
  failedCode: FailedCode | undefined;
  smsConfirmed: boolean;
}

/**
 * The payment record of §2.1: optional members only when set; createdAt ISO 8601 UTC with milliseconds, or in the
 * flavour's style (record-style.ts).
 */
export function paymentView(record: PaymentRecord, style?: RecordStyle): Payment {
  return {
    id: record.id,
    currencyCode: record.currencyCode,
    paymentMethodId: record.paymentMethodId,
    status: record.status,
    amount: toMajorUnits(record.amountMinor),
    clientFieldsValues: record.clientFieldsValues.map((f) => ({ key: f.key, value: f.value })),
    ...(record.merchantPaymentId === undefined ? {} : { merchantPaymentId: record.merchantPaymentId }),
    ...(record.merchantUserId === undefined ? {} : { merchantUserId: record.merchantUserId }),
    ...(record.failedCode === undefined ? {} : { failedCode: record.failedCode }),
    ...(record.attachment === undefined ? {} : { attachment: { ...record.attachment } }),
    ...(record.postBackUrl === undefined ? {} : { postBackUrl: record.postBackUrl }),
    createdAt: recordTime(record.createdAtMs, style),
  };
}
