/** Sandbox faults of §5 and §7: authentication, its codes and their order (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const AUTH_FAULTS = [
  // §5.4 and §7: authentication codes and their order.
  {
    name: 'auth-missing-publickey-gives-no-key',
    area: 'auth',
    breaks: ['AUTH-NO-LOGIN'],
    description: 'A body without publicKey gets 401 NO_KEY instead of NO_LOGIN.',
  },
  {
    name: 'auth-missing-hash-gives-unauthorized',
    area: 'auth',
    breaks: ['AUTH-NO-TOKEN'],
    description: 'A body without hash gets 401 UNAUTHORIZED instead of NO_TOKEN.',
  },
  {
    name: 'auth-unknown-key-gives-unauthorized',
    area: 'auth',
    breaks: ['AUTH-NO-KEY'],
    description: 'An unknown publicKey gets 401 UNAUTHORIZED instead of NO_KEY.',
  },
  {
    name: 'auth-other-encoding-unchecked',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description:
      "A hash not written in the profile's encoding is taken for a legacy client: its signature is not checked.",
  },
  {
    name: 'auth-signature-unchecked',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description: 'The hash is never checked: a body changed after signing is processed.',
  },
  {
    name: 'auth-payout-signature-unchecked',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description: 'Only on pay_out, the hash is not checked (one operation forgot the middleware).',
  },
  {
    name: 'auth-validation-first',
    area: 'auth',
    breaks: ['AUTH-CHECK-ORDER'],
    description: 'Body validation runs before authentication: an invalid body without publicKey gets 400, not 401.',
  },
  // Issue 4: a fault for every requirement the conformance suites check.
  {
    name: 'auth-signature-ascii-escaped',
    area: 'auth',
    breaks: ['AUTH-SIGNATURE-CANONICAL'],
    description:
      'The hash is checked over the body with non-ASCII text escaped (\\\\uXXXX): correctly signed bodies with such text get 401 UNAUTHORIZED.',
  },
  {
    name: 'auth-verified-hash-cache',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description:
      'A hash that verified once is trusted again without the body: a signed body changed and sent again with its hash is accepted.',
  },
  {
    name: 'auth-replay-memo-ignores-client-fields',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description:
      'A verified request is remembered without its clientFieldsValues: an accepted body replayed with the same hash and only clientFieldsValues changed is accepted.',
  },
  {
    name: 'auth-null-credentials-invalid',
    area: 'auth',
    breaks: ['AUTH-NULL-CREDENTIALS'],
    description:
      'A null publicKey or hash is taken as present: 401 NO_KEY or UNAUTHORIZED instead of NO_LOGIN or NO_TOKEN.',
  },
  {
    name: 'auth-empty-hash-missing',
    area: 'auth',
    breaks: ['AUTH-EMPTY-CREDENTIALS'],
    description: 'An empty hash is taken as missing: 401 NO_TOKEN instead of UNAUTHORIZED.',
  },
] as const satisfies readonly FaultDefinition[];
