import type { FailedCode, PaymentStatus } from '../../../generated/common/definitions.gen.js';
import { ApiError } from '../api/api-error.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import { canSetOutcome, flippedStatus } from '../domain/payment-transitions.js';
import type { SandboxContext } from '../sandbox-context.js';
import { noteChange } from './status-lag.js';

function merchantOf(ctx: SandboxContext, record: PaymentRecord) {
  for (const merchant of ctx.merchants.values()) if (merchant.id === record.merchantId) return merchant;
  throw new Error(`payment ${record.id} has no merchant`);
}

function apply(
  ctx: SandboxContext,
  record: PaymentRecord,
  status: PaymentStatus,
  failedCode: FailedCode | undefined,
  flipped: boolean,
): void {
  const previousFailedCode = record.failedCode;
  // A lagging status check (conventions.statusLagMs) still shows the status before the change for a while.
  noteChange(
    record,
    { status: record.status, failedCode: previousFailedCode },
    ctx.clock.now(),
    ctx.conventions.statusLagMs,
  );
  record.status = status;
  record.failedCode = status === 'FAILED' ? (failedCode ?? 'ANOTHER_REASON') : undefined;
  ctx.log(
    `payment ${record.id}: ${status}${record.failedCode === undefined ? '' : ` ${record.failedCode}`}${flipped ? ' (flip)' : ''}`,
  );
  ctx.postbacks.paymentChanged(record, merchantOf(ctx, record), { flipped, previousFailedCode });
}

/** Gives a PENDING or NEED_CHECK payment its outcome (design brief §4); 409 for any other transition. */
export function setOutcome(
  ctx: SandboxContext,
  record: PaymentRecord,
  status: PaymentStatus,
  failedCode?: FailedCode,
): void {
  if (!canSetOutcome(record.status, status)) {
    throw new ApiError(409, `a ${record.status} payment cannot become ${status}`);
  }
  apply(ctx, record, status, failedCode, false);
}

/** Re-evaluation: SUCCESS → FAILED (failedCode, default ANOTHER_REASON) or FAILED → SUCCESS (§3.1). */
export function flip(ctx: SandboxContext, record: PaymentRecord, failedCode?: FailedCode): void {
  const next = flippedStatus(record.status);
  if (next === undefined)
    throw new ApiError(409, `only SUCCESS and FAILED payments flip; this one is ${record.status}`);
  apply(ctx, record, next, failedCode, true);
}

/**
 * Magic values (sandbox README): what the flavour documents leads a payment to its outcome a moment after creation,
 * and a flipping one to its re-evaluation a while later (the reference: the cents of the amount, one second, one
 * minute).
 */
export function scheduleMagicOutcome(ctx: SandboxContext, record: PaymentRecord): void {
  const magic = ctx.magic.outcomeOf(record);
  if (magic === undefined) return;
  const alive = () => ctx.payments.getAny(record.id) === record;
  ctx.clock.schedule(record.createdAtMs + (magic.afterMs ?? ctx.magic.settleMs), () => {
    if (!alive() || record.status !== 'PENDING') return;
    apply(ctx, record, magic.status, magic.failedCode, false);
    const flipsTo = magic.flipsTo;
    if (flipsTo === undefined) return;
    ctx.clock.schedule(ctx.clock.now() + ctx.magic.flipMs, () => {
      if (!alive() || record.status !== magic.status) return;
      apply(ctx, record, flipsTo.status, flipsTo.failedCode, true);
    });
  });
}
