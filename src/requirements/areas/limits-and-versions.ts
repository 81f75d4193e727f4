import type { Requirement } from '../requirement.js';

/** §8 and §9's "not shown", as quotes. */
export const LIMITS_NOT_SHOWN =
  'Limits: not shown (no rate limits, page size bounds, request size or amount bounds are given).';
const VERSIONING_NOT_SHOWN =
  'Version negotiation, deprecation schedule and header or path rules for other operations: not shown.';

/** §8, §9: what the interface says it does not show. Reported UNSPECIFIED, never passed. */
export const UNSPECIFIED_REQUIREMENTS = [
  {
    id: 'LIMITS-RATE',
    section: '§8',
    statement: 'Rate limits of the service.',
    level: 'spec',
    operations: [],
    quote: [LIMITS_NOT_SHOWN],
    untestable: 'the interface shows no rate limit (§8: not shown)',
    unspecified: true,
  },
  {
    id: 'LIMITS-REQUEST-SIZE',
    section: '§8',
    statement: 'The largest request body the service accepts.',
    level: 'spec',
    operations: [],
    quote: [LIMITS_NOT_SHOWN],
    untestable: 'the interface shows no request size limit (§8: not shown)',
    unspecified: true,
  },
  {
    id: 'LIMITS-AMOUNT',
    section: '§8',
    statement: 'Bounds of payment amounts.',
    level: 'spec',
    operations: [],
    quote: [LIMITS_NOT_SHOWN],
    untestable: 'the interface shows no amount bounds (§8: not shown)',
    unspecified: true,
  },
  {
    id: 'VERSION-NEGOTIATION',
    section: '§9',
    statement:
      'Version negotiation, deprecation schedule and path or header rules of the operations other than creation.',
    level: 'spec',
    operations: [],
    quote: [VERSIONING_NOT_SHOWN],
    untestable: 'the interface shows none of them (§9: not shown)',
    unspecified: true,
  },
] as const satisfies readonly Requirement[];
