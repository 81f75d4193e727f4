import type { Requirement } from '../requirement.js';
import { ALL_OPERATIONS } from './scope.js';

/** §5.3's words on the hash, as quotes. */
export const HASH_OF_BODY = 'hash is an encoded string of the request body (<HASH>).';
export const POSTBACK_PAIR =
  'The same pair is present in postback bodies sent by the service, to be validated by the merchant.';
export const HASH_ALGORITHM = 'The algorithm that builds the hash: not shown.';

/** §5: every request carries publicKey and hash; the four 401 codes. */
export const AUTH_REQUIREMENTS = [
  {
    id: 'AUTH-NO-LOGIN',
    section: '§5.4, §7',
    statement: 'A request without publicKey is refused with 401 NO_LOGIN.',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: ['missing publicKey gives 401 NO_LOGIN', '401 | NO_LOGIN | publicKey missing | all operations'],
  },
  {
    id: 'AUTH-NO-TOKEN',
    section: '§5.4, §7',
    statement: 'A request without hash is refused with 401 NO_TOKEN.',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: ['missing hash gives 401 NO_TOKEN', '401 | NO_TOKEN | hash missing | all operations'],
  },
  {
    id: 'AUTH-NO-KEY',
    section: '§5.4, §7',
    statement: "A request whose publicKey is not a merchant's key is refused with 401 NO_KEY.",
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: ['an invalid publicKey gives 401 NO_KEY', '401 | NO_KEY | publicKey invalid | all operations'],
  },
  {
    id: 'AUTH-UNAUTHORIZED',
    section: '§5.4, §7',
    statement:
      'A request whose hash does not check with its body and publicKey (a body changed after signing, the hash of another body) is refused with 401 UNAUTHORIZED.',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: [
      'a failed check of publicKey with hash gives 401 UNAUTHORIZED',
      '401 | UNAUTHORIZED | publicKey and hash fail validation | all operations',
    ],
  },
  {
    id: 'AUTH-NULL-CREDENTIALS',
    section: '§5.4',
    statement:
      "A null publicKey or hash is what the profile's nullCredentials says: missing (401 NO_LOGIN, NO_TOKEN) or invalid (401 NO_KEY, UNAUTHORIZED).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    conventions: ['nullCredentials'],
  },
  {
    id: 'AUTH-EMPTY-CREDENTIALS',
    section: '§5.4',
    statement:
      "An empty publicKey or hash is what the profile's emptyCredentials says: invalid (401 NO_KEY, UNAUTHORIZED) or missing (401 NO_LOGIN, NO_TOKEN).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    conventions: ['emptyCredentials'],
  },
  {
    id: 'AUTH-CHECK-ORDER',
    section: '§5.4, §7',
    statement:
      "Checks run in the profile's authCheckOrder: an unparseable body 400 first; then NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED before the fields of the body (credentials-first), or the fields of the body but publicKey and hash (400) before them (body-first).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    conventions: ['authCheckOrder'],
  },
  {
    id: 'AUTH-SIGNATURE-CANONICAL',
    section: '§5.3',
    statement:
      "The hash is checked over the body as the profile's scheme defines it (non-ASCII text included), so a correctly signed request is accepted.",
    level: 'profile',
    operations: ALL_OPERATIONS,
    quote: [HASH_OF_BODY, HASH_ALGORITHM],
  },
] as const satisfies readonly Requirement[];
