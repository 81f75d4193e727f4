import type { Requirement } from '../requirement.js';
import { ALL_OPERATIONS } from './scope.js';

/** §5: every request carries publicKey and hash; the four 401 codes. */
export const AUTH_REQUIREMENTS = [
  {
    id: 'AUTH-NO-LOGIN',
    section: '§5.4, §7',
    statement: 'A request without publicKey is refused with 401 NO_LOGIN.',
    level: 'spec',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-NO-TOKEN',
    section: '§5.4, §7',
    statement: 'A request without hash is refused with 401 NO_TOKEN.',
    level: 'spec',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-NO-KEY',
    section: '§5.4, §7',
    statement: "A request whose publicKey is not a merchant's key is refused with 401 NO_KEY.",
    level: 'spec',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-UNAUTHORIZED',
    section: '§5.4, §7',
    statement:
      'A request whose hash does not check with its body and publicKey (a body changed after signing, the hash of another body) is refused with 401 UNAUTHORIZED.',
    level: 'spec',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-NULL-CREDENTIALS',
    section: '§5.4',
    statement: 'A publicKey or hash that is null counts as missing: 401 NO_LOGIN or NO_TOKEN.',
    level: 'profile',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-EMPTY-CREDENTIALS',
    section: '§5.4',
    statement: 'An empty publicKey is an invalid key (401 NO_KEY); an empty hash fails the check (401 UNAUTHORIZED).',
    level: 'profile',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-CHECK-ORDER',
    section: '§5.4, §7',
    statement:
      'Checks run in the order of the design brief: an unparseable body 400; then NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED; then the fields of the body (400).',
    level: 'profile',
    operations: ALL_OPERATIONS,
  },
  {
    id: 'AUTH-SIGNATURE-CANONICAL',
    section: '§5.3',
    statement:
      "The hash is checked over the body as the profile's scheme defines it (non-ASCII text included), so a correctly signed request is accepted.",
    level: 'profile',
    operations: ALL_OPERATIONS,
  },
] as const satisfies readonly Requirement[];
