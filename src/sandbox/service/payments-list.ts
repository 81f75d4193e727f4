import type { PaymentsListRequest } from '../../../generated/payments/payments-list.request.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import { toMajorUnits } from '../domain/money.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { SandboxContext } from '../sandbox-context.js';

export interface PaymentsPage {
  readonly payments: PaymentRecord[];
  readonly total: number;
  readonly totalSucceed: number;
  readonly totalFailed: number;
  readonly amounts: { total: number; currencyCode: string }[];
  readonly nextId: string | undefined;
}

function integerAtLeast(member: string, value: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
    throw ApiError.badRequest(`${member} must be an integer from ${min} to ${max}`);
  }
}

/**
 * The payments list (§4.4). Keyset pagination in creation order: a page starts at fromId (inclusive) and nextId
 * is the first payment of the next page. total, totalSucceed, totalFailed and amounts count the whole filtered set,
 * not the page (§2.2). The interval's unit and bounds are the profile's conventions.
 */
export function listPayments(ctx: SandboxContext, merchant: Merchant, body: PaymentsListRequest): PaymentsPage {
  const { pageSize, listTimestampUnit, listBoundsInclusive, unknownFromId, amountTotalsUnit } = ctx.conventions;
  integerAtLeast('take', body.take, 1, pageSize.max);
  integerAtLeast('createdAtFrom', body.createdAtFrom, 0);
  integerAtLeast('createdAtTo', body.createdAtTo, 0);
  if (body.createdAtFrom > body.createdAtTo) throw ApiError.badRequest('createdAtFrom is after createdAtTo');
  const scale = listTimestampUnit === 's' ? 1000 : 1;
  const from = body.createdAtFrom * scale;
  const to = body.createdAtTo * scale;
  const endInclusive = listBoundsInclusive && !ctx.faults.has('list-interval-end-exclusive');
  const take = body.take ?? pageSize.default;
  const currency = ctx.faults.has('list-ignores-currency-filter') ? undefined : body.currencyCode;

  let start = 0;
  if (body.fromId !== undefined) {
    const position = ctx.payments.position(body.fromId);
    if (position === undefined || ctx.payments.get(merchant.id, body.fromId) === undefined) {
      throw unknownFromId === 404 ? ApiError.notFound() : ApiError.badRequest(`fromId ${body.fromId} is not a payment`);
    }
    start = position;
  }

  const matches = (p: PaymentRecord) =>
    p.merchantId === merchant.id &&
    p.createdAtMs >= from &&
    (endInclusive ? p.createdAtMs <= to : p.createdAtMs < to) &&
    (body.type === undefined || p.type === body.type) &&
    (body.status === undefined || p.status === body.status) &&
    (currency === undefined || p.currencyCode === currency);

  const all = [...ctx.payments.from(0)].filter(matches);
  const page: PaymentRecord[] = [];
  let following: PaymentRecord[] = [];
  for (const record of all) {
    if ((ctx.payments.position(record.id) ?? 0) < start) continue;
    if (page.length < take) page.push(record);
    else following.push(record);
    if (following.length >= 2) break;
  }
  if (ctx.faults.has('list-page-overlap') && following.length > 0) following = page.slice(-1);
  if (ctx.faults.has('list-page-skip')) following = following.slice(1);

  const counted = ctx.faults.has('list-totals-page-only') ? page : all;
  const sums = new Map<string, number>();
  for (const p of counted) sums.set(p.currencyCode, (sums.get(p.currencyCode) ?? 0) + p.amountMinor);
  return {
    payments: page,
    total: counted.length,
    totalSucceed: counted.filter((p) => p.status === 'SUCCESS').length,
    totalFailed: counted.filter((p) => p.status === 'FAILED').length,
    amounts: [...sums]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currencyCode, minor]) => ({
        currencyCode,
        total: amountTotalsUnit === 'minor' ? minor : toMajorUnits(minor),
      })),
    nextId: following[0]?.id,
  };
}
