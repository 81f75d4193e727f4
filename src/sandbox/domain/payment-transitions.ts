import type { PaymentStatus } from '../../../generated/common/definitions.gen.js';

/**
 * Payment transitions: the interface shows only SUCCESS ↔ FAILED by re-evaluation (§3.1); the rest is the design
 * brief's decision (§4): PENDING on creation; PENDING → SUCCESS, FAILED or NEED_CHECK; NEED_CHECK → SUCCESS or FAILED.
 */
const OUTCOMES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  PENDING: ['SUCCESS', 'FAILED', 'NEED_CHECK'],
  NEED_CHECK: ['SUCCESS', 'FAILED'],
  SUCCESS: [],
  FAILED: [],
};

/** Whether a payment in `from` may be given the outcome `to` (not a flip: see canFlip). */
export function canSetOutcome(from: PaymentStatus, to: PaymentStatus): boolean {
  return OUTCOMES[from].includes(to);
}

/** Re-evaluation flips SUCCESS to FAILED and back (§3.1). */
export function flippedStatus(from: PaymentStatus): PaymentStatus | undefined {
  if (from === 'SUCCESS') return 'FAILED';
  if (from === 'FAILED') return 'SUCCESS';
  return undefined;
}

/** A payment postback is sent on these statuses only (§2.5, §6). */
export function isFinal(status: PaymentStatus): boolean {
  return status === 'SUCCESS' || status === 'FAILED';
}
