/**
 * §4.4 and §2.2 (with the 404 row of §7): the payments list. Every check creates its own payments in an interval of
 * its own, as narrow as the profile's unit allows, and reads every payment of that interval, so it stays true on a
 * busy shared target where the merchant has any number of other payments, some created in the same second: ours must
 * be listed, filters must hold for all, totals must agree with what the pages hold. Reads are bounded by the scan
 * budget of the rate cap, and reads that compare two answers wait until the set holds still (list-reader.ts); what
 * that does not allow is NOT VERIFIED, never FAIL.
 */
import { check, precondition, softCheck } from '../../fixtures/conformance/checks.js';
import { invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';
import { conformanceContract } from '../../fixtures/conformance/contract-options.js';
import type { Exchange } from '../../src/client/exchange.js';
import { type Finding, formatFindings } from '../../src/contract/finding.js';
import { expect, notApplicable, test, verifies } from '../../fixtures/index.js';
import { type OwnPayment, ownPayments, several, type PaymentSpec } from '../../fixtures/conformance/own-payments.js';
import { expectWalkHolds, ListReader, pageSizeProblems } from '../../fixtures/conformance/list-reader.js';
import { expectCreatedTypesShown } from '../../fixtures/conformance/type-filter.js';
import {
  createdAtTicks,
  type Interval,
  type ListPage,
  readPage,
  repeated,
} from '../../fixtures/conformance/payments-list.js';
import { boundsText, fromInclusive, ticksOfMs, toInclusive } from '../../src/profile/list-time.js';
import {
  amountsInHundredths,
  countWithStatus,
  expectedHundredths,
  expectTotalsReadable,
} from '../../fixtures/conformance/list-totals.js';
import type { PaymentStep } from '../../fixtures/conformance/outcome-drivers.js';
import type { MethodRole, Preconditions } from '../../fixtures/conformance/preconditions.js';
import type { PaymentStatus } from '../../generated/common/definitions.gen.js';
import {
  expectListedAsCreated,
  expectReadable,
  type PaymentMember,
} from '../../fixtures/conformance/payment-records.js';

const TAKES = [1, 2, 3] as const;
const ALL_STATUSES: readonly PaymentStatus[] = ['PENDING', 'SUCCESS', 'FAILED', 'NEED_CHECK'];

const idsOf = (payments: readonly { paymentId: string }[]) => payments.map((p) => p.paymentId);

/** Which of our payments `ids` holds, as {id: true/false}: one comparison shows every wrong member at once. */
function membership(payments: readonly OwnPayment[], ids: readonly string[]): Record<string, boolean> {
  const set = new Set(ids);
  return Object.fromEntries(payments.map((p) => [p.paymentId, set.has(p.paymentId)]));
}

/**
 * A filter holds on a page that holds the whole filtered set: every listed payment matches it (whoever made it), and
 * exactly those of our payments that match are listed.
 */
function expectFilterHolds(
  page: ListPage,
  payments: readonly OwnPayment[],
  filter: string,
  matches: { listed: (record: Readonly<Record<string, unknown>>) => boolean; ours: (payment: OwnPayment) => boolean },
  member: PaymentMember,
): void {
  // The member the filter is about, as §4.3 states it, on every record compared (a lowercase status is PAYMENT-SHAPE's).
  for (const p of page.payments) expectReadable(p.record, [member], `listed payment ${p.id}`);
  for (const p of payments) expectReadable(p.record, [member], `the status check of payment ${p.paymentId}`);
  const strays = page.payments
    .filter((p) => !matches.listed(p.record))
    .map((p) => `${p.id}: ${JSON.stringify(p.record)}`);
  expect(strays, `payments listed under ${filter} that do not match it`).toEqual([]);
  const listed = page.payments.map((p) => p.id);
  expect(membership(payments, listed), `our payments listed under ${filter}`).toEqual(
    membership(payments, idsOf(payments.filter(matches.ours))),
  );
}

/** Two of the profile's methods with different currencies, for the currency filter and per-currency amounts. */
function twoCurrencies(given: Preconditions): [MethodRole, MethodRole] {
  const methods = given.profile.settings.merchant.paymentMethods;
  const candidates: MethodRole[] = ['payIn', 'external', 'smsRequired'];
  if (given.profile.settings.safety.allowPayouts) candidates.push('payOut');
  const first = 'payIn';
  const other = candidates.find(
    (role) => methods[role] !== undefined && methods[role].currencyCode !== methods.payIn.currencyCode,
  );
  if (other === undefined) notApplicable('the profile has no two payment methods of different currencies');
  return [first, other];
}

/** A method role of each type the kit may create: payIn, and payOut where payouts are allowed. */
function typesToList(given: Preconditions): MethodRole[] {
  const { payOut } = given.profile.settings.merchant.paymentMethods;
  return given.profile.settings.safety.allowPayouts && payOut !== undefined ? ['payIn', 'payOut'] : ['payIn'];
}

/**
 * A mix of statuses through the profile's outcome drivers, or payments left in their initial status when they reach
 * none of them (the totals are then checked on what the set holds).
 */
function mixedStatuses(given: Preconditions): PaymentSpec[] {
  const outcomes: PaymentStep[] = [
    { status: 'SUCCESS' },
    { status: 'SUCCESS' },
    { status: 'FAILED', failedCode: 'NO_AMOUNT' },
    { status: 'NEED_CHECK' },
  ];
  const reached = outcomes.filter((outcome) => given.reaches([outcome]));
  if (reached.length === 0) return several(3);
  return [...reached.map((outcome) => ({ role: 'payIn' as const, outcome })), { role: 'payIn' }];
}

test.describe('paymentsList · the request', () => {
  for (const member of ['createdAtFrom', 'createdAtTo'] as const) {
    test(`without ${member}: refused`, verifies('LIST-INTERVAL-REQUIRED', 'paymentsList'), async ({ api, given }) => {
      // The other bound as the profile writes one: only the missing one can be the reason for the refusal.
      const { unit } = new ListReader(api, given).clock;
      const { [member]: _missing, ...fields } = {
        createdAtFrom: ticksOfMs(Date.now() - 86_400_000, unit),
        createdAtTo: ticksOfMs(Date.now(), unit),
      };
      await expect(await api.dispatch(api.prepareUnchecked('paymentsList', fields))).toBeApiError(
        invalidBodyStatus(given.profile),
      );
    });
  }

  test(
    "a fromId that is no payment: the profile's status",
    verifies('LIST-UNKNOWN-FROMID', 'paymentsList'),
    async ({ api, given }) => {
      const status = given.convention('unknownFromId');
      // The last day, in the profile's unit: a span any service takes (some bound it; the interface shows no bound).
      const { unit } = new ListReader(api, given).clock;
      const exchange = await api.paymentsList({
        createdAtFrom: ticksOfMs(Date.now() - 86_400_000, unit),
        createdAtTo: ticksOfMs(Date.now() + 60_000, unit),
        fromId: given.unknownId(),
      });
      await expect(exchange).toBeApiError(status, status === 404 ? 'NOT_FOUND' : undefined);
    },
  );

  test(
    'the list and its payment records have the §2.2 and §2.1 shapes',
    verifies(['LIST-SHAPE', 'PAYMENT-SHAPE'], 'paymentsList'),
    async ({ api, given }) => {
      const roles: MethodRole[] =
        given.profile.settings.merchant.paymentMethods.external === undefined ? [] : ['external'];
      const { interval } = await ownPayments(api, given, [
        { role: 'payIn', overrides: { merchantUserId: 'kit-user' } },
        ...roles.map((role) => ({ role })),
      ]);
      const exchange = await api.paymentsList({ ...interval, take: 2 });
      const findings = listShapeFindings(exchange);
      // A listed payment's members are PAYMENT-SHAPE's; the page's own (and an answer that is no page), LIST-SHAPE's.
      softCheck('LIST-SHAPE', () => {
        expect(formatFindings(findings.list), exchange.text.slice(0, 400)).toBe('');
      });
      softCheck('PAYMENT-SHAPE', () => {
        expect(formatFindings(findings.payments), exchange.text.slice(0, 400)).toBe('');
      });
    },
  );
});

/** The findings of a list answer against its schema, split between the page's members and its payments'. */
function listShapeFindings(exchange: Exchange): { list: Finding[]; payments: Finding[] } {
  if (exchange.status !== 200) {
    return { list: [{ ...NOT_A_PAGE, message: `answered ${exchange.status}` }], payments: [] };
  }
  const validation = conformanceContract().validate('payments/payments-list', exchange.json);
  const findings = validation.ok ? [] : validation.findings;
  const inPayment = (f: Finding) => /^\/payments\/\d+\//.test(f.pointer);
  return { list: findings.filter((f) => !inPayment(f)), payments: findings.filter(inPayment) };
}

const NOT_A_PAGE: Finding = {
  pointer: '',
  rule: 'status',
  message: '',
  severity: 'error',
  level: 'spec',
  specRef: '§4.4',
  schemaPath: '',
};

test.describe('paymentsList · filters', () => {
  test(
    'type lists payments of that type only',
    verifies('LIST-FILTER-TYPE', 'paymentsList'),
    async ({ api, given }) => {
      const roles = typesToList(given);
      const { payments, interval } = await ownPayments(
        api,
        given,
        roles.map((role) => ({ role })),
      );
      const shown = await expectCreatedTypesShown(new ListReader(api, given), interval, payments);
      expect(
        Object.fromEntries(payments.map((p) => [p.paymentId, shown.get(p.paymentId)])),
        'the type filters each of our payments is listed under',
      ).toEqual(Object.fromEntries(payments.map((p) => [p.paymentId, p.type])));
    },
  );

  test(
    'status lists payments in that status only',
    verifies('LIST-FILTER-STATUS', 'paymentsList'),
    async ({ api, given }) => {
      const { payments, interval } = await ownPayments(api, given, mixedStatuses(given));
      const list = new ListReader(api, given);
      for (const status of ALL_STATUSES) {
        await test.step(status, async () => {
          const page = await list.wholePage({ ...interval, status });
          expectFilterHolds(
            page,
            payments,
            `status ${status}`,
            {
              listed: (record) => record.status === status,
              ours: (payment) => payment.record.status === status,
            },
            'status',
          );
        });
      }
    },
  );

  test(
    'type and status together list only payments of both (§4.4: every filter given applies)',
    verifies(['LIST-FILTER-TYPE', 'LIST-FILTER-STATUS'], 'paymentsList'),
    async ({ api, given }) => {
      const roles = typesToList(given);
      const { payments, interval } = await ownPayments(api, given, [
        ...mixedStatuses(given),
        ...roles.filter((role) => role !== 'payIn').map((role) => ({ role })),
      ]);
      const list = new ListReader(api, given);
      const statuses = ALL_STATUSES.filter((s) => payments.some((p) => p.record.status === s));
      for (const type of new Set(payments.map((p) => p.type))) {
        for (const status of statuses) {
          await test.step(`type ${type} with status ${status}`, async () => {
            const page = await list.wholePage({ ...interval, type, status });
            for (const p of page.payments) expectReadable(p.record, ['status'], `listed payment ${p.id}`);
            // Each filter's strays are its own requirement's: a status filter dropped beside a type fails
            // LIST-FILTER-STATUS alone. A payment's type is read through the type filter (expectCreatedTypesShown).
            const ours = new Map(payments.map((p) => [p.paymentId, p]));
            check('LIST-FILTER-STATUS', () => {
              const strays = page.payments.filter((p) => p.record.status !== status).map((p) => p.id);
              expect(strays, `payments listed under type ${type} and status ${status} in another status`).toEqual([]);
            });
            check('LIST-FILTER-TYPE', () => {
              const strays = page.payments.filter((p) => ours.has(p.id) && ours.get(p.id)?.type !== type);
              expect(
                strays.map((p) => p.id),
                `our payments of the other type listed under type ${type} and status ${status}`,
              ).toEqual([]);
            });
          });
        }
      }
    },
  );

  test(
    'currencyCode lists payments in that currency only',
    verifies('LIST-FILTER-CURRENCY', 'paymentsList'),
    async ({ api, given }) => {
      const [first, second] = twoCurrencies(given);
      const { payments, interval } = await ownPayments(api, given, [
        { role: first },
        { role: second },
        { role: first },
      ]);
      // Our records show their method's currency first (PAYMENT-CURRENCY-OF-METHOD's finding otherwise).
      expectListedAsCreated(
        payments.map((p) => ({ id: p.paymentId, record: p.record })),
        payments,
      );
      const list = new ListReader(api, given);
      for (const currencyCode of new Set(payments.map((p) => p.method.currencyCode))) {
        const page = await list.wholePage({ ...interval, currencyCode });
        expectFilterHolds(
          page,
          payments,
          `currencyCode ${currencyCode}`,
          {
            listed: (record) => record.currencyCode === currencyCode,
            ours: (payment) => payment.method.currencyCode === currencyCode,
          },
          'currencyCode',
        );
      }
      // With a status filter beside it (§4.4's filters all apply at once): a service may drop one when both are given.
      // Only the currency is judged here, among our payments of that status; the status filter is its own test's.
      for (const currencyCode of new Set(payments.map((p) => p.method.currencyCode))) {
        for (const status of ALL_STATUSES.filter((s) => payments.some((p) => p.record.status === s))) {
          await test.step(`currencyCode ${currencyCode} with status ${status}`, async () => {
            const page = await list.wholePage({ ...interval, currencyCode, status });
            expectFilterHolds(
              page,
              payments.filter((p) => p.record.status === status),
              `currencyCode ${currencyCode} with status ${status}`,
              {
                listed: (record) => record.currencyCode === currencyCode,
                ours: (payment) => payment.method.currencyCode === currencyCode,
              },
              'currencyCode',
            );
          });
        }
      }
    },
  );

  test(
    'only payments created in the interval, bounds as the profile says',
    verifies('LIST-INTERVAL-INCLUSIVE', 'paymentsList'),
    async ({ api, given }) => {
      const form = given.convention('listBoundsInclusive');
      const list = new ListReader(api, given);
      const { payments, interval } = await ownPayments(api, given, several(3));
      const [first, last] = [payments[0], payments.at(-1)];
      if (first === undefined || last === undefined) throw new Error('no payments');
      const listed = await list.wholePage(interval);
      expect(
        listed.payments.map((p) => p.id),
        'the payments at both ends of the interval',
      ).toEqual(expect.arrayContaining(idsOf(payments)));
      for (const p of listed.payments) expectReadable(p.record, ['createdAt'], `listed payment ${p.id}`);
      // The first and last ticks the interval holds, as the profile reads its bounds.
      const firstTick = interval.createdAtFrom + (fromInclusive(form) === true ? 0 : 1);
      const lastTick = interval.createdAtTo - (toInclusive(form) === true ? 0 : 1);
      // A record whose createdAt is coarser than the list's unit may stand for several ticks: outside only when none
      // of them is inside.
      const outside = listed.payments.filter((p) => {
        const ticks = createdAtTicks(p.record, list.clock);
        return ticks !== undefined && (ticks.hi < firstTick || ticks.lo > lastTick);
      });
      expect(
        outside.map((p) => `${p.id}: ${String(p.record.createdAt)}`),
        `listed outside the interval ${boundsText(form)} = ${JSON.stringify(interval)}`,
      ).toEqual([]);
      // Just past each end, a few ticks wide (narrow: a busy target has other payments there), each bound read as the
      // profile says: the payment at that end is left out.
      const before: Interval = {
        createdAtFrom: firstTick - 3,
        createdAtTo: toInclusive(form) === true ? firstTick - 1 : firstTick,
      };
      const after: Interval = {
        createdAtFrom: fromInclusive(form) === true ? lastTick + 1 : lastTick,
        createdAtTo: lastTick + 3,
      };
      expect(await list.ids(before), 'an interval that ends just before the first').not.toContain(first.paymentId);
      expect(await list.ids(after), 'an interval that starts just after the last').not.toContain(last.paymentId);
    },
  );
});

test.describe('paymentsList · keyset pages', () => {
  test(
    'following nextId, no payment appears on two pages',
    verifies('LIST-PAGES-NO-DUPLICATE', 'paymentsList'),
    async ({ api, given }) => {
      const { interval } = await ownPayments(api, given, several(7));
      const list = new ListReader(api, given);
      for (const take of TAKES) {
        expect(repeated(await list.ids(interval, take)), `payments on two pages with take ${take}`).toEqual([]);
      }
    },
  );

  test(
    'following nextId, the pages hold every payment of the filtered set',
    verifies('LIST-PAGES-NO-GAP', 'paymentsList'),
    async ({ api, given }) => {
      const [first, second] = twoCurrencies(given);
      const { payments, interval } = await ownPayments(api, given, [
        ...several(4, first),
        { role: second },
        ...several(2, first),
      ]);
      const list = new ListReader(api, given);
      for (const take of TAKES) {
        // The set in one answer and in pages, read while nothing else changed it.
        const [whole, walked] = await list.settled(interval, async () => [
          (await list.wholePage(interval)).payments.map((p) => p.id),
          await list.ids(interval, take),
        ]);
        expect(whole).toEqual(expect.arrayContaining(idsOf(payments)));
        expect(new Set(walked), `the pages with take ${take}`).toEqual(new Set(whole));
      }
      // A filter leaves holes in the order; the pages must still cover the filtered set.
      const currencyCode = payments[0]?.method.currencyCode ?? '';
      const filtered = payments.filter((p) => p.method.currencyCode === currencyCode);
      expect(await list.ids({ ...interval, currencyCode }, 2)).toEqual(expect.arrayContaining(idsOf(filtered)));
    },
  );

  test(
    'take is the page size: every page holds take payments, the last at most take',
    verifies('LIST-TAKE', 'paymentsList'),
    async ({ api, given }) => {
      const { interval } = await ownPayments(api, given, several(5));
      const list = new ListReader(api, given);
      for (const take of TAKES) {
        const walk = await list.walk(interval, take);
        expectWalkHolds(walk);
        const sizes = walk.pages.map((page) => page.payments.length);
        expect(pageSizeProblems(walk, take), `page sizes with take ${take}: ${sizes.join(', ')}`).toEqual([]);
      }
    },
  );

  test(
    "without take a page holds at most the profile's default; above the maximum take is refused or capped",
    verifies('LIST-TAKE-DEFAULT-MAX', 'paymentsList'),
    async ({ api, given }) => {
      const pageSize = given.convention('pageSize');
      const { interval } = await ownPayments(api, given, several(pageSize.default + 1));
      const firstPage = readPage(await api.paymentsList(interval));
      if (typeof firstPage === 'string') throw new Error(firstPage);
      // A take the list does not honour when it is given is LIST-TAKE's finding: the default and the maximum are
      // judged on a list that keeps an explicit one.
      const explicit = readPage(await api.paymentsList({ ...interval, take: pageSize.default }));
      // (An unreadable answer to it is left to the list's shape checks.)
      const explicitSize = typeof explicit === 'string' ? 0 : explicit.payments.length;
      precondition('LIST-TAKE', () => {
        expect(explicitSize, `a page with take ${pageSize.default}`).toBeLessThanOrEqual(pageSize.default);
      });
      expect(firstPage.payments.length, `a page without take (default ${pageSize.default})`).toBeLessThanOrEqual(
        pageSize.default,
      );
      const aboveMax = await api.paymentsList({ ...interval, take: pageSize.max + 1 });
      const page = readPage(aboveMax);
      const refused = aboveMax.status === 400 || aboveMax.status === invalidBodyStatus(given.profile);
      const capped = typeof page !== 'string' && page.payments.length <= pageSize.max;
      expect(
        refused || capped,
        `take ${pageSize.max + 1} answered ${aboveMax.status} ${aboveMax.text.slice(0, 200)}`,
      ).toBe(true);
    },
  );

  test(
    "the last page carries no nextId (or, where nextId names a page's last payment, ends the walk)",
    verifies('LIST-NEXTID-LAST-PAGE', 'paymentsList'),
    async ({ api, given }) => {
      const nextId = given.convention('nextId');
      const { interval } = await ownPayments(api, given, several(5));
      const list = new ListReader(api, given);
      const [single, walk] = await list.settled(interval, async () => [
        await list.wholePage(interval),
        await list.walk(interval, 2),
      ]);
      // A walk that repeats or skips payments is those requirements' finding: where it ends is judged on a sound one.
      expectWalkHolds(walk, single);
      expect(walk.ids, 'the pages end where the set does').toHaveLength(single.payments.length);
      // Where nextId names a page's own last payment, the page after the last one is empty and ends the walk; a page
      // holding the whole set may then name its last payment. Otherwise no page after the last, and no nextId on it.
      const lastOfPage = nextId === 'last-of-page';
      expect(walk.pages.at(-1)?.nextId ?? null, 'the page that ends the walk').toBeNull();
      expect(
        walk.pages.slice(1).filter((page) => page.payments.length === 0).length,
        'empty pages after the last payment',
      ).toBeLessThanOrEqual(lastOfPage ? 1 : 0);
      expect(
        lastOfPage ? [null, single.payments.at(-1)?.id ?? null] : [null],
        'the nextId of a page that holds the whole set',
      ).toContain(single.nextId ?? null);
    },
  );
});

test.describe('paymentsList · totals', () => {
  test(
    'every page carries the total, totalSucceed, totalFailed and amounts of the whole filtered set',
    verifies(
      ['LIST-TOTALS-WHOLE-SET', 'LIST-TOTAL-SUCCEED', 'LIST-TOTAL-FAILED', 'LIST-AMOUNTS-PER-CURRENCY'],
      'paymentsList',
    ),
    async ({ api, given }) => {
      const { interval } = await ownPayments(api, given, mixedStatuses(given));
      const list = new ListReader(api, given);
      // Another client's payments may settle while the kit reads: the totals of one read against another only
      // count when the set held still.
      const [whole, walk] = await list.settled(interval, async () => [
        await list.wholePage(interval),
        await list.walk(interval, 2),
      ]);
      expectWalkHolds(walk, whole);
      expect(walk.pages.length, 'the set spans several pages of 2').toBeGreaterThan(1);
      expectTotalsReadable(whole, 'the page that holds the whole set');
      // Each member is its own requirement's, total first: a page that counts only its own successes breaks
      // totalSucceed alone, one that counts nothing but itself breaks total, and what follows is blocked by it.
      for (const [n, page] of walk.pages.entries()) {
        const where = `page ${n + 1} of 2 payments`;
        expectTotalsReadable(page, where);
        check('LIST-TOTALS-WHOLE-SET', () => {
          expect(page.total, `total on ${where}`).toBe(whole.payments.length);
        });
        check('LIST-TOTAL-SUCCEED', () => {
          expect(page.totalSucceed, `totalSucceed on ${where}`).toBe(whole.totalSucceed);
        });
        check('LIST-TOTAL-FAILED', () => {
          expect(page.totalFailed, `totalFailed on ${where}`).toBe(whole.totalFailed);
        });
        check('LIST-AMOUNTS-PER-CURRENCY', () => {
          expect(page.amounts, `amounts on ${where}`).toEqual(whole.amounts);
        });
      }
    },
  );

  test(
    'totalSucceed counts the SUCCESS payments of the set',
    verifies('LIST-TOTAL-SUCCEED', 'paymentsList'),
    async ({ api, given }) => {
      const { interval } = await ownPayments(api, given, mixedStatuses(given));
      const page = await new ListReader(api, given).wholePage(interval);
      expectTotalsReadable(page, 'the page that holds the whole set');
      expect(page.totalSucceed).toBe(countWithStatus(page, 'SUCCESS'));
    },
  );

  test(
    'totalFailed counts the FAILED payments of the set',
    verifies('LIST-TOTAL-FAILED', 'paymentsList'),
    async ({ api, given }) => {
      const { interval } = await ownPayments(api, given, mixedStatuses(given));
      const page = await new ListReader(api, given).wholePage(interval);
      expectTotalsReadable(page, 'the page that holds the whole set');
      expect(page.totalFailed).toBe(countWithStatus(page, 'FAILED'));
    },
  );

  test(
    "amounts holds one sum per currency of the set, in the profile's unit",
    verifies('LIST-AMOUNTS-PER-CURRENCY', 'paymentsList'),
    async ({ api, given }) => {
      const [first, second] = twoCurrencies(given);
      const unit = given.convention('amountTotalsUnit');
      const cover = given.convention('amountsCover');
      // Where only succeeded payments count, the set has succeeded ones to count and one that stays out.
      const succeeded = cover === 'succeeded' ? { outcome: { status: 'SUCCESS' as const } } : {};
      const cents = (role: MethodRole, extra: number, counted = true) => ({
        role,
        overrides: { amount: given.method(role).amount + extra },
        ...(counted ? succeeded : {}),
      });
      // Both types where payouts are allowed: the sums are the filtered set's under a type filter too.
      const types = typesToList(given);
      const { interval, payments } = await ownPayments(api, given, [
        cents(first, 0.25),
        cents(first, 0.5),
        cents(second, 0.75),
        ...(cover === 'succeeded' ? [cents(second, 0.1, false)] : []),
        ...types.filter((role) => role !== first && role !== second).map((role) => cents(role, 0.35)),
      ]);
      const list = new ListReader(api, given);
      const whole = await list.wholePage(interval);
      expectListedAsCreated(whole.payments, payments);
      const filters = [{}, ...[...new Set(payments.map((p) => p.type))].map((type) => ({ type }))];
      for (const filter of filters) {
        await test.step(`amounts of ${JSON.stringify(filter)}`, async () => {
          const page = Object.keys(filter).length === 0 ? whole : await list.wholePage({ ...interval, ...filter });
          expectTotalsReadable(page, `the page that holds the set of ${JSON.stringify(filter)}`);
          expect(
            amountsInHundredths(page.amounts, unit),
            `amounts of ${JSON.stringify(filter)} (${unit} units, ${cover}) as hundredths`,
          ).toEqual(expectedHundredths(page, cover));
        });
      }
    },
  );
});
