import type { Complaint } from '../../../generated/complaints/complaint.gen.js';
import type { CreatePaymentResponse } from '../../../generated/payments/create-payment.response.gen.js';
import type { Payment } from '../../../generated/payments/payment.gen.js';
import type { FaultSet } from './fault-set.js';

/** Response bodies as a faulty service would shape them; untouched when no shape fault is on. */
export function faultyPayment(view: Payment, faults: FaultSet): unknown {
  const out: Record<string, unknown> = { ...view };
  if (faults.has('payment-missing-created-at')) delete out.createdAt;
  if (faults.has('payment-amount-as-string')) out.amount = view.amount.toFixed(2);
  if (faults.has('payment-status-lowercase')) out.status = view.status.toLowerCase();
  if (faults.has('payment-drops-merchant-user-id')) delete out.merchantUserId;
  return out;
}

export function faultyCreateResponse(response: CreatePaymentResponse, faults: FaultSet): unknown {
  if (!faults.has('create-response-missing-payment-id')) return response;
  const { paymentId: _dropped, ...rest } = response;
  return rest;
}

export function faultyComplaint(view: Complaint, faults: FaultSet): unknown {
  if (!faults.has('complaint-missing-merchant-payment-id')) return view;
  const { merchantPaymentId: _dropped, ...rest } = view;
  return rest;
}
