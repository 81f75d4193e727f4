/** Sandbox faults of §2.4, §3.2, §4.5: complaints, their statuses and lookups (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const COMPLAINTS_FAULTS = [
  {
    name: 'complaint-id-lookup-uses-payment-id',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-ID'],
    description: "The complaint id is matched against payment ids (the interface describes it as 'Payment ID').",
  },
  {
    name: 'complaint-payment-id-lookup-missing',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-PAYMENTID'],
    description: 'Complaints cannot be looked up by paymentId.',
  },
  {
    name: 'complaint-merchant-id-lookup-missing',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-MERCHANTPAYMENTID'],
    description: 'Complaints cannot be looked up by merchantPaymentId.',
  },
  {
    name: 'complaint-no-lookup-field-404',
    area: 'complaints',
    breaks: ['COMPLAINT-NO-LOOKUP-FIELD'],
    description: 'A complaint status check with no lookup field gets 404 NOT_FOUND instead of 400.',
  },
  {
    name: 'complaint-unknown-200',
    area: 'complaints',
    breaks: ['COMPLAINT-NOT-FOUND'],
    description: 'A complaint status check that matches nothing gets 200 with an empty object instead of 404.',
  },
  {
    name: 'complaint-merchant-payment-id-is-payment-id',
    area: 'complaints',
    breaks: ['COMPLAINT-ECHOES-PAYMENT'],
    description: "Complaint records carry the service's paymentId as merchantPaymentId.",
  },
  {
    name: 'complaint-status-stale',
    area: 'complaints',
    breaks: ['COMPLAINT-REFLECTS-STATUS', 'COMPLAINT-REEVALUATION'],
    description: 'The complaint status check answers from a cache filled at creation: always PENDING.',
  },
] as const satisfies readonly FaultDefinition[];
