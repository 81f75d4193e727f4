/**
 * The list's open points (§4.4, §8): the unit of the interval, whether it holds its bounds, the default and largest
 * take, what nextId names, and the answer to an unknown fromId. Every interval is built around the creation times of
 * payments the discovery made itself, read from the target's own records, so a clock that differs from this
 * machine's changes nothing; lists are followed by nextId, so other payments in the interval change nothing either.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import { type Decision, errorCodeOf, inconclusive, proposed, refusesBody } from './decision.js';
import { type ListUnit, ticksOfMs, ticksOfText, wireBound } from '../profile/list-time.js';

export type TimestampUnit = ListUnit;

/** A payment the discovery created, with its creation time as the target wrote it. */
export interface ProbePayment {
  readonly id: string;
  readonly createdAtMs: number;
  /** createdAt as the record shows it: microseconds are read from the text itself. */
  readonly createdAt: string;
}

/** The units the probe tells apart, each with one second in its ticks (the width of its probing interval). */
const UNITS: readonly { readonly unit: ListUnit; readonly second: number; readonly words: string }[] = [
  { unit: 'ms', second: 1000, words: 'milliseconds' },
  { unit: 's', second: 1, words: 'seconds' },
  { unit: 'us', second: 1_000_000, words: 'microseconds' },
  { unit: 'iso8601', second: 1000, words: 'ISO 8601 text' },
];

/** Pages one search for a payment (or one walk of a set) may read. */
export const SEARCH_PAGES = 20;
const DAY_MS = 86_400_000;

export interface Page {
  readonly exchange: Exchange;
  readonly ids: readonly string[];
  readonly nextId: string | undefined;
}

export function pageOf(exchange: Exchange): Page | undefined {
  if (exchange.status !== 200 || typeof exchange.json !== 'object' || exchange.json === null) return undefined;
  const { payments, nextId } = exchange.json as { payments?: unknown; nextId?: unknown };
  if (!Array.isArray(payments)) return undefined;
  const ids = payments
    .map((p) => (p as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
  return { exchange, ids, nextId: typeof nextId === 'string' && nextId !== '' ? nextId : undefined };
}

export function inUnit(ms: number, unit: TimestampUnit): number {
  return ticksOfMs(ms, unit);
}

export class ListProbes {
  /** The unit the list's bounds go on the wire in, once decided (ISO 8601 text is sent as text). */
  private wire: TimestampUnit = 'ms';

  constructor(private readonly api: ApiClient) {}

  /** From now on the bounds are written as this unit says (ticks of it; text for ISO 8601). */
  useUnit(unit: TimestampUnit): void {
    this.wire = unit;
  }

  /** One page of the list, its bounds written in the list's unit. */
  async page(fields: Record<string, unknown>, unit: TimestampUnit = this.wire): Promise<Exchange> {
    const bounds = Object.fromEntries(
      ['createdAtFrom', 'createdAtTo'].flatMap((member) => {
        const value = fields[member];
        return typeof value === 'number' ? [[member, wireBound(value, unit)]] : [];
      }),
    );
    return this.api.dispatch(this.api.prepareUnchecked('paymentsList', { ...fields, ...bounds }));
  }

  /** Whether `id` is listed in [from, to], following nextId; undefined when the target refused the list. */
  async holds(
    id: string,
    from: number,
    to: number,
    unit: TimestampUnit = this.wire,
  ): Promise<{ found: boolean | undefined; exchange: Exchange }> {
    let fromId: string | undefined;
    let first: Exchange | undefined;
    for (let n = 0; n < SEARCH_PAGES; n++) {
      const exchange = await this.page(
        {
          createdAtFrom: from,
          createdAtTo: to,
          ...(fromId === undefined ? {} : { fromId }),
        },
        unit,
      );
      first ??= exchange;
      const page = pageOf(exchange);
      if (page === undefined) return { found: n === 0 ? undefined : false, exchange: first };
      if (page.ids.includes(id)) return { found: true, exchange: first };
      if (page.nextId === undefined || page.nextId === fromId) return { found: false, exchange: first };
      fromId = page.nextId;
    }
    return { found: undefined, exchange: first ?? (await this.page({ createdAtFrom: from, createdAtTo: to }, unit)) };
  }

  /**
   * The unit of the list's bounds: our payment listed in a one-second interval around its createdAt written in one
   * unit only (an interval in another unit lands decades away, or is refused).
   */
  async timestampUnit(payment: ProbePayment): Promise<Decision> {
    const key = 'conventions.listTimestampUnit';
    const tries = [];
    for (const { unit, second, words } of UNITS) {
      const ticks = ticksOfText(payment.createdAt, unit) ?? { lo: ticksOfMs(payment.createdAtMs, unit), hi: 0 };
      const hi = Math.max(ticks.lo, ticks.hi);
      tries.push({ unit, words, ...(await this.holds(payment.id, ticks.lo - second, hi + second, unit)) });
    }
    const found = tries.filter((t) => t.found === true);
    const evidence = tries.map((t) => t.exchange);
    const seen = tries.map((t) => `${t.words}: ${String(t.found)}`).join(', ');
    if (found.length === 1 && found[0] !== undefined) {
      return proposed(
        key,
        found[0].unit,
        `our payment is listed in an interval of ${found[0].words} around its createdAt, in no other unit (${seen})`,
        evidence,
      );
    }
    return inconclusive(key, `listed in ${seen}`, evidence);
  }

  /**
   * Which bounds hold their own instant: intervals with our payment's createdAt as both bounds, as the lower, as the
   * upper, and around it. Only where the record names its tick exactly (microseconds written as milliseconds leave
   * a thousand open).
   */
  async boundsInclusive(payment: ProbePayment, unit: TimestampUnit): Promise<Decision> {
    const key = 'conventions.listBoundsInclusive';
    const ticks = ticksOfText(payment.createdAt, unit);
    if (ticks === undefined || ticks.lo !== ticks.hi) {
      return inconclusive(
        key,
        `the record's createdAt ${payment.createdAt} does not name one tick of the list's unit (${unit})`,
        [],
      );
    }
    const v = ticks.lo;
    const exact = await this.holds(payment.id, v, v);
    if (exact.found === true) {
      return proposed(key, true, `our payment is listed in [${v}, ${v}], its own createdAt as both bounds`, [
        exact.exchange,
      ]);
    }
    const upper = await this.holds(payment.id, v, v + 1);
    const lower = await this.holds(payment.id, v - 1, v);
    const around = await this.holds(payment.id, v - 1, v + 1);
    const evidence = [exact.exchange, upper.exchange, lower.exchange, around.exchange];
    const seen = `as both bounds: ${String(exact.found)}; as the lower: ${String(upper.found)}; as the upper: ${String(lower.found)}; inside: ${String(around.found)}`;
    // An interval with one instant as both bounds may be refused (empty under most readings): not listed there.
    if (around.found === true) {
      if (upper.found === false && lower.found === false) {
        return proposed(key, false, `our payment (${v}) is listed inside but on neither bound (${seen})`, evidence);
      }
      if (upper.found === true && lower.found === false) {
        return proposed(
          key,
          'from',
          `createdAtFrom holds its instant, createdAtTo does not: [from, to) (${seen})`,
          evidence,
        );
      }
      if (upper.found === false && lower.found === true) {
        return proposed(
          key,
          'to',
          `createdAtTo holds its instant, createdAtFrom does not: (from, to] (${seen})`,
          evidence,
        );
      }
    }
    return inconclusive(key, `with its createdAt ${v} ${seen}`, evidence);
  }

  /** An interval in `unit` holding every payment the discovery made, and a day around them. */
  static wide(payments: readonly ProbePayment[], unit: TimestampUnit): { createdAtFrom: number; createdAtTo: number } {
    const times = payments.map((p) => p.createdAtMs);
    return {
      createdAtFrom: inUnit(Math.min(...times) - DAY_MS, unit),
      createdAtTo: inUnit(Math.max(...times) + DAY_MS, unit) + 1,
    };
  }

  async nextId(interval: Record<string, number>): Promise<Decision> {
    const key = 'conventions.nextId';
    const first = await this.page({ ...interval, take: 2 });
    const page = pageOf(first);
    if (page === undefined || page.nextId === undefined || page.ids.length < 2) {
      return inconclusive(key, 'a page of 2 over an interval of at least 3 payments carried no nextId', [first]);
    }
    const next = await this.page({ ...interval, take: 2, fromId: page.nextId });
    const nextPage = pageOf(next);
    const evidence = [first, next];
    if (nextPage === undefined) return inconclusive(key, `following nextId got ${next.status}`, evidence);
    if (page.nextId === page.ids.at(-1) && !nextPage.ids.includes(page.nextId)) {
      return proposed(
        key,
        'last-of-page',
        "nextId is this page's last payment, and the next page starts after it",
        evidence,
      );
    }
    if (nextPage.ids[0] === page.nextId && !page.ids.includes(page.nextId)) {
      return proposed(key, 'first-of-next-page', "nextId is the next page's first payment", evidence);
    }
    if (
      !page.ids.includes(page.nextId) &&
      !nextPage.ids.includes(page.nextId) &&
      !nextPage.ids.some((id) => page.ids.includes(id))
    ) {
      return proposed(key, 'opaque', 'nextId names no payment of either page: a cursor', evidence);
    }
    return inconclusive(
      key,
      `nextId ${page.nextId} after [${page.ids.join(', ')}] led to [${nextPage.ids.join(', ')}]`,
      evidence,
    );
  }

  async unknownFromId(interval: Record<string, number>): Promise<Decision> {
    const key = 'conventions.unknownFromId';
    const exchange = await this.page({ ...interval, fromId: randomUUID() });
    if (exchange.status === 400 || exchange.status === 404) {
      return proposed(
        key,
        exchange.status,
        `a fromId that names no payment got ${exchange.status} ${errorCodeOf(exchange) ?? ''}`.trim(),
        [exchange],
      );
    }
    return inconclusive(
      key,
      `a fromId that names no payment got ${exchange.status}, neither of the profile's choices (400, 404)`,
      [exchange],
    );
  }

  /** An interval in `unit` holding every payment the discovery made, and one unit around them. */
  static narrow(
    payments: readonly ProbePayment[],
    unit: TimestampUnit,
  ): { createdAtFrom: number; createdAtTo: number } {
    const times = payments.map((p) => p.createdAtMs);
    // One second around them, in the unit's ticks (createdAt may hide a millisecond's worth of microseconds).
    const step = Math.max(1, inUnit(1000, unit) - inUnit(0, unit));
    return {
      createdAtFrom: inUnit(Math.min(...times), unit) - step,
      createdAtTo: inUnit(Math.max(...times) + 1, unit) + step,
    };
  }

  async nullMembers(interval: Record<string, number>): Promise<Decision> {
    const key = 'conventions.nullMembers';
    const exchange = await this.page({ ...interval, take: null });
    if (refusesBody(exchange)) return proposed(key, 'refused', `take: null got ${exchange.status}`, [exchange]);
    if (exchange.status === 200) return proposed(key, 'absent', 'take: null got 200, as without take', [exchange]);
    return inconclusive(key, `take: null got ${exchange.status}`, [exchange]);
  }
}
