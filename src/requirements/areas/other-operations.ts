import type { Requirement } from '../requirement.js';

/** §4.7, the one sentence about these operations. */
const NOT_SHOWN =
  'Payment method retrieval, media upload, complaint creation and SMS confirmation are referred to but their paths, methods and payloads are not shown.';

/** §4.7: operations the interface only names; their paths and bodies are the profile's. */
export const OTHER_OPERATION_REQUIREMENTS = [
  {
    id: 'METHODS-LIST',
    section: '§4.7, §2.1',
    statement:
      'Payment method retrieval lists the methods the merchant may use, with their type and account id, and not the ones it may not.',
    level: 'profile',
    operations: ['paymentMethods'],
    quote: [NOT_SHOWN],
  },
  {
    id: 'MEDIA-UPLOAD',
    section: '§4.7, §4.2',
    statement: 'A media upload of an image answers the id that a creation passes as attachmentId.',
    level: 'profile',
    operations: ['mediaUpload'],
    quote: [NOT_SHOWN],
  },
  {
    id: 'COMPLAINT-CREATE',
    section: '§4.7',
    statement:
      'A complaint can be created about a payment, with the postback URL its postbacks go to; it starts PENDING.',
    level: 'profile',
    operations: ['complaintCreate'],
    quote: [NOT_SHOWN],
  },
  {
    id: 'SMS-CONFIRM',
    section: '§4.7, §2.3',
    statement:
      "The SMS confirmation of a payment that requires one accepts the profile's test code and refuses another.",
    level: 'profile',
    operations: ['smsConfirm'],
    quote: [NOT_SHOWN],
  },
] as const satisfies readonly Requirement[];
