import type { ComplaintStatus } from '../../../generated/common/definitions.gen.js';
import type { ComplaintStatusRequest } from '../../../generated/complaints/complaint-status.request.gen.js';
import type { ComplaintCreateRequest } from '../../../generated/other-operations/complaint-create.request.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import type { ComplaintRecord } from '../domain/complaint-record.js';
import { canMoveComplaint } from '../domain/complaint-transitions.js';
import { toMinorUnits } from '../domain/money.js';
import type { SandboxContext } from '../sandbox-context.js';
import { assertHttpUrl } from './absolute-url.js';
import { lookUpPayment } from './payment-status.js';

type ComplaintFields = Omit<ComplaintCreateRequest, 'publicKey' | 'hash'>;

/** A complaint about a payment (§4.7); one per payment, so lookups by payment are unambiguous. */
export function createComplaint(ctx: SandboxContext, merchant: Merchant, body: ComplaintFields): ComplaintRecord {
  assertHttpUrl('postBackUrl', body.postBackUrl);
  const payment = lookUpPayment(ctx, merchant, body);
  if (payment === undefined) throw ApiError.notFound();
  if (payment.merchantPaymentId === undefined) {
    throw ApiError.badRequest(
      `payment ${payment.id} has no merchantPaymentId, which a complaint record requires (§2.4)`,
    );
  }
  const existing = ctx.complaints.forPayment(payment.id);
  if (existing !== undefined) throw ApiError.badRequest(`payment ${payment.id} already has complaint ${existing.id}`);
  let amountMinor: number | undefined;
  if (body.amount !== undefined) {
    amountMinor = toMinorUnits(body.amount);
    if (amountMinor === undefined) throw ApiError.invalid('amount must be above 0, with at most two decimals');
  }
  const now = ctx.clock.now();
  return ctx.complaints.add({
    id: ctx.newId(),
    merchantId: merchant.id,
    paymentId: payment.id,
    merchantPaymentId: payment.merchantPaymentId,
    merchantUserId: payment.merchantUserId,
    paymentMethodId: payment.paymentMethodId,
    currencyCode: payment.currencyCode,
    amountMinor,
    comment: body.comment,
    identifier: body.identifier,
    creditedMerchantPaymentId: body.creditedMerchantPaymentId,
    postBackUrl: body.postBackUrl,
    createdAtMs: now,
    updatedAtMs: now,
    status: ctx.faults.has('complaint-create-starts-need-check') ? 'NEED_CHECK' : 'PENDING',
  });
}

/** The complaint status check (§4.5): by id first, then paymentId, then merchantPaymentId; 404 NOT_FOUND. */
export function complaintStatus(
  ctx: SandboxContext,
  merchant: Merchant,
  body: ComplaintStatusRequest,
): ComplaintRecord | 'none' {
  const { faults } = ctx;
  const forPayment = (payment: { id: string } | undefined) =>
    payment === undefined ? undefined : ctx.complaints.forPayment(payment.id);
  const byId = () => {
    if (body.id === undefined) return undefined;
    // A service that matches the complaint id against payment ids (the interface describes it as 'Payment ID').
    if (faults.has('complaint-id-lookup-uses-payment-id')) return forPayment(ctx.payments.get(merchant.id, body.id));
    return ctx.complaints.get(merchant.id, body.id);
  };
  const byPaymentId = () =>
    body.paymentId === undefined || faults.has('complaint-payment-id-lookup-missing')
      ? undefined
      : forPayment(ctx.payments.get(merchant.id, body.paymentId));
  const byMerchantPaymentId = () =>
    body.merchantPaymentId === undefined || faults.has('complaint-merchant-id-lookup-missing')
      ? undefined
      : forPayment(ctx.payments.getByMerchantPaymentId(merchant.id, body.merchantPaymentId));
  const found = faults.has('complaint-lookup-payment-id-first')
    ? (byPaymentId() ?? byId() ?? byMerchantPaymentId())
    : (byId() ?? byPaymentId() ?? byMerchantPaymentId());
  if (found !== undefined) return found;
  if (faults.has('complaint-unknown-200')) return 'none';
  throw ApiError.notFound();
}

/** Moves a complaint along its transitions (design brief §4); a postback on COMPLETED and DECLINED (§6). */
export function moveComplaint(ctx: SandboxContext, record: ComplaintRecord, status: ComplaintStatus): void {
  if (!canMoveComplaint(record.status, status))
    throw new ApiError(409, `a ${record.status} complaint cannot become ${status}`);
  const previous = record.status;
  record.status = status;
  record.updatedAtMs = ctx.clock.now();
  ctx.log(`complaint ${record.id}: ${status}`);
  for (const merchant of ctx.merchants.values()) {
    if (merchant.id === record.merchantId) ctx.postbacks.complaintChanged(record, merchant, previous);
  }
}

/** Re-evaluation of a resolved complaint: COMPLETED ↔ DECLINED (§3.2). */
export function flipComplaint(ctx: SandboxContext, record: ComplaintRecord): void {
  if (record.status === 'COMPLETED') moveComplaint(ctx, record, 'DECLINED');
  else if (record.status === 'DECLINED') moveComplaint(ctx, record, 'COMPLETED');
  else throw new ApiError(409, `only COMPLETED and DECLINED complaints flip; this one is ${record.status}`);
}
