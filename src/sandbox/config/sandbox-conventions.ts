import type { Conventions } from '../../../generated/profile/profile.gen.js';

/** Every convention with a value: the sandbox must decide each open point one way or the other. */
export type SandboxConventions = Required<Conventions>;

/**
 * The sandbox's own decisions (design brief §4), where the profile it runs with states none; profiles/sandbox.json
 * states exactly these.
 */
export const SANDBOX_CONVENTIONS: SandboxConventions = {
  authCheckOrder: 'credentials-first',
  emptyCredentials: 'invalid',
  nullCredentials: 'missing',
  nullMembers: 'refused',
  unknownRequestMembers: 'refused',
  createdAtFormat: 'iso8601-utc-millis',
  listTimestampUnit: 'ms',
  listBoundsInclusive: true,
  statusWithoutLookupField: 400,
  pageSize: { default: 20, max: 100 },
  nextId: 'first-of-next-page',
  unknownFromId: 404,
  postbackRetry: {
    delaysMs: [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    repeatEveryMs: 36_000_000,
    maxAttempts: 10,
    attemptTimeoutMs: 10_000,
  },
  amountTotalsUnit: 'minor',
  unknownResponseFields: 'warning',
  initialPaymentStatus: 'PENDING',
  postbackRecipientLimitCode: 'ANOTHER_REASON',
  invalidBodyStatus: 400,
  nonUtf8Bodies: 'refused',
  creationInfo: 'always',
  amountsCover: 'all',
  statusLagMs: 0,
  // The merchant's side: what the reference receiver (examples/receivers) does; the sandbox itself never reads them.
  receiverUnknownMembers: 'acknowledged',
  receiverComplaintOrder: 'updatedAt',
  receiverHashDecoding: 'strict',
};

/**
 * The conventions the sandbox follows: the profile's, the sandbox's own for the rest. The sandbox implements every
 * choice a profile can state (its foreign flavour runs on the other ones), except that payments always start PENDING
 * and a list's nextId always names the next page's first payment.
 */
export function sandboxConventions(declared: Conventions | undefined): SandboxConventions {
  const defined = Object.fromEntries(Object.entries(declared ?? {}).filter(([, value]) => value !== undefined));
  return { ...SANDBOX_CONVENTIONS, ...defined };
}
