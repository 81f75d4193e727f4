import type { Requirement } from '../requirement.js';

/** The rows of the complaint status check's request (§4.5), as quotes. */
export const COMPLAINT_REQUEST = {
  id: 'id | string | one of the three | Complaint lookup key',
  paymentId: 'paymentId | string | one of the three | Payment id in the service',
  merchantPaymentId: "merchantPaymentId | string | one of the three | Merchant's payment id given at creation",
  oneOf: 'At least one of id, paymentId, merchantPaymentId must be present.',
} as const;

/** The rows of the complaint record (§2.4), as quotes. */
export const COMPLAINT_RECORD = {
  id: "id | string | yes | Described as 'Payment ID'",
  merchantPaymentId: 'merchantPaymentId | string | yes | Equals the merchantPaymentId given at payment creation',
  merchantUserId: 'merchantUserId | string | no | Equals the merchantUserId given at payment creation',
  paymentMethodId: 'paymentMethodId | string | yes | Payment method id',
  currencyCode: 'currencyCode | enum string | yes | ISO currency code',
  paymentId: 'paymentId | string | no | Payment id in the service',
  status: 'status | enum | yes | PENDING, NEED_CHECK, APPROVED, DECLINED, COMPLETED',
  amount: 'amount | number | no | Amount in the stated currency',
  comment: 'comment | string | no | Additional comment',
  createdAt: 'createdAt | string | yes | Complaint creation date',
  updatedAt: 'updatedAt | string | yes | Complaint edit date',
} as const;

/** The rows of §3.2's table: a complaint's re-evaluation. */
export const COMPLAINT_REEVALUATION = [
  'COMPLETED | later re-evaluation by the service | status changes after some time | DECLINED | A new complaint postback is sent',
  'DECLINED | later re-evaluation by the service | status changes after some time | COMPLETED | A new complaint postback is sent',
] as const;

/** The complaint row of §6's table of events. */
export const COMPLAINT_EVENT =
  'Complaint postback | After a complaint is processed and on every later status change (e.g. COMPLETED to DECLINED or back) | postback URL given at complaint creation | 2.6; status is COMPLETED or DECLINED';

const COMPLAINT_LOOKUP_ORDER =
  'When several are present the complaint is looked up by id first, then paymentId, then merchantPaymentId.';
const COMPLAINT_ANSWER = 'Response 200: Complaint (2.4).';

const COMPLAINT = ['complaintStatus'] as const;

/** §4.5, §2.4, §3.2: the complaint status check and the complaint record. */
export const COMPLAINT_REQUIREMENTS = [
  {
    id: 'COMPLAINT-BY-ID',
    section: '§4.5',
    statement: 'A complaint is found by its id.',
    level: 'spec',
    operations: COMPLAINT,
    quote: [COMPLAINT_REQUEST.id, COMPLAINT_ANSWER],
  },
  {
    id: 'COMPLAINT-BY-PAYMENTID',
    section: '§4.5',
    statement: "A complaint is found by its payment's paymentId.",
    level: 'spec',
    operations: COMPLAINT,
    quote: [COMPLAINT_REQUEST.paymentId, COMPLAINT_ANSWER],
  },
  {
    id: 'COMPLAINT-BY-MERCHANTPAYMENTID',
    section: '§4.5',
    statement: "A complaint is found by its payment's merchantPaymentId.",
    level: 'spec',
    operations: COMPLAINT,
    quote: [COMPLAINT_REQUEST.merchantPaymentId, COMPLAINT_ANSWER],
  },
  {
    id: 'COMPLAINT-LOOKUP-ORDER',
    section: '§4.5',
    statement: 'With several keys, the complaint is looked up by id first, then paymentId, then merchantPaymentId.',
    level: 'spec',
    operations: COMPLAINT,
    quote: [COMPLAINT_LOOKUP_ORDER],
  },
  {
    id: 'COMPLAINT-NO-LOOKUP-FIELD',
    section: '§4.5, §7',
    statement:
      "A complaint status check with none of id, paymentId, merchantPaymentId gets the profile's status (default 400).",
    level: 'profile',
    operations: COMPLAINT,
    quote: ['Behaviour when none of the required lookup fields is present in a status check: not shown.'],
    conventions: ['statusWithoutLookupField'],
  },
  {
    id: 'COMPLAINT-NOT-FOUND',
    section: '§4.5, §7',
    statement: 'A complaint status check that matches no complaint is answered 404 NOT_FOUND.',
    level: 'spec',
    operations: COMPLAINT,
    quote: ['404 | NOT_FOUND | Complaint not found | complaint status check'],
  },
  {
    id: 'COMPLAINT-SHAPE',
    section: '§2.4',
    statement: 'A complaint record has the §2.4 members with their types and enums, the required ones always.',
    level: 'spec',
    operations: COMPLAINT,
    quote: [...Object.values(COMPLAINT_RECORD)],
  },
  {
    id: 'COMPLAINT-ECHOES-PAYMENT',
    section: '§2.4',
    statement:
      "A complaint's merchantPaymentId and merchantUserId equal those given at its payment's creation; paymentId, paymentMethodId and currencyCode are its payment's.",
    level: 'spec',
    operations: COMPLAINT,
    quote: [
      COMPLAINT_RECORD.merchantPaymentId,
      COMPLAINT_RECORD.merchantUserId,
      COMPLAINT_RECORD.paymentId,
      COMPLAINT_RECORD.paymentMethodId,
      COMPLAINT_RECORD.currencyCode,
    ],
  },
  {
    id: 'COMPLAINT-REFLECTS-STATUS',
    section: '§2.4, §3.2',
    statement:
      'The complaint status check shows the status the complaint reached (checked with an outcome driver: control, test helpers).',
    level: 'profile',
    operations: COMPLAINT,
    quote: [COMPLAINT_RECORD.status],
  },
  {
    id: 'COMPLAINT-REEVALUATION',
    section: '§3.2',
    statement: 'A COMPLETED complaint can become DECLINED and back by re-evaluation; the status check then shows it.',
    level: 'spec',
    operations: COMPLAINT,
    quote: [...COMPLAINT_REEVALUATION],
  },
] as const satisfies readonly Requirement[];
