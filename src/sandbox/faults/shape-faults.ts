import type { Complaint } from '../../../generated/complaints/complaint.gen.js';
import type { CreatePaymentResponse } from '../../../generated/payments/create-payment.response.gen.js';
import type { Payment } from '../../../generated/payments/payment.gen.js';
import type { FaultSet } from './fault-set.js';

/**
 * A payment record as a faulty service would shape it; untouched when no shape fault is on. `accountOf` gives the
 * account id of a method, for the fault that mixes the two ids up.
 */
export function faultyPayment(
  view: Payment,
  faults: FaultSet,
  accountOf: (methodId: string) => number | undefined,
): unknown {
  const out: Record<string, unknown> = { ...view };
  if (faults.has('payment-missing-created-at')) delete out.createdAt;
  if (faults.has('payment-created-at-no-millis')) out.createdAt = view.createdAt.replace(/\.\d{3}Z$/, 'Z');
  if (faults.has('payment-amount-as-string')) out.amount = view.amount.toFixed(2);
  else if (faults.has('payment-amount-truncated')) out.amount = Math.trunc(view.amount);
  if (faults.has('payment-status-lowercase')) out.status = view.status.toLowerCase();
  if (faults.has('payment-drops-merchant-user-id')) delete out.merchantUserId;
  if (faults.has('status-merchant-payment-id-truncated') && typeof view.merchantPaymentId === 'string') {
    out.merchantPaymentId = view.merchantPaymentId.slice(0, 32);
  }
  if (faults.has('status-large-amount-float32') && view.amount >= 1_000_000) out.amount = Math.fround(view.amount);
  if (faults.has('payment-client-fields-empty')) out.clientFieldsValues = [];
  if (faults.has('payment-method-id-is-account-id')) out.paymentMethodId = String(accountOf(view.paymentMethodId));
  if (faults.has('payment-currency-default')) out.currencyCode = 'USD';
  if (faults.has('payment-failed-code-renamed') && view.failedCode === 'RECIPIENT_LIMIT')
    out.failedCode = 'LIMIT_EXCEEDED';
  if (faults.has('attachment-not-shown')) delete out.attachment;
  return out;
}

/** The status check of a service that answers from a cache filled at creation. */
export function staleStatus(view: Payment, faults: FaultSet): Payment {
  if (!faults.has('status-stale')) return view;
  const { failedCode: _failedCode, ...rest } = view;
  return { ...rest, status: 'PENDING' };
}

export function faultyCreateResponse(response: CreatePaymentResponse, faults: FaultSet): unknown {
  const out: Record<string, unknown> = { ...response };
  if (faults.has('create-response-missing-payment-id')) delete out.paymentId;
  if (faults.has('create-is-succeed-false')) out.isSucceed = false;
  return out;
}

export function faultyComplaint(view: Complaint, faults: FaultSet): unknown {
  const out: Record<string, unknown> = { ...view };
  if (faults.has('complaint-missing-merchant-payment-id')) delete out.merchantPaymentId;
  if (faults.has('complaint-merchant-payment-id-is-payment-id')) out.merchantPaymentId = view.paymentId;
  return out;
}

/** The complaint status check of a service that answers from a cache filled at creation. */
export function staleComplaint(view: Complaint, faults: FaultSet): Complaint {
  return faults.has('complaint-status-stale') ? { ...view, status: 'PENDING' } : view;
}
