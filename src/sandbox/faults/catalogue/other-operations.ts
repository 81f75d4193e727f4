/** Sandbox faults of §4.7: payment methods, media upload, complaint creation, SMS confirmation (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const OTHER_OPERATIONS_FAULTS = [
  {
    name: 'methods-list-includes-forbidden',
    area: 'other-operations',
    breaks: ['METHODS-LIST'],
    description: 'Payment method retrieval also lists the methods the merchant has no access to.',
  },
  {
    name: 'media-upload-id-unusable',
    area: 'other-operations',
    breaks: ['MEDIA-UPLOAD'],
    description: 'A media upload answers an id that creations do not accept as attachmentId.',
  },
  {
    name: 'complaint-create-starts-need-check',
    area: 'other-operations',
    breaks: ['COMPLAINT-CREATE'],
    description: 'New complaints start NEED_CHECK instead of PENDING.',
  },
  {
    name: 'sms-any-code-accepted',
    area: 'other-operations',
    breaks: ['SMS-CONFIRM'],
    description: 'The SMS confirmation accepts any code.',
  },
] as const satisfies readonly FaultDefinition[];
