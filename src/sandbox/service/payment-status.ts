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
  const { faults } = ctx;
  const byId = () => {
    const found = keys.paymentId === undefined ? undefined : ctx.payments.get(merchant.id, keys.paymentId);
    // A service whose id index is built on merchant ids misses payments created without one.
    return faults.has('status-id-lookup-needs-merchant-id') && found?.merchantPaymentId === undefined
      ? undefined
      : found;
  };
  const byMerchantId = () => {
    const found =
      keys.merchantPaymentId === undefined
        ? undefined
        : ctx.payments.getByMerchantPaymentId(merchant.id, keys.merchantPaymentId);
    return faults.has('status-merchant-id-lookup-payin-only') && found?.type === 'PAY_OUT' ? undefined : found;
  };
  if (faults.has('status-lookup-merchant-id-first')) return byMerchantId() ?? byId();
  if (faults.has('status-no-fallback') && keys.paymentId !== undefined) return byId();
  return byId() ?? byMerchantId();
}

/** How long the fault's cache keeps an answer, on the sandbox's clock. */
const CACHE_MS = 5_000;
const caches = new WeakMap<SandboxContext, Map<string, { readonly view: PaymentRecord; readonly at: number }>>();

/** The record as a cache in front of the store shows it: what it held when first read, for five seconds. */
function cached(ctx: SandboxContext, record: PaymentRecord): PaymentRecord {
  const cache = caches.get(ctx) ?? new Map<string, { readonly view: PaymentRecord; readonly at: number }>();
  caches.set(ctx, cache);
  const now = ctx.clock.now();
  const hit = cache.get(record.id);
  if (hit !== undefined && now - hit.at < CACHE_MS) return hit.view;
  const view = { ...record };
  cache.set(record.id, { view, at: now });
  return view;
}

/** The payment status check (§4.3): the payment, or 404 NOT_FOUND. */
export function paymentStatus(
  ctx: SandboxContext,
  merchant: Merchant,
  body: PaymentStatusRequest,
): PaymentRecord | 'none' {
  const record = lookUpPayment(ctx, merchant, body);
  if (record !== undefined) return ctx.faults.has('status-cached-5s') ? cached(ctx, record) : record;
  if (ctx.faults.has('error-unknown-payment-200')) return 'none';
  throw ApiError.notFound();
}
