/** Sandbox faults of §2.3, §4.1, §4.2: creating deposits and payouts (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const CREATE_FAULTS = [
  {
    name: 'create-500-on-long-merchant-user-id',
    area: 'create',
    breaks: ['ERROR-NO-5XX-FOR-INPUT'],
    description: 'A merchantUserId longer than 64 characters crashes the creation: 500 instead of 200.',
  },
  {
    name: 'create-paths-unversioned',
    area: 'create',
    breaks: ['CREATE-PATHS-V1'],
    description:
      'Payment creation is served at /api/payments/pay_in and pay_out, without the v1 segment; the v1 paths answer 404.',
  },
  {
    name: 'create-response-no-info',
    area: 'create',
    breaks: ['CREATE-RESPONSE-INFO'],
    description: 'Creation answers leave info out, where the profile says every one carries it (creationInfo always).',
  },
  {
    name: 'create-is-succeed-false',
    area: 'create',
    breaks: ['CREATE-SUCCEEDED-FLAG'],
    description: 'Creations answered 200 say isSucceed false.',
  },
  {
    name: 'create-payin-stored-as-payout',
    area: 'create',
    breaks: ['CREATE-PAYIN-TYPE'],
    description: 'A payment created with pay_in is stored as PAY_OUT.',
  },
  {
    name: 'create-payout-stored-as-payin',
    area: 'create',
    breaks: ['CREATE-PAYOUT-TYPE'],
    description: 'A payment created with pay_out is stored as PAY_IN (a copy-paste of the pay_in handler).',
  },
  {
    name: 'create-missing-client-fields-500',
    area: 'create',
    // The interface names 400 for a missing member: the 500 is that requirement's finding.
    breaks: ['CREATE-REQUIRED-FIELDS'],
    description: 'A creation without clientFieldsValues crashes the handler: 500 instead of 400.',
  },
  {
    name: 'create-amount-string-accepted',
    area: 'create',
    breaks: ['CREATE-FIELD-TYPES'],
    description: 'An amount sent as a string of digits is coerced and accepted instead of refused with 400.',
  },
  {
    name: 'create-attachment-not-enforced',
    area: 'create',
    breaks: ['CREATE-ATTACHMENT-REQUIRED'],
    description: 'A method that requires an attachment accepts a creation without attachmentId.',
  },
  {
    name: 'create-form-url-missing',
    area: 'create',
    breaks: ['CREATE-FORMURL-EXTERNAL'],
    description: 'Creations with an external method answer no formUrl.',
  },
  {
    name: 'create-sms-flag-missing',
    area: 'create',
    breaks: ['CREATE-SMS-FLAG'],
    description: 'Creations with the SMS-confirmed method answer info.isSMSRequired false.',
  },
  {
    name: 'create-client-field-patterns-unchecked',
    area: 'create',
    breaks: ['CREATE-CLIENT-FIELDS-VALIDATED'],
    description: "Client field values are not checked against the method's patterns.",
  },
] as const satisfies readonly FaultDefinition[];
