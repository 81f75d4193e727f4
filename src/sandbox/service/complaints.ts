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
    if (amountMinor === undefined) throw ApiError.badRequest('amount must be above 0, with at most two decimals');
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
    status: 'PENDING',
  });
}

/** The complaint status check (§4.5): by id first, then paymentId, then merchantPaymentId; 404 NOT_FOUND. */
export function complaintStatus(
  ctx: SandboxContext,
  merchant: Merchant,
  body: ComplaintStatusRequest,
): ComplaintRecord {
  const byId = () => (body.id === undefined ? undefined : ctx.complaints.get(merchant.id, body.id));
  const byPaymentId = () => {
    const payment = body.paymentId === undefined ? undefined : ctx.payments.get(merchant.id, body.paymentId);
    return payment === undefined ? undefined : ctx.complaints.forPayment(payment.id);
  };
  const byMerchantPaymentId = () => {
    const payment =
      body.merchantPaymentId === undefined
        ? undefined
        : ctx.payments.getByMerchantPaymentId(merchant.id, body.merchantPaymentId);
    return payment === undefined ? undefined : ctx.complaints.forPayment(payment.id);
  };
  const found = ctx.faults.has('complaint-lookup-payment-id-first')
    ? (byPaymentId() ?? byId() ?? byMerchantPaymentId())
    : (byId() ?? byPaymentId() ?? byMerchantPaymentId());
  if (found === undefined) throw ApiError.notFound();
  return found;
}

/** Moves a complaint along its transitions (design brief §4); a postback on COMPLETED and DECLINED (§6). */
export function moveComplaint(ctx: SandboxContext, record: ComplaintRecord, status: ComplaintStatus): void {
  if (!canMoveComplaint(record.status, status))
    throw new ApiError(409, `a ${record.status} complaint cannot become ${status}`);
  record.status = status;
  record.updatedAtMs = ctx.clock.now();
  ctx.log(`complaint ${record.id}: ${status}`);
  for (const merchant of ctx.merchants.values()) {
    if (merchant.id === record.merchantId) ctx.postbacks.complaintChanged(record, merchant);
  }
}

/** Re-evaluation of a resolved complaint: COMPLETED ↔ DECLINED (§3.2). */
export function flipComplaint(ctx: SandboxContext, record: ComplaintRecord): void {
  if (record.status === 'COMPLETED') moveComplaint(ctx, record, 'DECLINED');
  else if (record.status === 'DECLINED') moveComplaint(ctx, record, 'COMPLETED');
  else throw new ApiError(409, `only COMPLETED and DECLINED complaints flip; this one is ${record.status}`);
}
