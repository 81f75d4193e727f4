/**
 * A property's budget follows the pace of its own cases (fixtures/conformance/paced-time-limit.ts): a target slower
 * than the rate cap suggests gets the time its cases need, up to the profile's ceiling; past the ceiling, even a case
 * that never ends, the run is interrupted and says so. The figures are wide apart on purpose: the assertions are on
 * what ran, never on how long it took.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { pacedTimeLimit } from '../../fixtures/conformance/paced-time-limit.js';

async function checkWith(
  numRuns: number,
  limit: ReturnType<typeof pacedTimeLimit>,
  caseMs: number | 'never',
): Promise<fc.RunDetails<unknown>> {
  const property = fc.asyncProperty(fc.nat(), async () => {
    if (caseMs === 'never') await new Promise(() => undefined);
    else await sleep(caseMs);
  });
  return fc.check(property, { numRuns, seed: 1, plugins: [limit.plugin] });
}

test.describe('a property budget paced by its cases', () => {
  test('should let every case run when they are slower than the first budget but the ceiling holds them', async () => {
    // 10 cases of 40 ms need about 400 ms; the first budget is 60 ms, the ceiling 20 s.
    const limit = pacedTimeLimit(10, 60, 20_000);
    const details = await checkWith(10, limit, 40);
    expect(details.interrupted).toBe(false);
    expect(details.numRuns).toBe(10);
    expect(details.failed).toBe(false);
    expect(limit.limitMs()).toBeGreaterThan(60);
    expect(limit.limitMs()).toBeLessThanOrEqual(20_000);
  });

  test('should interrupt at the ceiling, saying how many cases ran', async () => {
    // 50 cases of 40 ms need 2 s; the ceiling is 300 ms.
    const limit = pacedTimeLimit(50, 100, 300);
    const details = await checkWith(50, limit, 40);
    expect(details.interrupted).toBe(true);
    expect(details.failed).toBe(false);
    expect(details.numRuns).toBeLessThan(50);
    expect(limit.limitMs()).toBe(300);
  });

  test('should not wait past the ceiling for a case that never ends', async () => {
    const limit = pacedTimeLimit(5, 100, 500);
    const details = await checkWith(5, limit, 'never');
    expect(details.interrupted).toBe(true);
    expect(details.numRuns).toBe(0);
  });

  test('should keep the first budget when the cases are fast', async () => {
    const limit = pacedTimeLimit(20, 5_000, 20_000);
    const details = await checkWith(20, limit, 0);
    expect(details.numRuns).toBe(20);
    expect(limit.limitMs()).toBe(5_000);
  });
});
