import type { PostbackFailedCode } from '../../../generated/common/definitions.gen.js';
import type { ComplaintPostback } from '../../../generated/postbacks/complaint-postback.gen.js';
import type { PaymentPostback } from '../../../generated/postbacks/payment-postback.gen.js';
import type { ComplaintRecord } from '../domain/complaint-record.js';
import { toMajorUnits } from '../domain/money.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { FaultSet } from '../faults/fault-set.js';

type Unsigned<T> = T extends unknown ? Omit<T, 'publicKey' | 'hash'> : never;

/**
 * The postback's failedCode set has no RECIPIENT_LIMIT (§2.5) although the payment record's has (§2.1): the
 * sandbox reports such a failure as ANOTHER_REASON in postbacks (sandbox README).
 */
function postbackFailedCode(record: PaymentRecord): PostbackFailedCode {
  const code = record.failedCode ?? 'ANOTHER_REASON';
  return code === 'RECIPIENT_LIMIT' ? 'ANOTHER_REASON' : code;
}

/** The payment postback of §2.5 before signing: merchant ids only when given at creation. */
export function paymentPostbackFields(record: PaymentRecord, faults: FaultSet): Record<string, unknown> {
  const common = {
    id: record.id,
    paymentMethodId: record.paymentMethodId,
    amount: toMajorUnits(record.amountMinor),
    currency: record.currencyCode,
    clientFieldsValues: record.clientFieldsValues.map((f) => ({ key: f.key, value: f.value })),
    ...(record.merchantPaymentId === undefined ? {} : { merchantPaymentId: record.merchantPaymentId }),
    ...(record.merchantUserId === undefined ? {} : { merchantUserId: record.merchantUserId }),
    createdAt: new Date(record.createdAtMs).toISOString(),
  };
  const fields: Unsigned<PaymentPostback> =
    record.status === 'SUCCESS'
      ? { ...common, status: 'SUCCESS', failedCode: null }
      : { ...common, status: 'FAILED', failedCode: postbackFailedCode(record) };
  const out: Record<string, unknown> = { ...fields };
  if (faults.has('postback-need-check-sent') && record.status === 'NEED_CHECK') {
    out.status = 'NEED_CHECK';
    out.failedCode = null;
  }
  if (faults.has('postback-currency-code')) {
    delete out.currency;
    out.currencyCode = record.currencyCode;
  }
  return out;
}

/** The complaint postback of §2.6 before signing. */
export function complaintPostbackFields(record: ComplaintRecord, merchantId: string): Unsigned<ComplaintPostback> {
  if (record.status !== 'COMPLETED' && record.status !== 'DECLINED') {
    throw new Error(`no complaint postback for status ${record.status}`);
  }
  return {
    id: record.id,
    merchantId,
    paymentMethodId: record.paymentMethodId,
    currency: record.currencyCode,
    merchantPaymentId: record.merchantPaymentId,
    creditedMerchantPaymentId: record.creditedMerchantPaymentId ?? null,
    merchantUserId: record.merchantUserId ?? null,
    identifier: record.identifier ?? null,
    paymentId: record.paymentId,
    status: record.status,
    comment: record.comment ?? null,
    amount: record.amountMinor === undefined ? null : toMajorUnits(record.amountMinor),
    createdAt: new Date(record.createdAtMs).toISOString(),
    updatedAt: new Date(record.updatedAtMs).toISOString(),
  };
}
