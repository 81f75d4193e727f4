/** Sandbox faults of §2.1, §3.1, §4.3: the statuses payments reach (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const STATUS_FAULTS = [
  {
    name: 'status-id-lookup-needs-merchant-id',
    area: 'status',
    breaks: ['STATUS-BY-PAYMENTID'],
    description:
      'A payment created without merchantPaymentId cannot be found by its paymentId (the index is built on merchant ids).',
  },
  {
    name: 'status-merchant-id-lookup-payin-only',
    area: 'status',
    breaks: ['STATUS-BY-MERCHANTPAYMENTID'],
    description: 'The merchantPaymentId lookup searches PAY_IN payments only.',
  },
  {
    name: 'status-no-lookup-field-404',
    area: 'status',
    breaks: ['STATUS-NO-LOOKUP-FIELD'],
    description: 'A status check with no lookup field gets 404 NOT_FOUND instead of 400.',
  },
  {
    name: 'status-merchant-payment-id-truncated',
    area: 'status',
    breaks: ['STATUS-ECHOES-MERCHANT-IDS'],
    description: 'merchantPaymentId is kept in a 32-character column: a longer one comes back cut.',
  },
  {
    name: 'status-large-amount-float32',
    area: 'status',
    breaks: ['STATUS-ECHOES-AMOUNT'],
    description: 'Amounts of a million or more are shown through a 32-bit float (1234567.89 becomes 1234567.875).',
  },
  {
    name: 'status-cached-5s',
    area: 'status',
    breaks: ['STATUS-CURRENT-AT-POSTBACK'],
    description:
      'The status check answers from a five-second cache: right after a change and its postback it still shows the status before.',
  },
  {
    name: 'payment-created-success',
    area: 'status',
    breaks: ['PAYMENT-INITIAL-PENDING'],
    description: 'New payments start SUCCESS instead of PENDING (an auto-approving sandbox).',
  },
  {
    name: 'status-stale',
    area: 'status',
    breaks: ['STATUS-REFLECTS-OUTCOME', 'PAYMENT-REEVALUATION'],
    description: 'The status check answers from a cache filled at creation: always PENDING.',
  },
] as const satisfies readonly FaultDefinition[];
