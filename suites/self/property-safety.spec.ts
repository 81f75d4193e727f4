/**
 * Design brief §6 for the properties: against a shared environment every generated request keeps to the profile's
 * request rate cap, amount cap and merchantPaymentId prefix. The bodies come from the same arbitraries and go through
 * the same client path (prepareUnchecked, dispatch) as suites/properties/create.prop.spec.ts; a recording server
 * notes when each request arrived.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { acceptableCreationFields, schemaFields, withFreshIds } from '../../fixtures/arbitraries/request-fields.js';
import { MerchantPaymentIds } from '../../fixtures/conformance/merchant-ids.js';
import { CI_SEED } from '../../fixtures/conformance/property-runs.js';
import { RecordingServer } from '../../fixtures/self/recording-server.js';
import { ApiClient } from '../../src/client/api-client.js';
import { loadProfile, type LoadedProfile } from '../../src/profile/load-profile.js';

const RATE_CAP = 10;
const AMOUNT_CAP = 50;
const PREFIX = 'kit-safety-';

/** The most arrivals in any window of `windowMs` that starts at an arrival. */
function busiestWindow(arrivals: readonly number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (const [start, at] of sorted.entries()) {
    const inside = sorted.slice(start).filter((t) => t < at + windowMs).length;
    most = Math.max(most, inside);
  }
  return most;
}

async function stagingLikeProfile(): Promise<LoadedProfile> {
  const profile = await loadProfile();
  const safety = {
    ...profile.settings.safety,
    requestsPerSecond: RATE_CAP,
    maxAmount: AMOUNT_CAP,
    merchantPaymentIdPrefix: PREFIX,
  };
  return { ...profile, settings: { ...profile.settings, safety } };
}

test.describe('properties against a shared environment (design brief §6)', () => {
  test('should keep generated requests within the rate cap, the amount cap and the merchantPaymentId prefix', async () => {
    const server = await RecordingServer.start();
    const profile = await stagingLikeProfile();
    const client = new ApiClient({ baseUrl: server.url, profile });
    const ids = new MerchantPaymentIds(PREFIX, 0);
    const bodies = fc.oneof(schemaFields('createPayIn', profile), acceptableCreationFields(profile, 'PAY_IN'));
    try {
      // As a property runs: one case after the other.
      await fc.assert(
        fc.asyncProperty(bodies, async (fields) => {
          await client.dispatch(
            client.prepareUnchecked(
              'createPayIn',
              withFreshIds(fields, () => ids.next()),
            ),
          );
        }),
        { numRuns: 15, seed: CI_SEED },
      );
      // As parallel checks sharing the worker's client: all at once.
      await Promise.all(Array.from({ length: 15 }, () => client.paymentStatus({ paymentId: 'p-1' })));
    } finally {
      await client.close();
      await server.close();
    }

    expect(server.requests).toHaveLength(30);
    // The one that opens a second counts too; loopback jitter is far below the 100 ms the cap leaves between two.
    expect(
      busiestWindow(
        server.requests.map((r) => r.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(RATE_CAP + 1);
    const created = server.requests
      .filter((r) => r.url.endsWith('/pay_in'))
      .map((r) => JSON.parse(r.body.toString('utf8')) as Record<string, unknown>);
    expect(created).toHaveLength(15);
    expect(created.filter((body) => !(typeof body.amount === 'number' && body.amount <= AMOUNT_CAP))).toEqual([]);
    const foreignIds = created
      .map((body) => body.merchantPaymentId)
      .filter((id) => id !== undefined && !(typeof id === 'string' && id.startsWith(PREFIX)));
    expect(foreignIds).toEqual([]);
  });
});
