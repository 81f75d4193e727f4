/**
 * The page sizes of the list (§4.4 `take`, §8: neither the default nor the largest is shown): the default is the
 * length of a page without take that names a next one; the largest is searched between an accepted take and a
 * refused one (400, or 422 by the provider's convention), or shown by a target that cuts a huge take.
 */
import type { Exchange } from '../client/exchange.js';
import { type Decision, errorCodeOf, inconclusive, proposed, refusesBody } from './decision.js';
import { type ListProbes, type ProbePayment, type TimestampUnit, ListProbes as Probes, pageOf } from './list-probes.js';

/** The take the largest-take search starts from: a target that accepts it has no useful maximum to find. */
const HUGE_TAKE = 1_000_000;
/** Payments created at once while the interval holds no more than one default page. */
const MORE_AT_ONCE = 6;

/** What creates the discovery's payments, within its cap. */
export interface PaymentMaker {
  readonly payments: readonly ProbePayment[];
  readonly room: number;
  readonly problem: string | undefined;
  create(count: number): Promise<void>;
}

/** The first page without take: its length is the default when a next page follows. */
async function defaultPage(
  list: ListProbes,
  interval: Record<string, number>,
): Promise<{ size: number | undefined; seen: number; exchange: Exchange }> {
  const exchange = await list.page(interval);
  const page = pageOf(exchange);
  if (page === undefined) return { size: undefined, seen: 0, exchange };
  return { size: page.nextId === undefined ? undefined : page.ids.length, seen: page.ids.length, exchange };
}

/** The largest take: a target that refuses a larger one (400 or 422) is searched; one that cuts it shows it. */
async function largestTake(
  list: ListProbes,
  interval: Record<string, number>,
  known: number,
): Promise<{ max: number | undefined; why: string; evidence: Exchange[] }> {
  const huge = await list.page({ ...interval, take: HUGE_TAKE });
  if (huge.status === 200) {
    const page = pageOf(huge);
    if (page?.nextId !== undefined) {
      return { max: page.ids.length, why: `take ${HUGE_TAKE} is cut to ${page.ids.length} a page`, evidence: [huge] };
    }
    return {
      max: undefined,
      why: `take ${HUGE_TAKE} is accepted and the interval's ${page?.ids.length ?? 0} payments fit one page`,
      evidence: [huge],
    };
  }
  if (!refusesBody(huge)) return { max: undefined, why: `take ${HUGE_TAKE} got ${huge.status}`, evidence: [huge] };
  // Accepted ≤ low < high refused: halve until they meet.
  let low = Math.max(1, known);
  let high = HUGE_TAKE;
  let refused = huge;
  const lowAnswer = await list.page({ ...interval, take: low });
  if (lowAnswer.status !== 200)
    return { max: undefined, why: `even take ${low} got ${lowAnswer.status}`, evidence: [huge, lowAnswer] };
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const answer = await list.page({ ...interval, take: mid });
    if (answer.status === 200) low = mid;
    else if (refusesBody(answer)) {
      high = mid;
      refused = answer;
    } else return { max: undefined, why: `take ${mid} got ${answer.status}`, evidence: [huge, answer] };
  }
  return {
    max: low,
    why: `take ${low} is accepted and take ${high} refused with ${refused.status} (${errorCodeOf(refused) ?? 'no code'})`,
    evidence: [huge, refused],
  };
}

/** The default take needs one payment more than a page holds in the interval: created as needed, within the cap. */
export async function pageSize(list: ListProbes, maker: PaymentMaker, unit: TimestampUnit): Promise<Decision> {
  const key = 'conventions.pageSize';
  let page = await defaultPage(list, Probes.wide(maker.payments, unit));
  while (page.size === undefined && maker.room > 0 && maker.problem === undefined && page.exchange.status === 200) {
    await maker.create(MORE_AT_ONCE);
    page = await defaultPage(list, Probes.wide(maker.payments, unit));
  }
  const interval = Probes.wide(maker.payments, unit);
  const largest = await largestTake(list, interval, page.size ?? page.seen);
  const evidence = [page.exchange, ...largest.evidence];
  if (page.size === undefined) {
    return inconclusive(
      key,
      `the default page is at least ${page.seen}: the interval holds no more payments than one page, and no more may be created (${maker.payments.length}, all that --max-creations leaves beside the postback probe's${maker.problem === undefined ? '' : `; ${maker.problem}`}); largest take: ${largest.why}`,
      evidence,
    );
  }
  if (largest.max === undefined) {
    return inconclusive(
      key,
      `the default page is ${page.size}; the largest take is not known: ${largest.why}`,
      evidence,
    );
  }
  return proposed(
    key,
    { default: page.size, max: largest.max },
    `a page without take holds ${page.size} and names a next one; ${largest.why}`,
    evidence,
  );
}
