import type { Requirement } from '../requirement.js';

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
  },
  {
    id: 'STATUS-BY-MERCHANTPAYMENTID',
    section: '§4.3',
    statement: 'A payment is found by the merchantPaymentId given at its creation.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-LOOKUP-PAYMENTID-FIRST',
    section: '§4.3',
    statement: 'With both paymentId and merchantPaymentId, the payment is looked up by paymentId first.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-LOOKUP-FALLBACK',
    section: '§4.3',
    statement: 'When paymentId matches nothing, the payment is looked up by merchantPaymentId.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-NO-LOOKUP-FIELD',
    section: '§4.3, §7',
    statement: "A status check with neither paymentId nor merchantPaymentId gets the profile's status (default 400).",
    level: 'profile',
    operations: STATUS,
    conventions: ['statusWithoutLookupField'],
  },
  {
    id: 'STATUS-NOT-FOUND',
    section: '§4.3, §7',
    statement: 'A status check for a payment that does not exist is answered 404 NOT_FOUND.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'PAYMENT-SHAPE',
    section: '§2.1',
    statement: 'A payment record has the §2.1 members with their types and enums, the required ones always.',
    level: 'spec',
    operations: RECORDS,
  },
  {
    id: 'PAYMENT-CREATEDAT-FORMAT',
    section: '§2.1',
    statement: "A payment record's createdAt has the profile's format (default ISO 8601 UTC with milliseconds and Z).",
    level: 'profile',
    operations: RECORDS,
    conventions: ['createdAtFormat'],
  },
  {
    id: 'PAYMENT-INITIAL-PENDING',
    section: '§3.1',
    statement: "A new payment is in the profile's initialPaymentStatus (PENDING in the design brief).",
    level: 'profile',
    operations: STATUS,
    conventions: ['initialPaymentStatus'],
  },
  {
    id: 'STATUS-ECHOES-AMOUNT',
    section: '§2.1',
    statement: 'The payment record carries the amount given at creation.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-ECHOES-CLIENT-FIELDS',
    section: '§2.1',
    statement: 'The payment record carries the clientFieldsValues given at creation.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-ECHOES-MERCHANT-IDS',
    section: '§2.1',
    statement: 'merchantPaymentId and merchantUserId equal the values given at creation.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-ECHOES-METHOD',
    section: '§2.1',
    statement: 'paymentMethodId is the payment method given at creation.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'PAYMENT-CURRENCY-OF-METHOD',
    section: '§2.1',
    statement: "currencyCode is the currency of the payment's method (as the profile's fixtures declare it).",
    level: 'profile',
    operations: STATUS,
  },
  {
    id: 'PAYMENT-FAILEDCODE-ENUM',
    section: '§2.1',
    statement:
      'failedCode, when present, is one of INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, RECIPIENT_LIMIT, ANOTHER_REASON.',
    level: 'spec',
    operations: RECORDS,
  },
  {
    id: 'STATUS-REFLECTS-OUTCOME',
    section: '§2.1, §3.1',
    statement:
      'The status check shows the status and failedCode the payment reached (checked with an outcome driver: control, test helpers, magic values).',
    level: 'profile',
    operations: STATUS,
  },
  {
    id: 'PAYMENT-REEVALUATION',
    section: '§3.1',
    statement:
      'A SUCCESS payment can become FAILED and back by re-evaluation; the status check then shows the new status.',
    level: 'spec',
    operations: STATUS,
  },
  {
    id: 'STATUS-ATTACHMENT',
    section: '§2.1, §4.7',
    statement: 'A payment created with the id of an uploaded image shows attachment {id, url}.',
    level: 'profile',
    operations: ['paymentStatus', 'mediaUpload'],
  },
] as const satisfies readonly Requirement[];
