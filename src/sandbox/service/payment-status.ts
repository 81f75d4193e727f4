import type { PaymentStatusRequest } from '../../../generated/payments/payment-status.request.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { SandboxContext } from '../sandbox-context.js';

/**
 * The payment a lookup names: by paymentId first, then by merchantPaymentId (§4.3), so a paymentId that matches
 * nothing falls back to the merchantPaymentId.
 */
export function lookUpPayment(
  ctx: SandboxContext,
  merchant: Merchant,
  keys: { readonly paymentId?: string | undefined; readonly merchantPaymentId?: string | undefined },
): PaymentRecord | undefined {
  const byId = () => (keys.paymentId === undefined ? undefined : ctx.payments.get(merchant.id, keys.paymentId));
  const byMerchantId = () =>
    keys.merchantPaymentId === undefined
      ? undefined
      : ctx.payments.getByMerchantPaymentId(merchant.id, keys.merchantPaymentId);
  if (ctx.faults.has('status-lookup-merchant-id-first')) return byMerchantId() ?? byId();
  if (ctx.faults.has('status-no-fallback') && keys.paymentId !== undefined) return byId();
  return byId() ?? byMerchantId();
}

/** The payment status check (§4.3): the payment, or 404 NOT_FOUND. */
export function paymentStatus(
  ctx: SandboxContext,
  merchant: Merchant,
  body: PaymentStatusRequest,
): PaymentRecord | 'none' {
  const record = lookUpPayment(ctx, merchant, body);
  if (record !== undefined) return record;
  if (ctx.faults.has('error-unknown-payment-200')) return 'none';
  throw ApiError.notFound();
}
