/**
 * §6 and §4.3: a postback announces a status the payment has reached ("After the user's payment is processed and on
 * every later status change"), so a merchant that reads the status check as its postback arrives sees that status:
 * at once, or within the lag its profile states (a provider's replica or cache: conventions.statusLagMs, which the
 * interface does not show). Read at the moment each postback of a payment that settles and then flips arrives.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test, verifies } from '../../fixtures/index.js';
import { check } from '../../fixtures/conformance/checks.js';
import { skipBecause } from '../../fixtures/conformance/skip.js';
import { allowTargetTime } from '../../fixtures/conformance/test-time.js';
import type { ApiClient } from '../../src/client/api-client.js';

/** The statuses the status check shows from now until `lagMs` has passed, stopping at the first `wanted`. */
async function statusesWithin(api: ApiClient, paymentId: string, wanted: string, lagMs: number): Promise<unknown[]> {
  const deadline = performance.now() + lagMs;
  const shown: unknown[] = [];
  for (;;) {
    const status = (await api.paymentStatus({ paymentId })).json as { status?: unknown } | undefined;
    shown.push(status?.status);
    if (status?.status === wanted || performance.now() >= deadline) return shown;
    await sleep(Math.min(200, Math.max(1, deadline - performance.now())));
  }
}

test.describe('the status check as its postback arrives (§4.3, §6)', () => {
  test(
    "a status shows on the status check once its postback is sent, within the profile's statusLagMs",
    verifies('STATUS-CURRENT-AT-POSTBACK'),
    async ({ api, given, capture }) => {
      const lagMs = given.convention('statusLagMs');
      const time = await given.postbackTime();
      const endpoint = await capture.endpoint({ kind: 'payment', label: 'payment postbacks' });
      const window = given.profile.settings.timing.postbackWaitMs;
      await given.paymentThrough('payIn', [{ status: 'SUCCESS' }, { flip: true }], {
        overrides: { postBackUrl: endpoint.url },
        watch: 'none',
        afterEach: async (end, index, paymentId, dueMs) => {
          // The change is due: its postback goes out (a virtual clock is moved on for it), and arrives here.
          if (time.mode === 'virtual') await time.elapse(Math.max(1_000, dueMs));
          allowTargetTime(dueMs + window);
          const arrived = await endpoint
            .waitForAttempts(index + 1, time.mode === 'virtual' ? window : dueMs + window)
            .then(() => true)
            .catch(() => false);
          // No postback for the change is the postback suites' finding (PB-PAYMENT-STATUS-SET, PB-FLIP-RESENT).
          if (!arrived) skipBecause(`no postback for ${end.status} arrived: nothing to read the status against`);
          const shown = await statusesWithin(api, paymentId, end.status, lagMs);
          check('STATUS-CURRENT-AT-POSTBACK', () => {
            expect(
              shown.at(-1),
              `the status check of ${paymentId} read as its ${end.status} postback arrived, and for ${lagMs} ms after (statusLagMs): ${JSON.stringify(shown)}`,
            ).toBe(end.status);
          });
        },
      });
    },
  );
});
