import type { Requirement } from '../requirement.js';

/** The rows of the payment record (§2.1), as quotes. */
export const PAYMENT_RECORD = {
  id: 'id | string | yes | Payment id in the service',
  currencyCode:
    'currencyCode | enum string | yes | ISO currency code, e.g. USD, INR, BDT, PKR (the list is open-ended)',
  paymentMethodId: 'paymentMethodId | string | yes | Payment method id',
  status: 'status | enum | yes | SUCCESS, PENDING, FAILED, NEED_CHECK',
  amount: 'amount | number | yes | Amount in the stated currency',
  clientFieldsValues:
    'clientFieldsValues | array of {key: string, value: string} | yes | Built from the clientFields of the payment method; key is the field id, value is a value that passed validation',
  merchantPaymentId: 'merchantPaymentId | string | no | Equals the value given at creation',
  merchantUserId: 'merchantUserId | string | no | Equals the value given at creation',
  failedCode:
    'failedCode | enum | no | Reason of failure: INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, RECIPIENT_LIMIT, ANOTHER_REASON',
  attachment:
    'attachment | object {id: string (media id), url: string (image URL)} | no | Present if a payment confirmation image was uploaded',
  postBackUrl: 'postBackUrl | string | no | Appears in the payload shape only; no description is given',
  createdAt: 'createdAt | string | yes | Payment creation date',
} as const;

/** The rows of the payment status check's request (§4.3), as quotes. */
export const STATUS_REQUEST = {
  paymentId: 'paymentId | string | one of the two | Payment id in the service',
  merchantPaymentId: "merchantPaymentId | string | one of the two | Merchant's payment id given at creation",
  oneOf: 'Either paymentId or merchantPaymentId must be present.',
} as const;

/** §4.3: the order of the lookup keys, and the answer. */
const PAYMENT_LOOKUP_ORDER =
  'When both are present, the payment is looked up by paymentId first, then by merchantPaymentId.';
const STATUS_ANSWER = 'Response 200: Payment (2.1).';

/** The rows of §3.1's table: a payment's re-evaluation. */
export const PAYMENT_REEVALUATION = [
  'SUCCESS | later re-evaluation by the service | status changes after some time | FAILED | A new payment postback with the updated status is sent',
  'FAILED | later re-evaluation by the service | status changes after some time | SUCCESS | A new payment postback with the updated status is sent',
] as const;

/** The payment row of §6's table of events. */
export const PAYMENT_EVENT =
  "Payment postback | After the user's payment is processed and on every later status change (e.g. SUCCESS to FAILED or back) | postBackUrl given at payment creation; otherwise the URL registered for the merchant at onboarding | 2.5; status is SUCCESS or FAILED";

const NO_LOOKUP_FIELD = 'Behaviour when none of the required lookup fields is present in a status check: not shown.';

const STATUS = ['paymentStatus'] as const;
const RECORDS = ['paymentStatus', 'paymentsList'] as const;

/** §4.3, §2.1, §3.1: the payment status check and the payment record. */
export const STATUS_REQUIREMENTS = [
  {
    id: 'STATUS-BY-PAYMENTID',
    section: '§4.3',
    statement: 'A payment is found by its paymentId.',
    level: 'spec',
    operations: STATUS,
    quote: [STATUS_REQUEST.paymentId, STATUS_ANSWER, PAYMENT_RECORD.id],
  },
  {
    id: 'STATUS-BY-MERCHANTPAYMENTID',
    section: '§4.3',
    statement: 'A payment is found by the merchantPaymentId given at its creation.',
    level: 'spec',
    operations: STATUS,
    quote: [STATUS_REQUEST.merchantPaymentId, STATUS_ANSWER],
  },
  {
    id: 'STATUS-LOOKUP-PAYMENTID-FIRST',
    section: '§4.3',
    statement: 'With both paymentId and merchantPaymentId, the payment is looked up by paymentId first.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_LOOKUP_ORDER],
  },
  {
    id: 'STATUS-LOOKUP-FALLBACK',
    section: '§4.3',
    statement: 'When paymentId matches nothing, the payment is looked up by merchantPaymentId.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_LOOKUP_ORDER],
  },
  {
    id: 'STATUS-NO-LOOKUP-FIELD',
    section: '§4.3, §7',
    statement: "A status check with neither paymentId nor merchantPaymentId gets the profile's status (default 400).",
    level: 'profile',
    operations: STATUS,
    quote: [NO_LOOKUP_FIELD],
    conventions: ['statusWithoutLookupField'],
  },
  {
    id: 'STATUS-NOT-FOUND',
    section: '§4.3, §7',
    statement: 'A status check for a payment that does not exist is answered 404 NOT_FOUND.',
    level: 'spec',
    operations: STATUS,
    quote: ['404 | NOT_FOUND | Payment not found | payment status check, payments list'],
  },
  {
    id: 'PAYMENT-SHAPE',
    section: '§2.1',
    statement: 'A payment record has the §2.1 members with their types and enums, the required ones always.',
    level: 'spec',
    operations: RECORDS,
    quote: [...Object.values(PAYMENT_RECORD)],
  },
  {
    id: 'PAYMENT-CREATEDAT-FORMAT',
    section: '§2.1',
    statement: "A payment record's createdAt has the profile's format (default ISO 8601 UTC with milliseconds and Z).",
    level: 'profile',
    operations: RECORDS,
    quote: [
      PAYMENT_RECORD.createdAt,
      'Format of createdAt in the payment record and in the complaint record: not shown.',
    ],
    conventions: ['createdAtFormat'],
  },
  {
    id: 'PAYMENT-INITIAL-PENDING',
    section: '§3.1',
    statement: "A new payment is in the profile's initialPaymentStatus (PENDING in the design brief).",
    level: 'profile',
    operations: STATUS,
    quote: ['Transitions between the other payment states, and the initial state on creation: not shown.'],
    conventions: ['initialPaymentStatus'],
  },
  {
    id: 'STATUS-ECHOES-AMOUNT',
    section: '§2.1',
    statement: 'The payment record carries the amount given at creation.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_RECORD.amount],
  },
  {
    id: 'STATUS-ECHOES-CLIENT-FIELDS',
    section: '§2.1',
    statement: 'The payment record carries the clientFieldsValues given at creation.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_RECORD.clientFieldsValues],
  },
  {
    id: 'STATUS-ECHOES-MERCHANT-IDS',
    section: '§2.1',
    statement: 'merchantPaymentId and merchantUserId equal the values given at creation.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_RECORD.merchantPaymentId, PAYMENT_RECORD.merchantUserId],
  },
  {
    id: 'STATUS-ECHOES-METHOD',
    section: '§2.1',
    statement: 'paymentMethodId is the payment method given at creation.',
    level: 'spec',
    operations: STATUS,
    quote: [PAYMENT_RECORD.paymentMethodId],
  },
  {
    id: 'PAYMENT-CURRENCY-OF-METHOD',
    section: '§2.1',
    statement: "currencyCode is the currency of the payment's method (as the profile's fixtures declare it).",
    level: 'profile',
    operations: STATUS,
    quote: [PAYMENT_RECORD.currencyCode],
  },
  {
    id: 'PAYMENT-FAILEDCODE-ENUM',
    section: '§2.1',
    statement:
      'failedCode, when present, is one of INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, RECIPIENT_LIMIT, ANOTHER_REASON.',
    level: 'spec',
    operations: RECORDS,
    quote: [PAYMENT_RECORD.failedCode],
  },
  {
    id: 'STATUS-REFLECTS-OUTCOME',
    section: '§2.1, §3.1',
    statement:
      'The status check shows the status and failedCode the payment reached (checked with an outcome driver: control, test helpers, magic values).',
    level: 'profile',
    operations: STATUS,
    quote: [PAYMENT_RECORD.status, PAYMENT_RECORD.failedCode],
  },
  {
    id: 'STATUS-CURRENT-AT-POSTBACK',
    section: '§4.3, §6',
    statement:
      "Once a payment's postback is sent, the status check shows that status: at once, or within the profile's statusLagMs.",
    level: 'profile',
    operations: STATUS,
    quote: [
      "After the user's payment is processed and on every later status change (e.g. SUCCESS to FAILED or back)",
      STATUS_ANSWER,
    ],
    conventions: ['statusLagMs'],
  },
  {
    id: 'PAYMENT-REEVALUATION',
    section: '§3.1',
    statement:
      'A SUCCESS payment can become FAILED and back by re-evaluation; the status check then shows the new status.',
    level: 'spec',
    operations: STATUS,
    quote: [...PAYMENT_REEVALUATION],
  },
  {
    id: 'STATUS-ATTACHMENT',
    section: '§2.1, §4.7',
    statement: 'A payment created with the id of an uploaded image shows attachment {id, url}.',
    level: 'profile',
    operations: ['paymentStatus', 'mediaUpload'],
    quote: [PAYMENT_RECORD.attachment],
  },
] as const satisfies readonly Requirement[];
