import { randomUUID } from 'node:crypto';
import type { PaymentsListRequest } from '../../../generated/payments/payments-list.request.gen.js';
import {
  type BoundsForm,
  fromInclusive,
  inInterval as inIntervalOf,
  ticksOfMs,
  toInclusive,
} from '../../profile/list-time.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import { toMajorUnits } from '../domain/money.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { SandboxContext } from '../sandbox-context.js';
import { nextIdOf, startOf } from './list-cursor.js';

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
    throw ApiError.invalid(`${member} must be an integer from ${min} to ${max}`);
  }
}

/**
 * The payments list (§4.4). Keyset pagination in creation order: a page starts at fromId and nextId names where the
 * next one starts, in the conventions' nextId form (list-cursor.ts; the sandbox's own: fromId inclusive, nextId the
 * next page's first payment). total, totalSucceed, totalFailed and amounts count the whole filtered set,
 * not the page (§2.2). The interval's unit and bounds are the profile's conventions (list-time.ts).
 */
export function listPayments(ctx: SandboxContext, merchant: Merchant, body: PaymentsListRequest): PaymentsPage {
  const { faults } = ctx;
  const { pageSize, listTimestampUnit, listBoundsInclusive, unknownFromId, amountTotalsUnit } = ctx.conventions;
  const nextIdForm = ctx.conventions.nextId;
  // A payment's keyset position, when it is the merchant's.
  const positionOf = (id: string) =>
    ctx.payments.get(merchant.id, id) === undefined ? undefined : ctx.payments.position(id);
  integerAtLeast('take', body.take, 1, pageSize.max);
  integerAtLeast('createdAtFrom', body.createdAtFrom, 0);
  integerAtLeast('createdAtTo', body.createdAtTo, 0);
  if (body.createdAtFrom > body.createdAtTo) throw ApiError.invalid('createdAtFrom is after createdAtTo');
  const from = body.createdAtFrom;
  const to = body.createdAtTo;
  // The bounds as the conventions read them; the fault turns an inclusive end exclusive.
  const bounds: BoundsForm =
    faults.has('list-interval-end-exclusive') && toInclusive(listBoundsInclusive) === true
      ? fromInclusive(listBoundsInclusive) === true
        ? 'from'
        : false
      : listBoundsInclusive;
  const take =
    (body.take ?? (faults.has('list-take-default-50') ? 50 : pageSize.default)) +
    (faults.has('list-take-off-by-one') ? 1 : 0);
  const type = faults.has('list-ignores-type-filter') ? undefined : body.type;
  const statusDropped =
    faults.has('list-ignores-status-filter') ||
    (faults.has('list-status-ignored-with-type') && body.type !== undefined);
  const status = statusDropped ? undefined : body.status;
  const currencyDropped =
    faults.has('list-ignores-currency-filter') ||
    (faults.has('list-currency-ignored-with-status') && body.status !== undefined);
  const currency = currencyDropped ? undefined : body.currencyCode;

  let start = 0;
  if (body.fromId !== undefined) {
    // Where the fromId starts a page, as the conventions' nextId form reads it (list-cursor.ts).
    const position = startOf(nextIdForm, merchant.id, body.fromId, positionOf);
    if (position === undefined) {
      if (faults.has('list-unknown-from-id-empty')) return emptyPage();
      throw unknownFromId === 404 ? ApiError.notFound() : ApiError.badRequest(`fromId ${body.fromId} is not a payment`);
    }
    start = position;
  }

  // A payment's time in the list's unit: a bound in seconds holds every millisecond of its second.
  const inInterval = (createdAtMs: number) => inIntervalOf(ticksOfMs(createdAtMs, listTimestampUnit), from, to, bounds);
  const matchesBesidesType = (p: PaymentRecord) =>
    p.merchantId === merchant.id &&
    inInterval(p.createdAtMs) &&
    (status === undefined || p.status === status) &&
    (currency === undefined || p.currencyCode === currency);
  const matches = (p: PaymentRecord) => matchesBesidesType(p) && (type === undefined || p.type === type);

  const all = [...ctx.payments.from(0)].filter(matches);
  const page: PaymentRecord[] = [];
  let following: PaymentRecord[] = [];
  for (const record of all) {
    if ((ctx.payments.position(record.id) ?? 0) < start) continue;
    if (page.length < take) page.push(record);
    else following.push(record);
    if (following.length >= 2) break;
  }
  // The page's last payment moves to the next page when more follow: a page of take - 1.
  const short = faults.has('list-page-short') && take > 1 && following.length > 0 ? page.pop() : undefined;
  if (short !== undefined) following = [short, ...following];
  if (faults.has('list-page-overlap') && following.length > 0) following = page.slice(-1);
  if (faults.has('list-page-skip')) following = following.slice(1);
  const cursor =
    nextIdOf(nextIdForm, merchant.id, page, following, take, positionOf) ??
    (faults.has('list-next-id-on-last-page') ? randomUUID() : undefined);
  const nextId = faults.has('list-next-id-unhyphenated') ? cursor?.replaceAll('-', '') : cursor;

  const counted = faults.has('list-totals-page-only') ? page : all;
  // The fault sums amounts over the set as if no type filter were given.
  const summed = faults.has('list-amounts-ignore-type-filter')
    ? [...ctx.payments.from(0)].filter(matchesBesidesType)
    : counted;
  const succeeded = faults.has('list-succeed-counts-final') ? ['SUCCESS', 'FAILED'] : ['SUCCESS'];
  const failed = faults.has('list-failed-counts-need-check') ? ['FAILED', 'NEED_CHECK'] : ['FAILED'];
  return {
    payments: page,
    total: counted.length,
    totalSucceed: counted.filter((p) => succeeded.includes(p.status)).length,
    totalFailed: counted.filter((p) => failed.includes(p.status)).length,
    // Over the set's payments, or its succeeded ones only (conventions.amountsCover).
    amounts: amountsOf(
      ctx.conventions.amountsCover === 'succeeded' ? summed.filter((p) => p.status === 'SUCCESS') : summed,
      amountTotalsUnit,
      faults.has('list-amounts-one-currency'),
    ),
    nextId,
  };
}

/** Sums per currency, sorted by currency code: a bigint in minor units, or the plain sum (§2.2, profile). */
function amountsOf(
  payments: readonly PaymentRecord[],
  unit: 'minor' | 'major',
  oneCurrency: boolean,
): { total: number; currencyCode: string }[] {
  const sums = new Map<string, number>();
  for (const p of payments) {
    const currency = oneCurrency ? (payments[0]?.currencyCode ?? p.currencyCode) : p.currencyCode;
    sums.set(currency, (sums.get(currency) ?? 0) + p.amountMinor);
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currencyCode, minor]) => ({ currencyCode, total: unit === 'minor' ? minor : toMajorUnits(minor) }));
}

function emptyPage(): PaymentsPage {
  return { payments: [], total: 0, totalSucceed: 0, totalFailed: 0, amounts: [], nextId: undefined };
}
