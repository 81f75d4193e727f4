/** Sandbox faults of §2.3: the payment page behind formUrl (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const PAGE_FAULTS = [
  // §2.3, §4.2: the payment page behind formUrl, in a real browser (suites/browser).
  {
    name: 'page-wrong-redirect',
    area: 'page',
    breaks: ['CREATE-EXTERNAL-REDIRECTS'],
    description: 'A user who pays on the payment page is sent to failureRedirectUrl instead of successRedirectUrl.',
  },
  {
    name: 'page-missing-qr',
    area: 'page',
    breaks: ['PAGE-SHOW-QR'],
    description: 'The payment page shows no QR code although the creation answered info.showQR true.',
  },
  {
    name: 'page-null-deeplink-button',
    area: 'page',
    breaks: ['CREATE-DEEPLINK-BUTTON'],
    description: 'The payment page shows a button, leading nowhere, for a payment application whose deep link is null.',
  },
  {
    name: 'page-outcome-not-applied',
    area: 'page',
    breaks: ['PAGE-OUTCOME'],
    description:
      'Paying (or failing) on the payment page redirects the user but leaves the payment PENDING, with no postback.',
  },
] as const satisfies readonly FaultDefinition[];
