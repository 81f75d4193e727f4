import type { Requirement } from '../requirement.js';

/**
 * §4.6, §5.3, §6: the merchant's side. The merchant exposes a receiver of payment (§2.5) and complaint (§2.6)
 * postbacks, verifies the publicKey + hash the service signs them with, acknowledges with exactly 200, and applies
 * retries and status flips correctly. `npm run certify-receiver` plays the service toward it (suites/receiver).
 *
 * The `critical` ones are the security of the integration: a receiver that acknowledges a forged or tampered
 * postback credits money that never arrived.
 *
 * A stale retry of a payment postback is not among them: a §2.5 body carries no update time, so a late retry of
 * SUCCESS after a flip to FAILED is byte for byte the flip back to SUCCESS, and no receiver can tell them apart.
 * Complaint postbacks carry updatedAt (§2.6), which orders them.
 */
export const RECEIVER_REQUIREMENTS = [
  {
    id: 'RECEIVER-ACK-PAYMENT-SUCCESS',
    section: '§4.6, §6',
    statement:
      'A valid, signed payment postback with status SUCCESS and failedCode null is acknowledged with exactly HTTP 200 within the profile timeout.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-ACK-PAYMENT-FAILED',
    section: '§2.5, §4.6',
    statement:
      'A valid payment postback with status FAILED is acknowledged with exactly 200 for each failedCode: INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, ANOTHER_REASON.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-ACK-COMPLAINT',
    section: '§2.6, §4.6',
    statement: 'A valid complaint postback is acknowledged with exactly 200, with status COMPLETED and with DECLINED.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-OPTIONAL-MEMBERS',
    section: '§2.5, §2.6',
    statement:
      "Postbacks are acknowledged whether their optional members are absent (merchantPaymentId, merchantUserId; the complaint's nullable members) or present, null where §2.6 allows null.",
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-UNKNOWN-MEMBERS',
    section: '§2.5, §2.6',
    statement:
      "A signed postback with a member the tables do not list is still verified and acknowledged with 200 (forward compatibility: the kit's decision, as for answers, where the interface is silent).",
    level: 'profile',
    operations: [],
  },
  {
    id: 'RECEIVER-SIGNING-INPUT',
    section: '§5.3',
    statement:
      'A postback is verified over the signing input the profile states (postbacks.members, canonicalForm): with its members in another order, or with white space between them, a body signed over that input is acknowledged with 200.',
    level: 'profile',
    operations: [],
  },
  {
    id: 'RECEIVER-STATUS-RECORDED',
    section: '§4.6, §6',
    statement:
      "An acknowledged payment postback is applied: the merchant's state (read back) shows its status, credited with the amount for SUCCESS and not for FAILED; a complaint's shows its status.",
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-RETRY-ACK',
    section: '§6.2',
    statement:
      'The same bytes delivered again (a retry of a postback already acknowledged) are acknowledged with 200 again.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-RETRY-NO-SECOND-EFFECT',
    section: '§6.2',
    statement: 'A retry has no second effect: the payment is credited once however often its SUCCESS postback arrives.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-FLIP-APPLIED',
    section: '§6, §6.3',
    statement:
      'A payment postback with an updated status is handled like the first: SUCCESS to FAILED takes the credit back, FAILED to SUCCESS gives it again.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-COMPLAINT-FLIP-APPLIED',
    section: '§6, §6.3',
    statement: 'A complaint postback with an updated status is applied: COMPLETED to DECLINED and back.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'RECEIVER-STALE-RETRY-IGNORED',
    section: '§2.6, §6.2',
    statement:
      "A late retry of a complaint postback older (updatedAt) than one already applied is acknowledged and does not undo the newer status (the kit's decision: §6 does not order deliveries, §2.6's updatedAt does).",
    level: 'profile',
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-FORGED-HASH',
    section: '§5.3',
    statement:
      'A postback whose hash is not a signature of its body by the service key is not acknowledged (any answer but 200).',
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-TAMPERED',
    section: '§5.3',
    statement:
      'A signed postback with a member changed after signing (its amount, its status) is not acknowledged, whatever hash it carries.',
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-MISSING-HASH',
    section: '§2.5, §5.3',
    statement: 'A postback without hash is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-MISSING-PUBLIC-KEY',
    section: '§2.5, §5.3',
    statement: 'A postback without publicKey is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-FOREIGN-KEY',
    section: '§5.2, §5.3',
    statement:
      "A postback signed by another key that carries that key as its own publicKey is not acknowledged: the receiver verifies with the service's key it pinned, never the one the body names.",
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECT-NON-JSON',
    section: '§4.6',
    statement: 'A body that is not a JSON object (not JSON at all, or an array) is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
  },
  {
    id: 'RECEIVER-REJECTED-NO-EFFECT',
    section: '§5.3',
    statement:
      "A postback the receiver refused changes nothing: a forged SUCCESS for a payment that FAILED leaves it FAILED and uncredited in the merchant's state.",
    level: 'spec',
    critical: true,
    operations: [],
  },
] as const satisfies readonly Requirement[];
