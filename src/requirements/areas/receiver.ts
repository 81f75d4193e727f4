import type { Requirement } from '../requirement.js';
import { RECEIVER_ANSWER, RECEIVER_ENDPOINT } from './receiver-quotes.js';
import { RECEIVER_SECURITY_REQUIREMENTS } from './receiver-security.js';
import { HASH_ALGORITHM } from './auth.js';
import { COMPLAINT_REEVALUATION } from './complaints.js';
import { DELIVERY } from './postback-delivery.js';
import { COMPLAINT_POSTBACK, PAYMENT_POSTBACK } from './postbacks.js';
import { PAYMENT_REEVALUATION } from './status.js';

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
    quote: [RECEIVER_ENDPOINT, RECEIVER_ANSWER, DELIVERY.acknowledge],
    decidable:
      "§4.6 and §6 leave no choice: the merchant answers exactly 200 to a postback it accepts, and a correctly signed SUCCESS postback of the §2.5 shape gives it no ground to refuse. The profile's timeoutMs is the merchant's own bound, not the kit's guess.",
  },
  {
    id: 'RECEIVER-ACK-PAYMENT-FAILED',
    section: '§2.5, §4.6',
    statement:
      'A valid payment postback with status FAILED is acknowledged with exactly 200 for each failedCode: INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, ANOTHER_REASON.',
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.failedCode, RECEIVER_ANSWER],
    decidable:
      '§2.5 lists these failedCode values for FAILED; a receiver that refuses one of them refuses a body the interface defines, and the service retries it forever (§6.2).',
  },
  {
    id: 'RECEIVER-ACK-COMPLAINT',
    section: '§2.6, §4.6',
    statement: 'A valid complaint postback is acknowledged with exactly 200, with status COMPLETED and with DECLINED.',
    level: 'spec',
    operations: [],
    quote: [COMPLAINT_POSTBACK.status, RECEIVER_ANSWER],
    decidable:
      '§2.6 defines both statuses; §4.6 asks for 200 to every accepted postback. Nothing in the interface lets a receiver refuse a DECLINED complaint.',
  },
  {
    id: 'RECEIVER-OPTIONAL-MEMBERS',
    section: '§2.5, §2.6',
    statement:
      "Postbacks are acknowledged whether their optional members are absent (merchantPaymentId, merchantUserId; the complaint's nullable members) or present, null where §2.6 allows null.",
    level: 'spec',
    operations: [],
    quote: [
      PAYMENT_POSTBACK.merchantPaymentId,
      PAYMENT_POSTBACK.merchantUserId,
      COMPLAINT_POSTBACK.paymentMethodId,
      COMPLAINT_POSTBACK.currency,
      COMPLAINT_POSTBACK.merchantPaymentId,
      COMPLAINT_POSTBACK.creditedMerchantPaymentId,
      COMPLAINT_POSTBACK.merchantUserId,
      COMPLAINT_POSTBACK.identifier,
      COMPLAINT_POSTBACK.paymentId,
      COMPLAINT_POSTBACK.comment,
      COMPLAINT_POSTBACK.amount,
      RECEIVER_ANSWER,
    ],
    decidable:
      '§2.5 and §2.6 mark these members optional or nullable, so a conformant service may send them absent or null; a receiver that needs them refuses conformant postbacks. Only what the tables allow is sent: absent where optional, null only where §2.6 says null.',
  },
  {
    id: 'RECEIVER-UNKNOWN-MEMBERS',
    section: '§2.5, §2.6, §9',
    statement:
      "A signed postback with a member the tables do not list gets what the profile's receiverUnknownMembers says: verified and acknowledged with 200, or refused.",
    level: 'profile',
    operations: [],
    decidable:
      'The interface does not say whether a receiver must accept members its tables do not list (§9 shows no versioning rule): acknowledging and refusing are both defensible, so the profile states which (conventions.receiverUnknownMembers), and without it the requirement is UNSPECIFIED.',
    conventions: ['receiverUnknownMembers'],
  },
  {
    id: 'RECEIVER-SIGNING-INPUT',
    section: '§5.3',
    statement:
      'A postback is verified over the signing input the profile states (postbacks.members, canonicalForm, nonAscii, hashEncoding): with its members in another order, with white space between them, or with text beyond ASCII in clientFieldsValues, a body signed over that input is acknowledged with 200.',
    level: 'profile',
    operations: [],
    quote: [HASH_ALGORITHM],
    decidable:
      "§5.3 does not show how the hash's input is built; the profile states it (postbacks.members, canonicalForm, nonAscii, hashEncoding) and the kit signs exactly that. Only variations that input makes irrelevant are sent (member order, white space for a canonical form, text beyond ASCII written as the form says), so a receiver that verifies what its profile states cannot refuse them.",
  },
  {
    id: 'RECEIVER-STATUS-RECORDED',
    section: '§4.6, §6',
    statement:
      "An acknowledged payment postback is applied: the merchant's state, read back as the profile's receiver.readBack describes it, shows its status and the money applied once for SUCCESS and not for FAILED; a complaint's shows its status.",
    level: 'spec',
    operations: [],
    quote: [
      'The service notifies the merchant by HTTP POST requests (postbacks) when a payment or a complaint reaches or changes its result.',
      DELIVERY.acknowledge,
    ],
    decidable:
      "§4.6 and §6: an acknowledged postback is applied. What shows it is the merchant's own: the read-back says how its state is addressed, its status words and how money shows (an amount, a count, a flag, a ledger). Where that shape cannot tell two outcomes apart (a flag cannot show a second credit) the check is NOT VERIFIED naming why; without a read-back, NOT VERIFIED naming the setting.",
  },
  {
    id: 'RECEIVER-RETRY-ACK',
    section: '§6.2',
    statement:
      'The same bytes delivered again (a retry of a postback already acknowledged) are acknowledged with 200 again.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.only200, DELIVERY.retries],
    decidable:
      '§6.2: the service retries until it gets 200, so the same bytes arrive again after a lost answer; a receiver that refuses the second delivery makes the service retry forever. Identical bytes carry no new information a receiver could refuse on.',
  },
  {
    id: 'RECEIVER-RETRY-NO-SECOND-EFFECT',
    section: '§6.2',
    statement: 'A retry has no second effect: the payment is credited once however often its SUCCESS postback arrives.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.retries],
    decidable:
      "§6.2's retries are the same postback: applying one twice credits money that arrived once. Identical bytes of one payment's SUCCESS are a retry whatever the receiver keys on. Undecidable where the money shape cannot count (a flag): NOT VERIFIED there.",
  },
  {
    id: 'RECEIVER-FLIP-APPLIED',
    section: '§6, §6.3',
    statement:
      'A payment postback with an updated status is handled like the first: SUCCESS to FAILED takes the credit back, and FAILED to SUCCESS (on a payment that never had a SUCCESS) credits it once.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.repeated, ...PAYMENT_REEVALUATION],
    decidable:
      '§6.3: a flipped status is sent again and handled like the first. Only flips no receiver can take for a late retry are sent (a §2.5 body has no update time): SUCCESS to FAILED, and FAILED to SUCCESS on a payment that never had a SUCCESS. SUCCESS, FAILED, SUCCESS again is never sent: its third postback is byte for byte a late retry of the first, and a careful receiver may ignore it.',
  },
  {
    id: 'RECEIVER-COMPLAINT-FLIP-APPLIED',
    section: '§6, §6.3',
    statement: 'A complaint postback with an updated status is applied: COMPLETED to DECLINED and back.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.repeated, ...COMPLAINT_REEVALUATION],
    decidable:
      "§6.3 with §2.6's updatedAt: each flip carries a newer updatedAt than the status it replaces, so it is a change by any ordering a receiver may use (updatedAt or arrival), never a stale retry.",
  },
  {
    id: 'RECEIVER-STALE-RETRY-IGNORED',
    section: '§2.6, §6.2',
    statement:
      "A late retry of a complaint postback older (updatedAt) than one already applied is acknowledged and applied as the profile's receiverComplaintOrder says: by updatedAt it does not undo the newer status; by arrival the last delivery wins.",
    level: 'profile',
    operations: [],
    quote: [COMPLAINT_POSTBACK.updatedAt],
    decidable:
      'A late retry of an older complaint status can be ordered by its updatedAt (§2.6) or by arrival: the interface does not say which a merchant must do, so the profile states it (conventions.receiverComplaintOrder) and without it the requirement is UNSPECIFIED. Payment postbacks have no update time and get no such check.',
    conventions: ['receiverComplaintOrder'],
  },
  {
    id: 'RECEIVER-UNEXPECTED-NOT-CREDITED',
    section: '§2.5, §4.6',
    statement:
      "An authentic payment postback whose merchantPaymentId the shop never gave (no payment it expects) credits nothing: it is acknowledged or refused as receiver.expectedPayments.unexpected says, and the merchant's state shows no money applied for it.",
    level: 'profile',
    operations: [],
    quote: [PAYMENT_POSTBACK.merchantPaymentId, RECEIVER_ENDPOINT],
    decidable:
      "§2.5: a payment's merchantPaymentId is the one its merchant gave at creation, so a postback naming one the shop never gave is about no payment of the shop; crediting it lets the service's data create the shop's money. How the shop answers it (200 and parked, or a 4xx) is its own choice, which receiver.expectedPayments.unexpected states. Without receiver.expectedPayments the shop cannot be made to expect a payment, and every postback names one it never created: NOT VERIFIED naming that setting.",
  },
  {
    id: 'RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED',
    section: '§2.5, §4.6',
    statement:
      "An authentic SUCCESS postback whose amount or currency differs from the payment the shop expects is not credited: the merchant's state shows no money applied for it, whatever it answers.",
    level: 'profile',
    operations: [],
    quote: [PAYMENT_POSTBACK.amount, PAYMENT_POSTBACK.currency, PAYMENT_POSTBACK.failedCode],
    decidable:
      '§2.5 gives the amount and currency of the payment, and names INCORRECT_AMOUNT (wrong amount transferred) among its outcomes: money that differs from what the shop expects is not the payment it expects, and crediting it ships goods for money not received. Whether the shop acknowledges it (the service would otherwise retry forever) or refuses it is its choice; the check reads only its state. Decided where the shop is made to expect payments (receiver.expectedPayments) and its state is read back; NOT VERIFIED otherwise, naming the setting.',
  },
  ...RECEIVER_SECURITY_REQUIREMENTS,
] as const satisfies readonly Requirement[];
