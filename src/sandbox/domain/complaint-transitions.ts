import type { ComplaintStatus } from '../../../generated/common/definitions.gen.js';

/**
 * Complaint transitions: the interface shows only COMPLETED ↔ DECLINED by re-evaluation (§3.2); the rest is the
 * design brief's decision (§4): PENDING → NEED_CHECK, APPROVED or DECLINED; NEED_CHECK → APPROVED or DECLINED;
 * APPROVED → COMPLETED; COMPLETED ↔ DECLINED.
 */
const NEXT: Readonly<Record<ComplaintStatus, readonly ComplaintStatus[]>> = {
  PENDING: ['NEED_CHECK', 'APPROVED', 'DECLINED'],
  NEED_CHECK: ['APPROVED', 'DECLINED'],
  APPROVED: ['COMPLETED'],
  COMPLETED: ['DECLINED'],
  DECLINED: ['COMPLETED'],
};

export function canMoveComplaint(from: ComplaintStatus, to: ComplaintStatus): boolean {
  return NEXT[from].includes(to);
}

/** A complaint postback is sent on these statuses only (§2.6, §6). */
export function isComplaintResolved(status: ComplaintStatus): boolean {
  return status === 'COMPLETED' || status === 'DECLINED';
}
