/** Sandbox faults of §2: the shapes of answers and records (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const SHAPE_FAULTS = [
  // §2: response shapes.
  {
    name: 'payment-missing-created-at',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records (status check and list) lack the required createdAt.',
  },
  {
    name: 'payment-amount-as-string',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records carry amount as a string ("100.00").',
  },
  {
    name: 'payment-status-lowercase',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records carry status in lower case ("pending"), outside the enum.',
  },
  {
    name: 'payment-drops-merchant-user-id',
    area: 'shape',
    breaks: ['STATUS-ECHOES-MERCHANT-IDS'],
    description: 'The status check omits the merchantUserId given at creation.',
  },
  {
    name: 'create-response-missing-payment-id',
    area: 'shape',
    breaks: ['CREATE-RESPONSE-SHAPE'],
    description: 'The creation response lacks paymentId.',
  },
  {
    name: 'complaint-missing-merchant-payment-id',
    area: 'shape',
    breaks: ['COMPLAINT-SHAPE'],
    description: 'Complaint records lack the required merchantPaymentId.',
  },
  {
    name: 'payment-created-at-no-millis',
    area: 'shape',
    breaks: ['PAYMENT-CREATEDAT-FORMAT'],
    description: 'Payment records carry createdAt without milliseconds (2026-11-21T10:00:00Z).',
  },
  {
    name: 'payment-amount-truncated',
    area: 'shape',
    breaks: ['STATUS-ECHOES-AMOUNT'],
    description: 'Payment records carry the amount truncated to whole units (100.25 becomes 100).',
  },
  {
    name: 'payment-client-fields-empty',
    area: 'shape',
    breaks: ['STATUS-ECHOES-CLIENT-FIELDS'],
    description: 'Payment records carry an empty clientFieldsValues.',
  },
  {
    name: 'payment-method-id-is-account-id',
    area: 'shape',
    breaks: ['STATUS-ECHOES-METHOD'],
    description: "Payment records carry the method's account id as paymentMethodId.",
  },
  {
    name: 'payment-currency-default',
    area: 'shape',
    breaks: ['PAYMENT-CURRENCY-OF-METHOD'],
    description: "Payment records carry the merchant's default currency (USD) whatever the method's.",
  },
  {
    name: 'payment-failed-code-renamed',
    area: 'shape',
    breaks: ['PAYMENT-FAILEDCODE-ENUM'],
    description: 'Payment records carry RECIPIENT_LIMIT as LIMIT_EXCEEDED, outside the enum.',
  },
  {
    name: 'attachment-not-shown',
    area: 'shape',
    breaks: ['STATUS-ATTACHMENT'],
    description: 'Payment records never show the attachment.',
  },
  {
    name: 'list-total-as-string',
    area: 'shape',
    breaks: ['LIST-SHAPE'],
    description: 'The list carries total as a string.',
  },
] as const satisfies readonly FaultDefinition[];
