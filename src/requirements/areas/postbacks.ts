import type { Requirement } from '../requirement.js';

/**
 * §2.5, §2.6, §6 (and §3 for when they are sent): postbacks to the merchant. They belong to no request operation;
 * their checks drive one (a creation, a complaint) and read what the capture server received.
 */
export const POSTBACK_REQUIREMENTS = [
  {
    id: 'PB-PAYMENT-SHAPE',
    section: '§2.5',
    statement:
      'A payment postback has the §2.5 members with their types, the required ones always, and no member the body does not list.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-PAYMENT-CURRENCY',
    section: '§2.5',
    statement: "A payment postback names the currency member currency (not currencyCode), the payment's currency.",
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-PAYMENT-CREATEDAT',
    section: '§2.5',
    statement:
      "A payment postback's createdAt is the payment's creation instant, ISO 8601 UTC with milliseconds and Z.",
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-FAILEDCODE',
    section: '§2.5',
    statement:
      'failedCode is null when status is SUCCESS; when FAILED it is one of INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, ANOTHER_REASON, the reason the payment failed.',
    level: 'spec',
    operations: [],
  },
  {
    // The interface states it two ways: §2.1 lists RECIPIENT_LIMIT among a payment's failure codes, §2.5 lists four
    // for the postback without it. Either reading is conformant; the profile says which the target took.
    id: 'PB-FAILEDCODE-RECIPIENT-LIMIT',
    section: '§2.1, §2.5',
    statement:
      "A payment that failed with RECIPIENT_LIMIT is posted with the failedCode the profile states (conventions.postbackRecipientLimitCode: RECIPIENT_LIMIT itself, or one of §2.5's four).",
    level: 'profile',
    operations: [],
    conventions: ['postbackRecipientLimitCode'],
  },
  {
    id: 'PB-MERCHANT-IDS',
    section: '§2.5',
    statement:
      'merchantPaymentId and merchantUserId are present, with the values given, exactly when they were given at creation.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-PAYMENT-STATUS-SET',
    section: '§2.5, §6',
    statement: 'Payment postbacks are sent for SUCCESS and FAILED only: none while a payment is PENDING or NEED_CHECK.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-PAYMENT-CONSISTENT',
    section: '§2.5, §2.1',
    statement:
      'A payment postback agrees with the status check: id, amount, currency (currencyCode there), paymentMethodId, merchant ids, clientFieldsValues and status.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-COMPLAINT-SHAPE',
    section: '§2.6',
    statement:
      'A complaint postback has the §2.6 members with their types (nullable ones string or null), the required ones always.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-COMPLAINT-STATUS-SET',
    section: '§2.6, §6',
    statement:
      'Complaint postbacks are sent for COMPLETED and DECLINED only: none for PENDING, NEED_CHECK or APPROVED.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-COMPLAINT-CONSISTENT',
    section: '§2.6, §2.4',
    statement:
      'A complaint postback agrees with the complaint status check: id, status, paymentId, merchantPaymentId, paymentMethodId and currency.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-SIGNATURE-VALID',
    section: '§2.5, §2.6, §5.3',
    statement: "A postback's hash verifies over its body with the profile's postback scheme and the service's key.",
    level: 'profile',
    operations: [],
  },
  {
    id: 'PB-PUBLIC-KEY-PINNED',
    section: '§2.5, §2.6',
    statement:
      "A postback's publicKey is the service's pinned key; a body signed with another key that carries that key is refused.",
    level: 'profile',
    operations: [],
  },
  {
    id: 'PB-ROUTING',
    section: '§6',
    statement: 'A payment postback goes to the postBackUrl given at the payment creation when one was given.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-ROUTING-MERCHANT-URL',
    section: '§6',
    statement: "Without a postBackUrl at creation, a payment postback goes to the merchant's registered URL.",
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-COMPLAINT-ROUTING',
    section: '§6',
    statement: 'A complaint postback goes to the postback URL given at the complaint creation.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-RETRY-UNTIL-200',
    section: '§6',
    statement:
      'A postback answered with anything but 200 (an error status, a timeout, a reset connection) is sent again, until a 200.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-ONLY-200-ACKS',
    section: '§6',
    statement: 'Only 200 acknowledges: a postback answered 201, 202 or 204 is sent again.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-NO-REDIRECT',
    section: '§6',
    statement: 'A 3xx answer is not 200: the postback is sent again to the same URL, not to the Location.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-STOP-AFTER-200',
    section: '§6',
    statement: 'Once a postback is answered 200, it is not sent again.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-RETRY-IDENTICAL',
    section: '§6',
    statement: 'Every retry of a postback carries the same bytes as its first attempt (same body, same hash).',
    level: 'profile',
    operations: [],
  },
  {
    id: 'PB-RETRY-SCHEDULE',
    section: '§6',
    statement:
      "The intervals between attempts follow the profile's declared retry schedule (the interface shows none; the intervals are reported).",
    level: 'profile',
    operations: [],
    conventions: ['postbackRetry'],
  },
  {
    id: 'PB-FLIP-RESENT',
    section: '§3.1, §6',
    statement:
      'A payment re-evaluated SUCCESS → FAILED → SUCCESS gets exactly one new postback per change, in order, with its status and failedCode.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-COMPLAINT-FLIP-RESENT',
    section: '§3.2, §6',
    statement:
      'A complaint re-evaluated COMPLETED → DECLINED → COMPLETED gets exactly one new postback per change, in order, with its status.',
    level: 'spec',
    operations: [],
  },
  {
    id: 'PB-NO-STALE-RETRY',
    section: '§6',
    statement:
      'Once a newer postback about a payment was acknowledged, no retry of an older one (an outdated status) arrives.',
    level: 'profile',
    operations: [],
  },
] as const satisfies readonly Requirement[];
