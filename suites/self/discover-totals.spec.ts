/**
 * How discover reads amounts[] (§2.2 "Sum of amounts per currency"): the unit of the totals and which payments they
 * cover, each proposed only where the set tells the readings apart (src/discover/totals-unit.ts).
 */
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../src/client/exchange.js';
import { totalsOf } from '../../src/discover/totals-unit.js';

const first: Exchange = {
  operation: 'paymentsList',
  request: { method: 'POST', url: 'http://127.0.0.1:1/payments/list', headers: {}, body: '{}', variant: 'probe' },
  status: 200,
  headers: {},
  text: '{}',
  json: {},
  jsonError: undefined,
  truncated: false,
  startedAt: '2026-11-27T00:00:00.000Z',
  durationMs: 1,
};

const listed = [
  { amount: 401.25, currencyCode: 'EUR', status: 'PENDING' },
  { amount: 11, currencyCode: 'EUR', status: 'SUCCESS' },
  { amount: 3.5, currencyCode: 'USD', status: 'FAILED' },
];

function decided(amounts: unknown[], set = listed): Record<string, unknown> {
  return Object.fromEntries(totalsOf(first, amounts, set).map((d) => [d.key, d.value ?? 'INCONCLUSIVE']));
}

test('should tell the unit and the cover apart on a set of mixed statuses', () => {
  expect(
    decided([
      { currencyCode: 'EUR', total: 41225 },
      { currencyCode: 'USD', total: 350 },
    ]),
  ).toEqual({
    'conventions.amountTotalsUnit': 'minor',
    'conventions.amountsCover': 'all',
  });
  expect(
    decided([
      { currencyCode: 'EUR', total: 412.25 },
      { currencyCode: 'USD', total: 3.5 },
    ]),
  ).toEqual({
    'conventions.amountTotalsUnit': 'major',
    'conventions.amountsCover': 'all',
  });
  // Only the succeeded EUR payment is summed; USD has none, so it is absent or 0.
  expect(decided([{ currencyCode: 'EUR', total: 1100 }])).toEqual({
    'conventions.amountTotalsUnit': 'minor',
    'conventions.amountsCover': 'succeeded',
  });
  expect(
    decided([
      { currencyCode: 'EUR', total: 11 },
      { currencyCode: 'USD', total: 0 },
    ]),
  ).toEqual({
    'conventions.amountTotalsUnit': 'major',
    'conventions.amountsCover': 'succeeded',
  });
});

test('should leave open what the set cannot tell apart, and what no reading explains', () => {
  const succeeded = listed.map((p) => ({ ...p, status: 'SUCCESS' }));
  expect(
    decided(
      [
        { currencyCode: 'EUR', total: 41225 },
        { currencyCode: 'USD', total: 350 },
      ],
      succeeded,
    ),
  ).toEqual({
    'conventions.amountTotalsUnit': 'minor',
    'conventions.amountsCover': 'INCONCLUSIVE',
  });
  expect(decided([{ currencyCode: 'EUR', total: 7 }])).toEqual({
    'conventions.amountTotalsUnit': 'INCONCLUSIVE',
    'conventions.amountsCover': 'INCONCLUSIVE',
  });
  const why = totalsOf(first, [{ currencyCode: 'EUR', total: 7 }], listed)[0]?.why;
  expect(why).toContain('no reading agrees');
});
