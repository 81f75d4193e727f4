import type { ClientRequirementId, ReceiverRequirementId } from '../requirements/registry.js';

/**
 * The RECEIVER requirements each faulty variant of the independent Python receivers breaks, judged from their README
 * alone (the defect and the interface statements it names), before anything ran: the receivers' matrix
 * (npm run peer-receivers) counts a variant detected only through one of these, and any other requirement that fails
 * under it as collateral. Where one defect breaks several statements of the registry, each is listed.
 */
export interface PeerReceiverFault {
  /** A CLIENT requirement where the shop's own client creates the payments and the defect is the client's. */
  readonly breaks: readonly (ReceiverRequirementId | ClientRequirementId)[];
  /** The README's words for the defect. */
  readonly readme: string;
}

/** What a receiver that verifies no postback breaks: every refusal of a forgery, and a forgery's having no effect. */
export const NOTHING_VERIFIED: readonly ReceiverRequirementId[] = [
  'RECEIVER-REJECT-FORGED-HASH',
  'RECEIVER-REJECT-TAMPERED',
  'RECEIVER-REJECT-MISSING-HASH',
  'RECEIVER-REJECT-MISSING-PUBLIC-KEY',
  'RECEIVER-REJECT-FOREIGN-KEY',
  'RECEIVER-REJECTED-NO-EFFECT',
];

export const PYTHON_RECEIVER_FAULT_MAP: Readonly<Record<string, PeerReceiverFault>> = {
  R01: {
    // A hash no key made, and a body changed after signing, both acknowledged.
    breaks: ['RECEIVER-REJECT-FORGED-HASH', 'RECEIVER-REJECT-TAMPERED', 'RECEIVER-REJECTED-NO-EFFECT'],
    readme: 'Never verifies the signature; still requires publicKey to equal the pinned key and hash to be present',
  },
  R02: {
    breaks: ['RECEIVER-REJECT-FOREIGN-KEY'],
    readme: "Verifies hash against whatever publicKey the body carries, so an attacker's own key pair is accepted",
  },
  R03: {
    // The profile says unknown members are acknowledged, as the README's R00 does ("ignored").
    breaks: ['RECEIVER-UNKNOWN-MEMBERS'],
    readme: 'Answers 400 to unknown extra members',
  },
  R04: {
    // "Only a 200 response counts as received": every acknowledgement is broken, of payments and complaints alike.
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS', 'RECEIVER-ACK-PAYMENT-FAILED', 'RECEIVER-ACK-COMPLAINT'],
    readme: 'Acknowledges with 201',
  },
  R05: {
    // No answer within the profile's timeoutMs (5 s, the README's sender bound): not received, of any postback.
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS', 'RECEIVER-ACK-PAYMENT-FAILED', 'RECEIVER-ACK-COMPLAINT'],
    readme: 'Applies, then answers 200 only after 12 s',
  },
  R06: {
    breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'],
    readme: 'Not idempotent: every accepted SUCCESS adds a credit, retries included',
  },
  R07: {
    breaks: ['RECEIVER-FLIP-APPLIED', 'RECEIVER-COMPLAINT-FLIP-APPLIED'],
    readme: 'Ignores any status change after the first applied status; still answers 200',
  },
  R08: {
    breaks: ['RECEIVER-ACK-COMPLAINT'],
    readme: 'Answers 500 to every complaint postback and does not record it',
  },
  R09: {
    // Every SUCCESS postback carries failedCode null (§2.5): each is refused.
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS'],
    readme: 'Answers 400 when failedCode is null (it expects the member to be absent on SUCCESS)',
  },
  R10: {
    breaks: ['RECEIVER-SIGNING-INPUT'],
    readme: 'Verifies over the raw request text with the hash member cut out, not over the canonical form',
  },
  R11: {
    // A 200 to everything it parses and validates, verified only afterwards: every forgery acknowledged and applied.
    breaks: NOTHING_VERIFIED,
    readme: 'Validates, applies and answers 200 first; verifies only afterwards and just logs the result',
  },
  R12: {
    // The profile says complaints are ordered by updatedAt. Its payment half (a stale SUCCESS re-applied) is what
    // no check may judge: a §2.5 body has no update time (RECEIVER-FLIP-APPLIED's registry note).
    breaks: ['RECEIVER-STALE-RETRY-IGNORED'],
    readme: 'Applies in arrival order: an older complaint updatedAt overwrites a newer one',
  },
  R13: {
    breaks: ['RECEIVER-OPTIONAL-MEMBERS'],
    readme: 'Answers 400 to payment postbacks without merchantPaymentId',
  },
  R14: {
    breaks: ['RECEIVER-ACK-COMPLAINT'],
    readme: 'Complaint handling blocks for 60 s before answering',
  },
  R15: {
    breaks: ['RECEIVER-REJECT-MISSING-HASH'],
    readme: 'Accepts a postback that has no hash member',
  },
};
