import type { Conventions, FailedCode } from '../../../../generated/profile/profile.gen.js';
import type { RecordStyle } from '../../domain/record-style.js';
import { nonEmpty, type Prng } from './prng.js';

/**
 * The random flavour's decision for every open point a provider decides (profile Conventions, each among the values
 * the profile schema allows, §4, §5.4, §6, §7, §8), and how its records look where the interface is silent
 * (record-style.ts). The merchant's conventions (receiverUnknownMembers, receiverComplaintOrder,
 * receiverHashDecoding) and the kit's own (unknownResponseFields) are not the service's to state; payments always
 * start PENDING (§3.1 as the sandbox has it).
 */
export interface ConventionsDraw {
  readonly conventions: Conventions;
  readonly recordStyle: RecordStyle;
}

const FAILED_CODES: readonly FailedCode[] = [
  'INCORRECT_AMOUNT',
  'NO_AMOUNT',
  'INCORRECT_FIELDS',
  'RECIPIENT_LIMIT',
  'ANOTHER_REASON',
];

/**
 * A short retry schedule (§6.4 shows none): the first attempt at once or soon, the first four within about 20 s
 * even with the jitter and attempts that time out, then every few seconds, 5 to 10 attempts in all.
 */
function retrySchedule(prng: Prng): NonNullable<Conventions['postbackRetry']> {
  const delaysMs = [
    prng.chance(0.5) ? 0 : prng.int(100, 1_000),
    prng.int(500, 2_500),
    prng.int(1_000, 4_000),
    prng.int(2_000, 5_000),
  ];
  if (prng.chance(0.5)) delaysMs.push(prng.int(4_000, 8_000));
  const jitter = prng.chance(0.3) ? 0 : prng.int(1, 20) / 100;
  return {
    delaysMs: nonEmpty(delaysMs),
    repeatEveryMs: prng.int(5_000, 15_000),
    maxAttempts: prng.int(5, 10),
    attemptTimeoutMs: prng.int(1_000, 3_000),
    ...(jitter === 0 && prng.chance(0.5) ? {} : { jitter }),
  };
}

export function drawConventions(prng: Prng): ConventionsDraw {
  const createdAtFormat = prng.pick(['iso8601-utc-millis', 'iso8601'] as const);
  const pageDefault = prng.pick([5, 10, 15, 20, 25, 50]);
  const pageMax = prng.pick([pageDefault, pageDefault * 2, 50, 100, 200].filter((n) => n >= pageDefault));
  const conventions: Conventions = {
    authCheckOrder: prng.pick(['credentials-first', 'body-first'] as const),
    emptyCredentials: prng.pick(['invalid', 'missing'] as const),
    nullCredentials: prng.pick(['missing', 'invalid'] as const),
    nullMembers: prng.pick(['refused', 'absent'] as const),
    unknownRequestMembers: prng.pick(['refused', 'ignored'] as const),
    createdAtFormat,
    listTimestampUnit: prng.pick(['s', 'ms', 'us', 'iso8601'] as const),
    listBoundsInclusive: prng.pick([true, false, 'from', 'to'] as const),
    statusWithoutLookupField: prng.pick([400, 404, 422]),
    pageSize: { default: pageDefault, max: pageMax },
    nextId: prng.pick(['first-of-next-page', 'last-of-page', 'opaque'] as const),
    unknownFromId: prng.pick([400, 404] as const),
    postbackRetry: retrySchedule(prng),
    amountTotalsUnit: prng.pick(['minor', 'major'] as const),
    amountsCover: prng.pick(['all', 'succeeded'] as const),
    initialPaymentStatus: 'PENDING',
    postbackRecipientLimitCode: prng.pick(FAILED_CODES),
    invalidBodyStatus: prng.pick([400, 422]),
    creationInfo: prng.pick(['always', 'when-any'] as const),
    statusLagMs: prng.chance(0.5) ? 0 : prng.int(1, 500),
  };
  return {
    conventions,
    recordStyle: {
      // Any RFC 3339 date-time where the profile says iso8601; milliseconds and Z where it says so.
      createdAt: createdAtFormat === 'iso8601' ? prng.pick(['millis-z', 'micros-z', 'offset'] as const) : 'millis-z',
      clientFieldsOrder: prng.pick(['as-sent', 'method'] as const),
    },
  };
}
