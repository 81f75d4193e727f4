/**
 * amounts[] of the list (§2.2: "Sum of amounts per currency", a bigint total of decimal amounts): its unit
 * (conventions.amountTotalsUnit: minor or major) and which payments it sums (conventions.amountsCover: all of the set,
 * or its succeeded ones), judged over a whole set walked page by page around the discovery's own payments.
 */
import type { Exchange } from '../client/exchange.js';
import { type Decision, inconclusive, proposed } from './decision.js';
import { type ListProbes, pageOf, SEARCH_PAGES } from './list-probes.js';

interface Listed {
  readonly amount?: unknown;
  readonly currencyCode?: unknown;
  readonly status?: unknown;
}

const UNIT_KEY = 'conventions.amountTotalsUnit';
const COVER_KEY = 'conventions.amountsCover';
const COVERS = ['all', 'succeeded'] as const;
const UNITS = ['minor', 'major'] as const;

/** Each currency's sum in cents over the payments a cover takes. */
function sumsOf(listed: readonly Listed[], cover: (typeof COVERS)[number]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const payment of listed) {
    if (typeof payment.amount !== 'number' || typeof payment.currencyCode !== 'string') continue;
    if (cover === 'succeeded' && payment.status !== 'SUCCESS') continue;
    sums.set(payment.currencyCode, (sums.get(payment.currencyCode) ?? 0) + Math.round(payment.amount * 100));
  }
  return sums;
}

/** Whether every total (and every currency the cover sums) agrees with the sums in the unit. */
function agrees(totals: ReadonlyMap<string, number>, sums: ReadonlyMap<string, number>, unit: string): boolean {
  const currencies = new Set([...totals.keys(), ...[...sums].filter(([, cents]) => cents !== 0).map(([c]) => c)]);
  return [...currencies].every((currency) => {
    const total = totals.get(currency) ?? 0;
    const cents = sums.get(currency) ?? 0;
    return unit === 'minor' ? total === cents : Math.abs(total * 100 - cents) < 0.5;
  });
}

/**
 * Which (cover, unit) pairs the totals agree with. A setting is proposed where every agreeing pair names the same
 * value for it; a set that cannot tell two values apart (all payments succeeded, or every sum zero) leaves it open.
 */
export function totalsOf(first: Exchange, amounts: readonly unknown[], listed: readonly Listed[]): Decision[] {
  const totals = new Map(
    (amounts as { total?: unknown; currencyCode?: unknown }[]).map((e) => [String(e.currencyCode), Number(e.total)]),
  );
  const seen = `totals ${JSON.stringify(Object.fromEntries(totals))}; sums of all ${JSON.stringify(Object.fromEntries(sumsOf(listed, 'all')))} and of the succeeded ${JSON.stringify(Object.fromEntries(sumsOf(listed, 'succeeded')))} in cents`;
  const pairs = COVERS.flatMap((cover) =>
    UNITS.filter((unit) => agrees(totals, sumsOf(listed, cover), unit)).map((unit) => ({ cover, unit })),
  );
  const decide = (key: string, values: readonly string[], what: string): Decision => {
    const distinct = [...new Set(values)];
    if (distinct.length === 1)
      return proposed(key, distinct[0], `only ${what} ${distinct[0]} agrees: ${seen}`, [first]);
    const why = values.length === 0 ? 'no reading agrees' : `${distinct.join(' and ')} agree alike`;
    return inconclusive(key, `${why}: ${seen}`, [first]);
  };
  return [
    decide(
      UNIT_KEY,
      pairs.map((p) => p.unit),
      'the unit',
    ),
    decide(
      COVER_KEY,
      pairs.map((p) => p.cover),
      'the cover',
    ),
  ];
}

/** The set in `interval` walked by nextId, then judged: both settings, or both inconclusive with the cause. */
export async function amountTotals(
  list: ListProbes,
  interval: Record<string, number>,
  take: number | undefined,
): Promise<Decision[]> {
  const listed: Listed[] = [];
  let first: Exchange | undefined;
  let fromId: string | undefined;
  const neither = (why: string, evidence: Exchange[]): Decision[] =>
    [UNIT_KEY, COVER_KEY].map((key) => inconclusive(key, why, evidence));
  for (let n = 0; n < SEARCH_PAGES; n++) {
    const exchange = await list.page({
      ...interval,
      ...(take === undefined ? {} : { take }),
      ...(fromId === undefined ? {} : { fromId }),
    });
    first ??= exchange;
    const json = exchange.json as { payments?: unknown } | undefined;
    const page = pageOf(exchange);
    if (page === undefined || !Array.isArray(json?.payments)) {
      return neither(`a page of the list got ${exchange.status} without payments`, [exchange]);
    }
    listed.push(...(json.payments as Listed[]));
    if (page.nextId === undefined || page.nextId === fromId) {
      fromId = undefined;
      break;
    }
    fromId = page.nextId;
  }
  const amounts = (first?.json as { amounts?: unknown } | undefined)?.amounts;
  if (first === undefined || fromId !== undefined || !Array.isArray(amounts)) {
    return neither(
      `no whole set to sum: ${SEARCH_PAGES} pages did not end it, or no amounts`,
      first === undefined ? [] : [first],
    );
  }
  return totalsOf(first, amounts, listed);
}
