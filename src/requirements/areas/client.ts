import type { Requirement } from '../requirement.js';
import { COMPLAINT_REQUEST } from './complaints.js';
import { CREATION_REQUEST } from './create.js';
import { JSON_BODIES } from './errors.js';
import { LIST_REQUEST } from './list.js';
import { STATUS_REQUEST } from './status.js';

/**
 * The merchant's client (§4, §5): what its requests to the service must be. `npm run report:client` judges a
 * recording of a client's session against the sandbox (`payment-conformance sandbox --record FILE`). The `profile` ones are
 * the kit's conventions for a careful client where the interface is silent, or a limit the profile states.
 */
export const CLIENT_REQUIREMENTS = [
  {
    id: 'CLIENT-REQUEST-SCHEMA',
    section: '§4.1–§4.5',
    statement:
      "Every request body is a JSON object with the operation's members and their types: the required ones present, none of the wrong type.",
    level: 'spec',
    operations: [],
    quote: [
      JSON_BODIES,
      'Every request body to the service contains publicKey and hash (both required strings).',
      ...Object.values(CREATION_REQUEST),
      ...Object.values(STATUS_REQUEST),
      ...Object.values(LIST_REQUEST),
      ...Object.values(COMPLAINT_REQUEST),
    ],
  },
  {
    id: 'CLIENT-SIGNATURE',
    section: '§5.1–§5.3',
    statement:
      "Every request carries the merchant's publicKey and a hash that verifies over the signing input the profile states (signing.members, canonicalForm, hashEncoding).",
    level: 'spec',
    operations: [],
    quote: [
      'Every request to the service carries the fields publicKey and hash in the JSON body.',
      'publicKey is issued at merchant registration and delivered as a file; the entire file contents are put into the field (<PUBLIC_KEY>).',
      'hash is an encoded string of the request body (<HASH>).',
    ],
  },
  {
    id: 'CLIENT-NEXT-ID',
    section: '§4.4',
    statement:
      'The client pages the list with the nextId of the previous answer: the next request of the same list after an answer with a nextId carries it as fromId.',
    level: 'spec',
    operations: [],
    quote: [LIST_REQUEST.fromId],
  },
  {
    id: 'CLIENT-MERCHANT-PAYMENT-ID',
    section: '§4.1, §4.2, §4.3',
    statement:
      "Every payment creation carries a merchantPaymentId of its own (never one a payment the service created already has, for another payment), so that a payment whose creation answer was lost can be found by the merchant's own id (the kit's convention for a careful client: §4.1 makes it optional).",
    level: 'profile',
    operations: [],
    quote: [CREATION_REQUEST.merchantPaymentId, STATUS_REQUEST.merchantPaymentId],
  },
  {
    id: 'CLIENT-PAYOUT-IDEMPOTENT',
    section: '§4.2',
    statement:
      "A payout is created once: a repeat of the same payout (method, account, amount, fields, user) is sent under the same merchantPaymentId, never under a new one, which the service would take for a second payout (the kit's convention for a careful client).",
    level: 'profile',
    operations: [],
  },
  {
    id: 'CLIENT-STATUS-POLLING',
    section: '§4.3, §6',
    statement:
      "The client checks a payment's status no more often than the profile allows (client.minStatusIntervalMs): postbacks tell it of changes (§6).",
    level: 'profile',
    operations: [],
  },
] as const satisfies readonly Requirement[];
