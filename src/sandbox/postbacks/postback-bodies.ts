import type { FailedCode } from '../../../generated/common/definitions.gen.js';
import type { ComplaintPostback } from '../../../generated/postbacks/complaint-postback.gen.js';
import type { PaymentPostback } from '../../../generated/postbacks/payment-postback.gen.js';
import type { ComplaintRecord } from '../domain/complaint-record.js';
import { toMajorUnits } from '../domain/money.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { FaultSet } from '../faults/fault-set.js';

type Unsigned<T> = T extends unknown ? Omit<T, 'publicKey' | 'hash'> : never;

/**
 * The postback's failedCode set has no RECIPIENT_LIMIT (§2.5) although the payment record's has (§2.1): such a
 * failure is posted with the code the conventions state (postbackRecipientLimitCode; the sandbox's own is
 * ANOTHER_REASON, the foreign flavour's RECIPIENT_LIMIT itself). The fault posts it with another one.
 */
function postbackFailedCode(
  code: FailedCode | undefined,
  recipientLimitCode: FailedCode,
  faults: FaultSet,
): FailedCode {
  if (code !== 'RECIPIENT_LIMIT') return code ?? 'ANOTHER_REASON';
  if (!faults.has('postback-recipient-limit-other-code')) return recipientLimitCode;
  return recipientLimitCode === 'RECIPIENT_LIMIT' ? 'ANOTHER_REASON' : 'RECIPIENT_LIMIT';
}

/** The payment postback of §2.5 before signing: merchant ids only when given at creation. */
export function paymentPostbackFields(
  record: PaymentRecord,
  faults: FaultSet,
  recipientLimitCode: FailedCode,
  previousFailedCode?: FailedCode,
): Record<string, unknown> {
  const merchantUserId = faults.has('postback-omits-merchant-user-id') ? undefined : record.merchantUserId;
  const createdAt = new Date(record.createdAtMs).toISOString();
  const common = {
    id: record.id,
    paymentMethodId: record.paymentMethodId,
    amount: faults.has('postback-amount-in-minor-units') ? record.amountMinor : toMajorUnits(record.amountMinor),
    currency: record.currencyCode,
    clientFieldsValues: record.clientFieldsValues.map((f) => ({ key: f.key, value: f.value })),
    ...(record.merchantPaymentId === undefined ? {} : { merchantPaymentId: record.merchantPaymentId }),
    ...(merchantUserId === undefined ? {} : { merchantUserId }),
    createdAt: faults.has('postback-created-at-no-millis') ? createdAt.replace(/\.\d{3}Z$/, 'Z') : createdAt,
  };
  const fields: Unsigned<PaymentPostback> =
    record.status === 'SUCCESS'
      ? { ...common, status: 'SUCCESS', failedCode: null }
      : { ...common, status: 'FAILED', failedCode: postbackFailedCode(record.failedCode, recipientLimitCode, faults) };
  const out: Record<string, unknown> = { ...fields };
  if (faults.has('postback-success-keeps-failed-code') && record.status === 'SUCCESS' && previousFailedCode) {
    // A FAILED → SUCCESS re-evaluation that forgot to clear the reason.
    out.failedCode = postbackFailedCode(previousFailedCode, recipientLimitCode, faults);
  }
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

/** The complaint postback of §2.6 before signing (with the faults that change it). */
export function complaintPostbackFields(
  record: ComplaintRecord,
  merchantId: string,
  faults: FaultSet,
): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...complaintPostback(record, merchantId) };
  if (record.status === 'APPROVED' && faults.has('complaint-postback-on-approved')) fields.status = 'APPROVED';
  if (faults.has('complaint-postback-id-is-payment-id')) fields.id = record.paymentId;
  if (faults.has('complaint-postback-currency-code')) {
    delete fields.currency;
    fields.currencyCode = record.currencyCode;
  }
  return fields;
}

function complaintPostback(record: ComplaintRecord, merchantId: string): Unsigned<ComplaintPostback> {
  const status = record.status === 'DECLINED' ? 'DECLINED' : 'COMPLETED';
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
    // Only COMPLETED and DECLINED complaints get a postback (§2.6); the APPROVED fault overrides it afterwards.
    status,
    comment: record.comment ?? null,
    amount: record.amountMinor === undefined ? null : toMajorUnits(record.amountMinor),
    createdAt: new Date(record.createdAtMs).toISOString(),
    updatedAt: new Date(record.updatedAtMs).toISOString(),
  };
}
