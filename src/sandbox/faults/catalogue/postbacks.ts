/** Sandbox faults of §2.5, §2.6, §4.6, §6: postbacks, their signatures, retries and flips (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const POSTBACKS_FAULTS = [
  // §2.5, §2.6, §6: postbacks.
  {
    name: 'postback-no-retry',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'A postback that is not acknowledged is never retried.',
  },
  {
    name: 'postback-retry-after-200',
    area: 'postbacks',
    breaks: ['PB-STOP-AFTER-200'],
    description: 'A postback acknowledged with 200 is sent once more anyway.',
  },
  {
    name: 'postback-retry-not-identical',
    area: 'postbacks',
    breaks: ['PB-RETRY-IDENTICAL'],
    description: 'Each retry is rebuilt and re-signed: its bytes differ from the first attempt.',
  },
  {
    name: 'postback-no-flip',
    area: 'postbacks',
    breaks: ['PB-FLIP-RESENT'],
    description: 'No postback is sent when a SUCCESS payment is re-evaluated to FAILED or back.',
  },
  {
    name: 'postback-bad-signature',
    area: 'postbacks',
    breaks: ['PB-SIGNATURE-VALID'],
    description: 'Postback hashes do not verify (signed before the last member was set).',
  },
  {
    name: 'postback-foreign-key',
    area: 'postbacks',
    breaks: ['PB-PUBLIC-KEY-PINNED'],
    description: 'Postbacks are signed with another key and carry that key as publicKey.',
  },
  {
    name: 'postback-currency-code',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-SHAPE', 'PB-PAYMENT-CURRENCY'],
    description: 'Payment postbacks name the currency member currencyCode instead of currency.',
  },
  {
    name: 'postback-need-check-sent',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-STATUS-SET'],
    description: 'A payment postback is sent when a payment goes to NEED_CHECK, with status NEED_CHECK.',
  },
  {
    name: 'postback-accepts-any-2xx',
    area: 'postbacks',
    breaks: ['PB-ONLY-200-ACKS'],
    description: 'Any 2xx answer (201, 204) counts as acknowledged and stops the retries.',
  },
  {
    name: 'postback-follows-redirect',
    area: 'postbacks',
    breaks: ['PB-NO-REDIRECT'],
    description: 'A 3xx answer is followed to its Location instead of counting as not acknowledged.',
  },
  {
    name: 'postback-drops-query-string',
    area: 'postbacks',
    breaks: ['PB-ROUTING'],
    description: 'A postback goes to the postBackUrl given at creation without its query string.',
  },
  {
    name: 'postback-ignores-postback-url',
    area: 'postbacks',
    breaks: ['PB-ROUTING'],
    description: "Payment postbacks go to the merchant's registered URL even when the payment named a postBackUrl.",
  },
  {
    name: 'postback-no-merchant-url-fallback',
    area: 'postbacks',
    breaks: ['PB-ROUTING-MERCHANT-URL'],
    description: "A payment created without postBackUrl gets no postback: the merchant's registered URL is never used.",
  },
  {
    name: 'complaint-postback-to-merchant-url',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-ROUTING'],
    description: "Complaint postbacks go to the merchant's registered URL instead of the complaint's postback URL.",
  },
  {
    name: 'postback-created-at-no-millis',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-CREATEDAT', 'PB-PAYMENT-SHAPE'],
    description: 'Payment postbacks carry createdAt without milliseconds (2026-11-21T10:00:00Z).',
  },
  {
    name: 'postback-success-keeps-failed-code',
    area: 'postbacks',
    breaks: ['PB-FAILEDCODE'],
    description: 'After a FAILED → SUCCESS re-evaluation, the SUCCESS postback still carries the old failedCode.',
  },
  {
    name: 'postback-non-ascii-signed-otherwise',
    area: 'postbacks',
    breaks: ['PB-SIGNATURE-VALID'],
    description:
      "Postbacks are signed with text beyond ASCII written otherwise than they are sent (escaped for raw): an ASCII body's hash verifies, one about 'Zoë' does not.",
  },
  {
    name: 'postback-recipient-limit-other-code',
    area: 'postbacks',
    breaks: ['PB-FAILEDCODE-RECIPIENT-LIMIT'],
    description:
      'A payment that failed with RECIPIENT_LIMIT is posted with another failedCode than the one the conventions state (RECIPIENT_LIMIT for ANOTHER_REASON, or the other way round).',
  },
  {
    name: 'postback-omits-merchant-user-id',
    area: 'postbacks',
    breaks: ['PB-MERCHANT-IDS'],
    description: 'Payment postbacks leave out the merchantUserId given at creation.',
  },
  {
    name: 'postback-amount-in-minor-units',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-CONSISTENT'],
    description: 'Payment postbacks carry the amount in minor units (10025 for 100.25), unlike the status check.',
  },
  {
    name: 'complaint-postback-currency-code',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-SHAPE'],
    description: 'Only complaint postbacks name the currency member currencyCode instead of currency.',
  },
  {
    name: 'complaint-postback-on-approved',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-STATUS-SET'],
    description: 'A complaint postback is sent when a complaint is APPROVED, with status APPROVED.',
  },
  {
    name: 'complaint-postback-id-is-payment-id',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-CONSISTENT'],
    description: "Complaint postbacks carry the payment's id as id (§2.4 describes the complaint id as 'Payment ID').",
  },
  {
    name: 'postback-no-retry-after-timeout',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'An attempt that timed out or was reset is not retried; error statuses are.',
  },
  {
    name: 'postback-gives-up-on-4xx',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'A 4xx answer is taken as final: the postback is not retried.',
  },
  {
    name: 'postback-retry-schedule-fast',
    area: 'postbacks',
    breaks: ['PB-RETRY-SCHEDULE'],
    description: "Retries come every second instead of on the profile's schedule.",
  },
  {
    name: 'postback-flip-to-success-only',
    area: 'postbacks',
    breaks: ['PB-FLIP-RESENT'],
    description: 'Only FAILED → SUCCESS re-evaluations are posted; SUCCESS → FAILED sends nothing.',
  },
  {
    name: 'complaint-postback-no-flip',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-FLIP-RESENT'],
    description: 'No complaint postback is sent when a complaint is re-evaluated between COMPLETED and DECLINED.',
  },
  {
    name: 'postback-late-stale-after-flip',
    area: 'postbacks',
    breaks: ['PB-NO-STALE-RETRY'],
    description:
      'A week after a newer postback was acknowledged (past the retry schedule), the older status about the same payment or complaint is sent once more.',
  },
  {
    name: 'postback-stale-retry',
    area: 'postbacks',
    breaks: ['PB-NO-STALE-RETRY'],
    description: 'A newer postback does not stop the retries of an older one: an outdated status arrives after it.',
  },
] as const satisfies readonly FaultDefinition[];
