/**
 * §4.4 and §2.2 over random sets: payments of random methods (types, currencies), amounts and statuses, listed with
 * a random take, filters and interval. Pages must hold the filtered set exactly (no payment twice, none missing, none
 * more than take); the totals and amounts of every page must be the set's; the filters and bounds must hold.
 * Like the example suites, the checks hold on a busy shared target: the set is read from one page that holds it
 * whole, while it held still; a case the target does not let the kit decide (a set too large for one page, one that
 * kept changing, a walk beyond the scan budget) is discarded, and a run with too many of those is NOT VERIFIED.
 * Each set is listed under several queries (take, filters, interval), each a case of the profile's numRuns: creating a
 * set costs most of the requests, reading it under one more query a few.
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import type { RequirementId } from '../../src/requirements/registry.js';
import fc from 'fast-check';
import { test, verifies } from '../../fixtures/index.js';
import { plainExpect } from '../../fixtures/conformance/plain-expect.js';
import {
  amountsInHundredths,
  countWithStatus,
  expectedHundredths,
  expectTotalsReadable,
} from '../../fixtures/conformance/list-totals.js';
import { ownPayments, type OwnPayment, type PaymentSpec } from '../../fixtures/conformance/own-payments.js';
import { ListReader, pageSizeProblems } from '../../fixtures/conformance/list-reader.js';
import { expectCreatedTypesShown } from '../../fixtures/conformance/type-filter.js';
import { expectListedAsCreated } from '../../fixtures/conformance/payment-records.js';
import {
  type Interval,
  type ListFilter,
  type ListPage,
  membershipOf,
  repeated,
  createdAtTicks,
  type Walk,
} from '../../fixtures/conformance/payments-list.js';
import { type BoundsForm, inInterval } from '../../src/profile/list-time.js';
import type { MethodRole, Preconditions } from '../../fixtures/conformance/preconditions.js';
import { assertProperty } from '../../fixtures/conformance/property-runs.js';
import { heldPayments } from '../../fixtures/arbitraries/request-fields.js';
import type { PaymentStatus, PaymentType } from '../../generated/common/definitions.gen.js';
import type { PaymentStep } from '../../fixtures/conformance/outcome-drivers.js';
import type { ApiClient } from '../../src/client/api-client.js';

/** The unit the profile states for the list's amounts (conventions.amountTotalsUnit). */
type TotalsUnit = Parameters<typeof amountsInHundredths>[1];

/**
 * The queries each set is listed under. Creating the set is most of a case's requests (a creation, an outcome and a
 * status read for each of up to 8 payments), reading it is a few: three queries per set keep the property's cases
 * (queries) at the profile's numRuns for about half the requests (issue 39: 472 of the foreign flavour's 2,086).
 */
const QUERIES_PER_SET = 3;
/** Requests a set makes: up to 8 creations with outcomes and status reads, then per query the set read twice and its pages. */
const REQUESTS_PER_SET = 24 + QUERIES_PER_SET * 12;
const STATUSES: readonly PaymentStatus[] = ['PENDING', 'SUCCESS', 'FAILED', 'NEED_CHECK'];
/** A filter choice: none (most often), or an index into the values the set holds, taken modulo their number. */
type Pick = number | undefined;

interface Scenario {
  readonly payments: readonly {
    role: MethodRole;
    amount: number;
    status: PaymentStatus;
    /** Target time that passes before this creation (on a virtual clock we own), to spread createdAt. */
    gapMs: number;
  }[];
  /** How the set is listed: each query is a case of its own, over the same payments. */
  readonly queries: readonly Query[];
}

interface Query {
  readonly take: number;
  readonly type: Pick;
  readonly status: Pick;
  /** Which of the set's currencies to filter on, or one no payment has. */
  readonly currency: Pick | 'none';
  /** Bounds on the set's own creation times (indexes into them, sorted), or the interval around the whole set. */
  readonly window: { readonly first: number; readonly last: number } | undefined;
}

/** Mostly absent, so most cases page through a set of several payments; shrinks towards absent. */
function sometimes<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: value, weight: 2 });
}

function scenarios(given: Preconditions): fc.Arbitrary<Scenario> {
  // Every case lists over an interval in the profile's unit: without one stated, none can (the test skips here).
  given.convention('listTimestampUnit');
  // A case's statuses must hold still while it lists: payments that settle by themselves need the profile's hold.
  given.hold();
  // Statuses other than the first need a driver that gives them at once (control, the provider's helpers) to a
  // payment whose amount the case chose: a magic value would replace the amount, and its settle time the budget.
  const outcomes = STATUSES.filter((s) => s !== 'PENDING').every((status) =>
    given.reaches([status === 'FAILED' ? { status, failedCode: 'NO_AMOUNT' } : { status }], ['amount'], true),
  );
  const payment = fc
    .record({
      held: heldPayments(given.profile),
      // Without such a driver every payment stays in its first status.
      status: outcomes ? fc.constantFrom(...STATUSES) : fc.constant<PaymentStatus>('PENDING'),
      // Whole seconds matter where the list counts in seconds; single milliseconds where it counts in ms.
      gapMs: fc.constantFrom(0, 1, 2, 1000, 2500),
    })
    .map(({ held, ...rest }) => ({ ...held, ...rest }));
  const query: fc.Arbitrary<Query> = fc.record({
    take: fc.integer({ min: 1, max: 10 }),
    type: sometimes(fc.nat()),
    status: sometimes(fc.nat()),
    currency: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: fc.nat(), weight: 3 },
      { arbitrary: fc.constant<'none'>('none'), weight: 1 },
    ),
    window: sometimes(fc.record({ first: fc.nat(), last: fc.nat() })),
  });
  return fc.record({
    payments: fc.array(payment, { minLength: 1, maxLength: 8 }),
    queries: fc.array(query, { minLength: QUERIES_PER_SET, maxLength: QUERIES_PER_SET }),
  });
}

function outcomeOf(status: PaymentStatus): PaymentStep | undefined {
  if (status === 'PENDING') return undefined;
  if (status === 'FAILED') return { status, failedCode: 'NO_AMOUNT' };
  return { status };
}

/** The value at `pick` (modulo) among the distinct values, sorted; undefined when nothing is picked. */
function picked<T extends string | number>(values: readonly T[], pick: Pick): T | undefined {
  const distinct = [...new Set(values)].sort();
  return pick === undefined ? undefined : distinct[pick % distinct.length];
}

interface Setting {
  readonly own: readonly OwnPayment[];
  readonly filter: ListFilter;
  /** Our payments the filter and the interval keep. */
  readonly expected: readonly string[];
  readonly currencyCode: string | undefined;
  /**
   * The requirement a wrong membership of one of our payments breaks: for one listed that should not be, the first
   * filter (or the interval) that excludes it; for one missing, the interval's when it sits on a bound, else the
   * first filter the case sets (the interval's when it sets none).
   */
  readonly blame: (payment: OwnPayment, listed: boolean) => RequirementId;
  /** An interval that holds every payment of the case, whatever the filter's bounds. */
  readonly around: Interval;
}

/** The least upper bound from which an interval starting at `lower` holds a tick, as the profile reads its bounds. */
function emptyUntil(lower: number, form: BoundsForm): number {
  let upper = lower;
  while (![lower, lower + 1, lower + 2].some((tick) => inInterval(tick, lower, upper, form))) upper++;
  return upper;
}

/** The set a case created, as the list's clock reads its creation times. */
interface CreatedSet {
  readonly own: readonly OwnPayment[];
  readonly around: Interval;
  /** How the profile reads the list's bounds; undefined where it does not state it. */
  readonly inclusive: BoundsForm | undefined;
  /** A payment's creation tick in the list's unit. */
  readonly at: (payment: OwnPayment) => number;
  /** The set's distinct creation ticks, sorted. */
  readonly times: readonly number[];
  /** Whether each record's createdAt names its tick exactly. */
  readonly exact: boolean;
}

/** Creates the scenario's payments, each with its outcome, spread in time where the target's clock is ours. */
async function createSet(api: ApiClient, given: Preconditions, payments: Scenario['payments']): Promise<CreatedSet> {
  const clock = given.exclusive ? await given.postbackTime() : undefined;
  const specs: PaymentSpec[] = payments.map((p) => {
    const outcome = outcomeOf(p.status);
    return {
      role: p.role,
      overrides: { amount: p.amount },
      ...(outcome === undefined ? {} : { outcome, atOnce: true }),
      // Only a virtual clock of our own is moved: a shared target's time is everyone's.
      ...(clock?.mode === 'virtual' && p.gapMs > 0 ? { before: () => clock.elapse(p.gapMs) } : {}),
    };
  });
  const { payments: own, interval: around } = await ownPayments(api, given, specs);
  // The filters and sums are judged on what the records show: a record that lost its cents or its method's currency
  // is that requirement's finding first.
  expectListedAsCreated(
    own.map((p) => ({ id: p.paymentId, record: p.record })),
    own,
  );
  const listClock = new ListReader(api, given).clock;
  const ticks = (p: OwnPayment) => createdAtTicks(p.record, listClock) ?? { lo: Number.NaN, hi: Number.NaN };
  const at = (p: OwnPayment) => ticks(p).lo;
  return {
    own,
    around,
    inclusive: listClock.inclusive,
    at,
    times: [...new Set(own.map(at))].sort((a, b) => a - b),
    exact: own.every((p) => ticks(p).lo === ticks(p).hi),
  };
}

/** Turns a query's choices into a list filter over the set, and what it must keep of ours. */
function settingFor(set: CreatedSet, query: Query): Setting {
  const { own, around, inclusive, at, times, exact } = set;
  // Windows on the set's own creation times test the bounds, which only a profile that states them can judge, and
  // only where each record's createdAt names its tick exactly (milliseconds shown where the list counts microseconds
  // leave a thousand ticks open).
  const window = inclusive === undefined || !exact ? undefined : query.window;
  // A window's bounds are creation times of the set, so the payments on them test the bounds (§4.4, profile).
  const from =
    window === undefined ? around.createdAtFrom : (times[Math.min(window.first, window.last) % times.length] ?? 0);
  const to =
    window === undefined ? around.createdAtTo : (times[Math.max(window.first, window.last) % times.length] ?? 0);
  const [lower, first] = from <= to ? [from, to] : [to, from];
  // A window holds at least one tick as the profile reads its bounds: [t, t) is empty, and a service may refuse an
  // empty interval (the interface says nothing of one).
  const upper = inclusive === undefined ? first : Math.max(first, emptyUntil(lower, inclusive));
  const inside = (p: OwnPayment) => inclusive === undefined || inInterval(at(p), lower, upper, inclusive);
  const type = picked<PaymentType>(['PAY_IN', 'PAY_OUT'], query.type);
  const status = picked(
    own.map((p) => String(p.record.status) as PaymentStatus),
    query.status,
  );
  const currencyCode =
    query.currency === 'none'
      ? 'XTS' // ISO 4217's code for testing: no method of a merchant uses it
      : picked(
          own.map((p) => p.method.currencyCode),
          query.currency,
        );
  const filter: ListFilter = {
    createdAtFrom: lower,
    createdAtTo: upper,
    ...(type === undefined ? {} : { type }),
    ...(status === undefined ? {} : { status }),
    ...(currencyCode === undefined ? {} : { currencyCode }),
  };
  const expected = own
    .filter(
      (p) =>
        inside(p) &&
        (type === undefined || p.type === type) &&
        (status === undefined || p.record.status === status) &&
        (currencyCode === undefined || p.method.currencyCode === currencyCode),
    )
    .map((p) => p.paymentId);
  const excludedBy = (p: OwnPayment): RequirementId | undefined =>
    !inside(p)
      ? 'LIST-INTERVAL-INCLUSIVE'
      : type !== undefined && p.type !== type
        ? 'LIST-FILTER-TYPE'
        : status !== undefined && p.record.status !== status
          ? 'LIST-FILTER-STATUS'
          : currencyCode !== undefined && p.method.currencyCode !== currencyCode
            ? 'LIST-FILTER-CURRENCY'
            : undefined;
  const firstFilter: RequirementId =
    type !== undefined
      ? 'LIST-FILTER-TYPE'
      : status !== undefined
        ? 'LIST-FILTER-STATUS'
        : currencyCode !== undefined
          ? 'LIST-FILTER-CURRENCY'
          : 'LIST-INTERVAL-INCLUSIVE';
  const blame = (p: OwnPayment, listed: boolean): RequirementId => {
    if (listed) return excludedBy(p) ?? 'LIST-INTERVAL-INCLUSIVE';
    return at(p) === lower || at(p) === upper ? 'LIST-INTERVAL-INCLUSIVE' : firstFilter;
  };
  return { own, filter, expected, currencyCode, blame, around };
}

/** A walk the target broke ends the case: the requirement it breaks (walk.breaks) fails, the case's others wait. */
function walkable(walk: Walk): void {
  precondition(walk.breaks ?? 'LIST-SHAPE', () => {
    plainExpect(walk.problem, 'following nextId').toBeUndefined();
  });
}

/** The filtered set in one answer (the oracle); the case is discarded when it does not fit one page. */
async function wholeSet(list: ListReader, filter: ListFilter): Promise<ListPage> {
  const page = await list.onePage(filter);
  fc.pre(typeof page !== 'string');
  return page;
}

const SETTLE_TRIES = 3;

/**
 * The whole set and a walk through its pages, read while nothing else changed the set. On a target of its own that
 * is every read. On a shared one another client's payments may enter the interval or change status between the
 * reads: the set is read again after the walk, and the case read anew (up to SETTLE_TRIES times) when it moved;
 * undefined when it never held still, and the case is then not one this target can decide.
 */
async function settledWalk(
  list: ListReader,
  given: Preconditions,
  filter: ListFilter,
  take: number,
): Promise<{ whole: ListPage; walk: Walk } | undefined> {
  for (let attempt = 0; attempt < SETTLE_TRIES; attempt++) {
    const whole = await wholeSet(list, filter);
    const walk = await list.walkForCase(filter, take);
    // A walk beyond the scan budget decides nothing (a defect found on the way is still one).
    fc.pre(walk.problem !== undefined || walk.exhausted === undefined);
    if (given.exclusive || membershipOf(await wholeSet(list, filter)) === membershipOf(whole)) {
      return { whole, walk };
    }
  }
  return undefined;
}

/** What `read` gives, or undefined where it found the query undecidable (fc.pre). */
async function undecidedAsUndefined<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (fc.PreconditionFailure.isFailure(error)) return undefined;
    throw error;
  }
}

/**
 * §4.4's filters and interval over one settled read of the whole filtered set: each of our payments listed that
 * should not be, or missing, is the requirement of the filter that decides it; anyone's payment outside a filter the
 * answer itself shows is that filter's.
 */
async function checkMembership(list: ListReader, setting: Setting, whole: ListPage): Promise<void> {
  const { own, filter, expected, currencyCode, blame, around } = setting;
  const listed = new Set(whole.payments.map((p) => p.id));
  const misplaced = own.filter((p) => listed.has(p.paymentId) !== expected.includes(p.paymentId));
  // Under a type filter, a payment of ours misplaced because it was stored with the other type is its creation's
  // finding (type-filter.ts): the payment record shows no type to tell it otherwise.
  if (filter.type !== undefined && misplaced.length > 0) await expectCreatedTypesShown(list, around, own);
  for (const payment of misplaced) {
    const isListed = listed.has(payment.paymentId);
    check(blame(payment, isListed), () => {
      plainExpect(
        { paymentId: payment.paymentId, listed: isListed },
        `our payments in the list ${JSON.stringify(filter)}`,
      ).toEqual({ paymentId: payment.paymentId, listed: !isListed });
    });
  }
  for (const [requirement, strays] of [
    [
      'LIST-FILTER-TYPE',
      whole.payments.filter(
        // type is not a required member of a record: only a stated one can be outside the filter.
        (p) => filter.type !== undefined && p.record.type !== undefined && p.record.type !== filter.type,
      ),
    ],
    [
      'LIST-FILTER-STATUS',
      whole.payments.filter((p) => filter.status !== undefined && p.record.status !== filter.status),
    ],
    [
      'LIST-FILTER-CURRENCY',
      whole.payments.filter((p) => currencyCode !== undefined && p.record.currencyCode !== currencyCode),
    ],
  ] as const) {
    check(requirement, () => {
      plainExpect(
        strays.map((p) => p.id),
        `listed payments outside the filters ${JSON.stringify(filter)}`,
      ).toEqual([]);
    });
  }
}

/** The pages of the walk against the whole set: none above take, none twice, none missing (§4.4). */
function checkPages(whole: ListPage, walk: Walk, take: number): void {
  walkable(walk);
  // A page of another size than take (the last excepted) is LIST-TAKE's, whatever it does to the pages after it;
  // then repeats, then gaps.
  check('LIST-TAKE', () => {
    plainExpect(pageSizeProblems(walk, take), `pages not of take ${take}`).toEqual([]);
  });
  check('LIST-PAGES-NO-DUPLICATE', () => {
    plainExpect(repeated(walk.ids), 'payments on two pages').toEqual([]);
  });
  check('LIST-PAGES-NO-GAP', () => {
    plainExpect([...walk.ids].sort(), 'the pages against the set in one page').toEqual(
      whole.payments.map((p) => p.id).sort(),
    );
  });
}

/**
 * §2.2's totals and amounts on every page, the whole set's: each member is its own requirement's; total first, for a
 * count of the page alone breaks every member. Without a stated unit the sums cannot be checked, only the counts.
 */
function checkTotals(
  whole: ListPage,
  walk: Walk,
  take: number,
  unit: TotalsUnit | undefined,
  cover: 'all' | 'succeeded' | undefined,
): void {
  const set = {
    total: whole.payments.length,
    totalSucceed: countWithStatus(whole, 'SUCCESS'),
    totalFailed: countWithStatus(whole, 'FAILED'),
    amounts: unit === undefined || cover === undefined ? 'not checked' : expectedHundredths(whole, cover),
  };
  for (const [n, page] of [whole, ...walk.pages].entries()) {
    const where = n === 0 ? 'the page that holds the whole set' : `page ${n} of ${take}`;
    expectTotalsReadable(page, where);
    check('LIST-TOTALS-WHOLE-SET', () => {
      plainExpect(page.total, `total on ${where}`).toEqual(set.total);
    });
    check('LIST-TOTAL-SUCCEED', () => {
      plainExpect(page.totalSucceed, `totalSucceed on ${where}`).toEqual(set.totalSucceed);
    });
    check('LIST-TOTAL-FAILED', () => {
      plainExpect(page.totalFailed, `totalFailed on ${where}`).toEqual(set.totalFailed);
    });
    check('LIST-AMOUNTS-PER-CURRENCY', () => {
      plainExpect(
        unit === undefined || cover === undefined ? 'not checked' : amountsInHundredths(page.amounts, unit),
        `amounts on ${where}`,
      ).toEqual(set.amounts);
    });
  }
}

test.describe('paymentsList · properties', () => {
  /*
   * One property for §4.4's and §2.2's list requirements: each case creates its set once and reads it settled, then
   * judges the filters, the pages and the totals, each check its own requirement's. Three properties over the same
   * sets cost three times the requests (issue 31: a staging's rate cap) for no verdict more; the price is that a
   * defect found first leaves the requirements after it NOT VERIFIED (blocked), never failed.
   */
  test(
    'for any set, take and filters, the list keeps exactly the filtered set, its pages hold it once within take, and every page carries its totals',
    verifies(
      [
        'LIST-FILTER-TYPE',
        'LIST-FILTER-STATUS',
        'LIST-FILTER-CURRENCY',
        'LIST-INTERVAL-INCLUSIVE',
        'LIST-PAGES-NO-DUPLICATE',
        'LIST-PAGES-NO-GAP',
        'LIST-TAKE',
        'LIST-TOTALS-WHOLE-SET',
        'LIST-TOTAL-SUCCEED',
        'LIST-TOTAL-FAILED',
        'LIST-AMOUNTS-PER-CURRENCY',
      ],
      'paymentsList',
    ),
    async ({ api, given }) => {
      const unit = given.profile.settings.conventions?.amountTotalsUnit;
      const cover = given.profile.settings.conventions?.amountsCover;
      await assertProperty(
        given.profile,
        fc.asyncProperty(scenarios(given), async ({ payments, queries }) => {
          const set = await createSet(api, given, payments);
          const list = new ListReader(api, given);
          let decided = 0;
          for (const query of queries) {
            const setting = settingFor(set, query);
            const read = await undecidedAsUndefined(() => settledWalk(list, given, setting.filter, query.take));
            // A query the target does not let the kit decide (a set too large for one page, one that kept changing,
            // a walk beyond the scan budget) leaves the set's other queries to decide.
            if (read === undefined) continue;
            decided++;
            expectListedAsCreated(read.whole.payments, setting.own);
            await checkMembership(list, setting, read.whole);
            checkPages(read.whole, read.walk, query.take);
            checkTotals(read.whole, read.walk, query.take, unit, cover);
          }
          fc.pre(decided > 0);
        }),
        // Each run is a set and its queries, each query a case of the profile's numRuns.
        { casesPerRun: QUERIES_PER_SET, requestsPerCase: REQUESTS_PER_SET },
      );
    },
  );
});
