/**
 * What the random flavour (src/sandbox/flavors/random) needs of the sandbox beyond the other flavours, observed: the
 * retries' jitter, createdAt forms and the echo order of records, opaque list cursors, a status check that lags, and,
 * on a sandbox of one seed, per-method amount bounds, helpers behind a formatted header that take signed bodies, and
 * the payment page behind formUrl without a control API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { MethodFixture } from '../../../generated/profile/profile.gen.js';
import { ApiClient } from '../../../src/client/api-client.js';
import type { FieldsOf } from '../../../src/contract/operations.js';
import { profileHooks } from '../../../src/drivers/profile-hooks.js';
import { loadProfile, type LoadedProfile } from '../../../src/profile/load-profile.js';
import { recordTime, storedFieldOrder } from '../../../src/sandbox/domain/record-style.js';
import type { PaymentRecord } from '../../../src/sandbox/domain/payment-record.js';
import { Prng } from '../../../src/sandbox/flavors/random/prng.js';
import { randomFlavour, writeRandomFlavour } from '../../../src/sandbox/flavors/random/random-flavour.js';
import { jittered } from '../../../src/sandbox/postbacks/retry-jitter.js';
import { nextIdOf, startOf } from '../../../src/sandbox/service/list-cursor.js';
import { lagging, noteChange } from '../../../src/sandbox/service/status-lag.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe('the sandbox features of the random flavour', () => {
  test('should stray from each retry delay by at most its jitter, both ways', () => {
    const prng = new Prng(7);
    const delays = Array.from({ length: 2_000 }, () => jittered(1_000, 0.2, () => prng.next()));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1_200);
    expect(Math.min(...delays), 'some earlier').toBeLessThan(900);
    expect(Math.max(...delays), 'some later').toBeGreaterThan(1_100);
    expect(
      jittered(1_000, 0, () => 0.99),
      'no jitter',
    ).toBe(1_000);
  });

  test('should write createdAt in the three forms and keep values as sent or in the method order', () => {
    const ms = Date.UTC(2026, 0, 31, 12, 0, 0, 123);
    const forms = (['millis-z', 'micros-z', 'offset'] as const).map((createdAt) =>
      recordTime(ms, { createdAt, clientFieldsOrder: 'as-sent' }),
    );
    expect(forms).toEqual(['2026-01-31T12:00:00.123Z', '2026-01-31T12:00:00.123000Z', '2026-01-31T12:00:00.123+00:00']);
    const values = [
      { key: 'b', value: '2' },
      { key: 'a', value: '1' },
    ];
    const fields = [{ id: 'a' }, { id: 'b' }];
    expect(storedFieldOrder(values, fields, { createdAt: 'millis-z', clientFieldsOrder: 'as-sent' })).toEqual(values);
    expect(storedFieldOrder(values, fields, { createdAt: 'millis-z', clientFieldsOrder: 'method' })).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
  });

  test('should name the next page with a sealed UUID cursor, for its merchant only', () => {
    const positions = new Map([
      ['p-1', 10],
      ['p-2', 11],
    ]);
    const positionOf = (id: string) => positions.get(id);
    const page = [{ id: 'p-1' }, { id: 'p-2' }];
    const cursor = nextIdOf('opaque', 'm-1', page, [{ id: 'p-3' }], 2, positionOf) ?? '';
    expect(cursor).toMatch(UUID);
    expect(startOf('opaque', 'm-1', cursor, positionOf), 'after the page').toBe(12);
    expect(startOf('opaque', 'm-2', cursor, positionOf), "another merchant's").toBeUndefined();
    expect(startOf('opaque', 'm-1', randomUUID(), positionOf), 'not ours').toBeUndefined();
    expect(nextIdOf('opaque', 'm-1', page, [], 2, positionOf), 'the last page').toBeUndefined();
    expect(nextIdOf('last-of-page', 'm-1', page, [], 2, positionOf), 'a full last page').toBe('p-2');
    expect(startOf('last-of-page', 'm-1', 'p-2', positionOf)).toBe(12);
  });

  test('should show the status before a change on the status check for statusLagMs', () => {
    const record = { id: 'p-1', status: 'SUCCESS', failedCode: undefined } as unknown as PaymentRecord;
    noteChange(record, { status: 'PENDING', failedCode: undefined }, 1_000, 300);
    expect(lagging(record, 1_100, 300).status, 'within the lag').toBe('PENDING');
    expect(lagging(record, 1_300, 300).status, 'past it').toBe('SUCCESS');
    expect(lagging(record, 1_100, 0).status, 'no lag').toBe('SUCCESS');
  });

  test('should refuse amounts outside a method, take signed helper bodies behind its header and serve its payment page', async () => {
    // A seed whose helpers take signed bodies and whose status check lags.
    const seed = Array.from({ length: 200 }, (_, n) => n).find((n) => {
      const { draw } = randomFlavour(n);
      return draw.helpers.api.signed === true && (draw.conventions.conventions.statusLagMs ?? 0) > 0;
    });
    if (seed === undefined) throw new Error('no seed below 200 draws signed helpers and a lag');
    const folder = mkdtempSync(path.join(tmpdir(), 'random-features-'));
    const file = path.join(folder, 'profile.json');
    const { spec, draw } = writeRandomFlavour(seed, file);
    const profile = await loadProfile(file);
    const sandbox = await startSandbox({ spec, profile, backgroundPerSecond: 0 });
    const api = new ApiClient({ baseUrl: sandbox.url, profile });
    const hooks = profileHooks(profile, sandbox.url, api);
    try {
      const methods = profile.settings.merchant.paymentMethods;
      const below = await api.createPayIn({ ...fieldsOf(methods.payIn, profile), amount: 0.01 });
      expect(below.status, below.text).toBe(profile.settings.conventions?.invalidBodyStatus);

      const held = await api.createPayIn({ ...fieldsOf(methods.payIn, profile), ...holdOf(profile, methods.payIn) });
      const paymentId = (held.json as { paymentId: string }).paymentId;
      const record = (await api.paymentStatus({ paymentId })).json as {
        createdAt: string;
        clientFieldsValues: unknown;
      };
      expect(record.createdAt).toBe(recordTime(Date.parse(record.createdAt), draw.conventions.recordStyle));

      const helper = `${sandbox.url}${draw.helpers.hooks.settlePayment?.path ?? ''}`.replace(
        '{{paymentId}}',
        paymentId,
      );
      const bare = await fetch(helper, { method: 'POST', body: '{}' });
      expect(bare.status, 'no helper header').toBe(401);
      const unsigned = await fetch(helper, {
        method: 'POST',
        headers: { [draw.helpers.header.name]: draw.helpers.key },
        body: JSON.stringify({ payment_id: paymentId, paymentId, status: 'SUCCESS', outcome: 'SUCCESS' }),
      });
      expect(unsigned.status, 'an unsigned body').toBe(401);

      await hooks?.call('settlePayment', { paymentId, status: 'SUCCESS' });
      const settledAt = performance.now();
      const first = (await api.paymentStatus({ paymentId })).json as { status: string };
      const readWithinLag = performance.now() - settledAt < (profile.settings.conventions?.statusLagMs ?? 0);
      expect(readWithinLag ? first.status : 'PENDING', 'read within the lag').toBe('PENDING');
      await expect
        .poll(async () => ((await api.paymentStatus({ paymentId })).json as { status: string }).status)
        .toBe('SUCCESS');

      const external = methods.external ?? methods.payIn;
      const created = await api.createPayIn({ ...fieldsOf(external, profile), ...holdOf(profile, external) });
      const formUrl = (created.json as { formUrl?: string }).formUrl ?? '';
      expect(formUrl.startsWith(`${sandbox.url}${draw.pagesBasePath}/pay/`), formUrl).toBe(true);
      const page = await fetch(formUrl);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    } finally {
      await hooks?.close();
      await api.close();
      await sandbox.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

function fieldsOf(method: MethodFixture, profile: LoadedProfile): FieldsOf<'createPayIn'> {
  return {
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: `${profile.settings.safety.merchantPaymentIdPrefix}${randomUUID()}`,
  };
}

/** What keeps a payment PENDING on this profile: nothing where plain payments stay, else its hold. */
function holdOf(profile: LoadedProfile, method: MethodFixture): Partial<FieldsOf<'createPayIn'>> {
  const outcomes = profile.settings.outcomes;
  if (outcomes?.plainPayments === 'stay-pending') return {};
  const hold = outcomes?.magicValues?.payments.find((p) => p.ends[0].status === 'PENDING')?.set;
  if (hold === undefined) return {};
  if ('amountCents' in hold) return { amount: Math.floor(method.amount) + hold.amountCents / 100 };
  if ('merchantUserId' in hold) return { merchantUserId: hold.merchantUserId };
  if (!('clientField' in hold)) return {};
  const { key, value } = hold.clientField;
  return { clientFieldsValues: [...method.clientFieldsValues.filter((f) => f.key !== key), { key, value }] };
}
