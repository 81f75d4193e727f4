import type { Exchange } from '../client/exchange.js';
import { type Decision, inconclusive, proposed } from './decision.js';

/**
 * The unit of amounts[].total (§2.2, conventions.amountTotalsUnit) judged from a whole listed set: each currency's
 * total against the sum of its listed amounts, in minor units (×100) or major. Only a currency whose amounts have
 * cents can tell the two apart. `first` is the list's first page, which carries the totals.
 */
export function totalsUnitOf(
  first: Exchange,
  amounts: readonly unknown[],
  listed: readonly { amount?: unknown; currencyCode?: unknown }[],
): Decision {
  const key = 'conventions.amountTotalsUnit';
  const sums = new Map<string, number>();
  for (const payment of listed) {
    if (typeof payment.amount !== 'number' || typeof payment.currencyCode !== 'string') continue;
    sums.set(payment.currencyCode, (sums.get(payment.currencyCode) ?? 0) + Math.round(payment.amount * 100));
  }
  const judged = (amounts as { total?: unknown; currencyCode?: unknown }[])
    .map((entry) => ({
      currency: String(entry.currencyCode),
      total: Number(entry.total),
      cents: sums.get(String(entry.currencyCode)),
    }))
    .filter((t) => t.cents !== undefined && t.cents % 100 !== 0);
  if (judged.length === 0) {
    return inconclusive(key, 'no currency whose amounts have cents: minor and major cannot be told apart', [first]);
  }
  const seen = judged.map((t) => `${t.currency} ${t.total} for ${(t.cents ?? 0) / 100}`).join(', ');
  if (judged.every((t) => t.total === t.cents)) {
    return proposed(key, 'minor', `each total is the sum in minor units (${seen})`, [first]);
  }
  if (judged.every((t) => Math.abs(t.total * 100 - (t.cents ?? 0)) < 0.5)) {
    return proposed(key, 'major', `each total is the plain sum of the amounts (${seen})`, [first]);
  }
  return inconclusive(key, `the totals are neither unit's sum (${seen})`, [first]);
}
