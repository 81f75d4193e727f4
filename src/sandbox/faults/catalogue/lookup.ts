/** Sandbox faults of §4.3, §4.5: lookups by id, paymentId and merchantPaymentId (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const LOOKUP_FAULTS = [
  // §4.3, §4.5: lookup precedence.
  {
    name: 'status-lookup-merchant-id-first',
    area: 'lookup',
    breaks: ['STATUS-LOOKUP-PAYMENTID-FIRST'],
    description: 'With both ids, the status check looks up merchantPaymentId first.',
  },
  {
    name: 'status-no-fallback',
    area: 'lookup',
    breaks: ['STATUS-LOOKUP-FALLBACK'],
    description: 'When paymentId matches nothing, the status check does not fall back to merchantPaymentId.',
  },
  {
    name: 'complaint-lookup-payment-id-first',
    area: 'lookup',
    breaks: ['COMPLAINT-LOOKUP-ORDER'],
    description: 'With several keys, the complaint status check looks up paymentId before id.',
  },
] as const satisfies readonly FaultDefinition[];
