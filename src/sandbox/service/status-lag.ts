import type { FailedCode, PaymentStatus } from '../../../generated/common/definitions.gen.js';
import type { PaymentRecord } from '../domain/payment-record.js';

/**
 * A status check that answers from a replica some way behind the store (conventions.statusLagMs: how long after a
 * payment postback, §6, the status check may still show the status before it; the interface shows no such delay).
 * The status check shows each payment as it was `lagMs` ago: every change is remembered with the status it replaced
 * until it is older than the lag. Changes of one payment are remembered in order; the list and the postbacks read the
 * store itself.
 */
interface Change {
  readonly atMs: number;
  readonly before: { readonly status: PaymentStatus; readonly failedCode: FailedCode | undefined };
}

const changes = new WeakMap<PaymentRecord, Change[]>();

/** Remembers that the payment left `before` at `atMs`, when the status check lags (lagMs above 0). */
export function noteChange(record: PaymentRecord, before: Change['before'], atMs: number, lagMs: number): void {
  if (lagMs <= 0) return;
  const kept = (changes.get(record) ?? []).filter((change) => change.atMs > atMs - lagMs);
  kept.push({ atMs, before });
  changes.set(record, kept);
}

/** The record as the lagging status check shows it at `nowMs`: the status before the first change it has not seen. */
export function lagging(record: PaymentRecord, nowMs: number, lagMs: number): PaymentRecord {
  if (lagMs <= 0) return record;
  const unseen = (changes.get(record) ?? []).find((change) => change.atMs > nowMs - lagMs);
  if (unseen === undefined) return record;
  return { ...record, status: unseen.before.status, failedCode: unseen.before.failedCode };
}
