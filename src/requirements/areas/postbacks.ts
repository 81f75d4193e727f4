import type { Requirement } from '../requirement.js';
import { HASH_ALGORITHM, POSTBACK_PAIR } from './auth.js';
import { COMPLAINT_EVENT, COMPLAINT_RECORD } from './complaints.js';
import { PAYMENT_EVENT, PAYMENT_RECORD } from './status.js';

/** The rows of the payment postback body (§2.5), as quotes. */
export const PAYMENT_POSTBACK = {
  publicKey: 'publicKey | string | yes | Public key for validating the body',
  hash: 'hash | string | yes | Encoded body string',
  id: 'id | string | yes | Payment id in the service',
  status: 'status | enum | yes | Always SUCCESS or FAILED',
  failedCode:
    'failedCode | enum or null | yes | null when status is SUCCESS; when FAILED one of INCORRECT_AMOUNT (wrong amount transferred), NO_AMOUNT (nothing transferred), INCORRECT_FIELDS (form fields filled incorrectly), ANOTHER_REASON',
  paymentMethodId: 'paymentMethodId | string | yes | Payment method id',
  amount: 'amount | number | yes | Payment amount',
  currency: 'currency | enum string | yes | ISO currency code (this body names it currency, not currencyCode)',
  clientFieldsValues:
    'clientFieldsValues | array of {key: string, value: string} | yes | Fields filled by the user, as sent by the merchant at creation',
  merchantPaymentId: 'merchantPaymentId | string | no | Present if given at creation',
  merchantUserId: 'merchantUserId | string | no | Present if given at creation',
  createdAt: 'createdAt | string | yes | UTC timestamp of payment creation (ISO 8601 style with milliseconds and Z)',
} as const;

/** The rows of the complaint postback body (§2.6), as quotes. */
export const COMPLAINT_POSTBACK = {
  publicKey: 'publicKey | string | yes | Public key for validating the body',
  hash: 'hash | string | yes | Encoded body string',
  id: 'id | string | yes | Complaint id in the service',
  merchantId: 'merchantId | string | yes | Merchant id in the service',
  paymentMethodId: 'paymentMethodId | string or null | no | Payment method id',
  currency: 'currency | enum string or null | no | ISO currency code',
  merchantPaymentId: "merchantPaymentId | string | no | Merchant's payment id, if given at payment creation",
  creditedMerchantPaymentId:
    'creditedMerchantPaymentId | string or null | no | Merchant-system transaction id of the credited payment from the supplied evidence',
  merchantUserId: "merchantUserId | string or null | no | Merchant's user id",
  identifier: 'identifier | string or null | no | Transaction id from the supplied evidence',
  paymentId: 'paymentId | string or null | no | Payment id in the service',
  status: 'status | enum | yes | Always COMPLETED or DECLINED',
  comment: 'comment | string or null | no | Additional comment',
  amount: 'amount | number or null | no | Payment amount',
  createdAt: 'createdAt | string | yes | UTC timestamp of complaint creation',
  updatedAt: 'updatedAt | string | yes | UTC timestamp of complaint update',
} as const;

/**
 * §2.5, §2.6, §6 (and §3 for when they are sent): postbacks to the merchant. They belong to no request operation;
 * their checks drive one (a creation, a complaint) and read what the capture server received.
 */
export const POSTBACK_REQUIREMENTS = [
  {
    id: 'PB-PAYMENT-SHAPE',
    section: '§2.5',
    statement:
      'A payment postback has the §2.5 members with their types, the required ones always (a member the table does not list is a warning: §9 names an older format).',
    level: 'spec',
    operations: [],
    quote: [...Object.values(PAYMENT_POSTBACK)],
  },
  {
    id: 'PB-PAYMENT-CURRENCY',
    section: '§2.5',
    statement: "A payment postback names the currency member currency (not currencyCode), the payment's currency.",
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.currency],
  },
  {
    id: 'PB-PAYMENT-CREATEDAT',
    section: '§2.5',
    statement:
      "A payment postback's createdAt is the payment's creation instant, ISO 8601 UTC with milliseconds and Z.",
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.createdAt],
  },
  {
    id: 'PB-FAILEDCODE',
    section: '§2.5',
    statement:
      'failedCode is null when status is SUCCESS; when FAILED it is one of INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, ANOTHER_REASON, the reason the payment failed.',
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.failedCode],
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
    quote: [PAYMENT_RECORD.failedCode, PAYMENT_POSTBACK.failedCode],
    conventions: ['postbackRecipientLimitCode'],
  },
  {
    id: 'PB-MERCHANT-IDS',
    section: '§2.5',
    statement:
      'merchantPaymentId and merchantUserId are present, with the values given, exactly when they were given at creation.',
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.merchantPaymentId, PAYMENT_POSTBACK.merchantUserId],
  },
  {
    id: 'PB-PAYMENT-STATUS-SET',
    section: '§2.5, §6',
    statement: 'Payment postbacks are sent for SUCCESS and FAILED only: none while a payment is PENDING or NEED_CHECK.',
    level: 'spec',
    operations: [],
    quote: [PAYMENT_POSTBACK.status, PAYMENT_EVENT],
  },
  {
    id: 'PB-PAYMENT-CONSISTENT',
    section: '§2.5, §2.1',
    statement:
      'A payment postback agrees with the status check: id, amount, currency (currencyCode there), paymentMethodId, merchant ids, clientFieldsValues and status.',
    level: 'spec',
    operations: [],
    quote: [
      PAYMENT_POSTBACK.id,
      PAYMENT_POSTBACK.status,
      PAYMENT_POSTBACK.paymentMethodId,
      PAYMENT_POSTBACK.amount,
      PAYMENT_POSTBACK.currency,
      PAYMENT_POSTBACK.clientFieldsValues,
      PAYMENT_POSTBACK.merchantPaymentId,
      PAYMENT_POSTBACK.merchantUserId,
      PAYMENT_RECORD.id,
      PAYMENT_RECORD.status,
      PAYMENT_RECORD.paymentMethodId,
      PAYMENT_RECORD.amount,
      PAYMENT_RECORD.currencyCode,
      PAYMENT_RECORD.clientFieldsValues,
      PAYMENT_RECORD.merchantPaymentId,
      PAYMENT_RECORD.merchantUserId,
    ],
  },
  {
    id: 'PB-COMPLAINT-SHAPE',
    section: '§2.6',
    statement:
      'A complaint postback has the §2.6 members with their types (nullable ones string or null), the required ones always.',
    level: 'spec',
    operations: [],
    quote: [...Object.values(COMPLAINT_POSTBACK)],
  },
  {
    id: 'PB-COMPLAINT-STATUS-SET',
    section: '§2.6, §6',
    statement:
      'Complaint postbacks are sent for COMPLETED and DECLINED only: none for PENDING, NEED_CHECK or APPROVED.',
    level: 'spec',
    operations: [],
    quote: [COMPLAINT_POSTBACK.status, COMPLAINT_EVENT],
  },
  {
    id: 'PB-COMPLAINT-CONSISTENT',
    section: '§2.6, §2.4',
    statement:
      'A complaint postback agrees with the complaint status check: id, status, paymentId, merchantPaymentId, paymentMethodId and currency.',
    level: 'spec',
    operations: [],
    quote: [
      COMPLAINT_POSTBACK.id,
      COMPLAINT_POSTBACK.status,
      COMPLAINT_POSTBACK.paymentId,
      COMPLAINT_POSTBACK.merchantPaymentId,
      COMPLAINT_POSTBACK.paymentMethodId,
      COMPLAINT_POSTBACK.currency,
      COMPLAINT_RECORD.id,
      COMPLAINT_RECORD.status,
      COMPLAINT_RECORD.paymentId,
      COMPLAINT_RECORD.merchantPaymentId,
      COMPLAINT_RECORD.paymentMethodId,
      COMPLAINT_RECORD.currencyCode,
    ],
  },
  {
    id: 'PB-SIGNATURE-VALID',
    section: '§2.5, §2.6, §5.3',
    statement: "A postback's hash verifies over its body with the profile's postback scheme and the service's key.",
    level: 'profile',
    operations: [],
    quote: [POSTBACK_PAIR, HASH_ALGORITHM],
  },
  {
    id: 'PB-PUBLIC-KEY-PINNED',
    section: '§2.5, §2.6',
    statement:
      "A postback's publicKey is the service's pinned key; a body signed with another key that carries that key is refused.",
    level: 'profile',
    operations: [],
    quote: [PAYMENT_POSTBACK.publicKey, POSTBACK_PAIR],
  },
] as const satisfies readonly Requirement[];
