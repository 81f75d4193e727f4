import type { Requirement } from '../requirement.js';

const COMPLAINT = ['complaintStatus'] as const;

/** §4.5, §2.4, §3.2: the complaint status check and the complaint record. */
export const COMPLAINT_REQUIREMENTS = [
  {
    id: 'COMPLAINT-BY-ID',
    section: '§4.5',
    statement: 'A complaint is found by its id.',
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-BY-PAYMENTID',
    section: '§4.5',
    statement: "A complaint is found by its payment's paymentId.",
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-BY-MERCHANTPAYMENTID',
    section: '§4.5',
    statement: "A complaint is found by its payment's merchantPaymentId.",
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-LOOKUP-ORDER',
    section: '§4.5',
    statement: 'With several keys, the complaint is looked up by id first, then paymentId, then merchantPaymentId.',
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-NO-LOOKUP-FIELD',
    section: '§4.5, §7',
    statement:
      "A complaint status check with none of id, paymentId, merchantPaymentId gets the profile's status (default 400).",
    level: 'profile',
    operations: COMPLAINT,
    conventions: ['statusWithoutLookupField'],
  },
  {
    id: 'COMPLAINT-NOT-FOUND',
    section: '§4.5, §7',
    statement: 'A complaint status check that matches no complaint is answered 404 NOT_FOUND.',
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-SHAPE',
    section: '§2.4',
    statement: 'A complaint record has the §2.4 members with their types and enums, the required ones always.',
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-ECHOES-PAYMENT',
    section: '§2.4',
    statement:
      "A complaint's merchantPaymentId and merchantUserId equal those given at its payment's creation; paymentId, paymentMethodId and currencyCode are its payment's.",
    level: 'spec',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-REFLECTS-STATUS',
    section: '§2.4, §3.2',
    statement:
      'The complaint status check shows the status the complaint reached (checked with an outcome driver: control, test helpers).',
    level: 'profile',
    operations: COMPLAINT,
  },
  {
    id: 'COMPLAINT-REEVALUATION',
    section: '§3.2',
    statement: 'A COMPLETED complaint can become DECLINED and back by re-evaluation; the status check then shows it.',
    level: 'spec',
    operations: COMPLAINT,
  },
] as const satisfies readonly Requirement[];
