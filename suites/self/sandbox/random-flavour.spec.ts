/**
 * The random flavour of the sandbox (src/sandbox/flavors/random): every choice the interface leaves to a provider
 * drawn from a seed, and the profile that states them. The same seed is the same service; every seed's profile loads;
 * and a sandbox started from a seed answers its own profile's merchant, signed as that profile says, with pages as its
 * nextId convention says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { MethodFixture } from '../../../generated/profile/profile.gen.js';
import { ApiClient } from '../../../src/client/api-client.js';
import type { FieldsOf } from '../../../src/contract/operations.js';
import { loadProfile, type LoadedProfile } from '../../../src/profile/load-profile.js';
import { ticksOfMs } from '../../../src/profile/list-time.js';
import { randomFlavour, writeRandomFlavour } from '../../../src/sandbox/flavors/random/random-flavour.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

let folder: string;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'random-flavour-'));
});

test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The first seed from 0 whose profile states this nextId form. */
function seedWith(nextId: string): number {
  for (let seed = 0; seed < 200; seed++) {
    if (randomFlavour(seed).profile.conventions?.nextId === nextId) return seed;
  }
  throw new Error(`no seed below 200 draws nextId ${nextId}`);
}

function fieldsOf(method: MethodFixture, profile: LoadedProfile): FieldsOf<'createPayIn'> {
  return {
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: `${profile.settings.safety.merchantPaymentIdPrefix}${randomUUID()}`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Page {
  readonly payments: { readonly id: string }[];
  readonly nextId?: string;
}

test.describe('the random flavour of the sandbox', () => {
  test('should draw the same profile from the same seed, and another from another seed', () => {
    const once = randomFlavour(4242);
    const again = randomFlavour(4242);
    expect(again.profile).toEqual(once.profile);
    expect(again.draw.methods.methods).toEqual(once.draw.methods.methods);
    expect(randomFlavour(4243).profile).not.toEqual(once.profile);
  });

  test('should write, for each of 20 seeds, a profile that loadProfile accepts, key paths absolute', async () => {
    for (let seed = 0; seed < 20; seed++) {
      const file = path.join(folder, `seed-${seed}.json`);
      const { profile } = writeRandomFlavour(seed, file);
      const loaded = await loadProfile(file);
      expect(loaded.settings.name).toBe(`random-sandbox-seed-${seed}`);
      const files = [profile.signing?.publicKey, profile.signing?.signingKey, profile.postbacks.servicePublicKey]
        .map((source) => (source !== undefined && 'file' in source ? source.file : undefined))
        .filter((file) => file !== undefined);
      expect(
        files.filter((file) => !path.isAbsolute(file)),
        'relative key files',
      ).toEqual([]);
      expect(Object.keys(profile.conventions ?? {})).not.toContain('unknownResponseFields');
      expect(profile.conventions?.initialPaymentStatus).toBe('PENDING');
    }
  });

  for (const nextId of ['first-of-next-page', 'last-of-page', 'opaque'] as const) {
    test(`should serve its profile's merchant, signed as it says, with nextId ${nextId}`, async () => {
      const seed = seedWith(nextId);
      const file = path.join(folder, `served-${seed}.json`);
      const { spec } = writeRandomFlavour(seed, file);
      const profile = await loadProfile(file);
      const sandbox = await startSandbox({ spec, profile, backgroundPerSecond: 0 });
      const api = new ApiClient({ baseUrl: sandbox.url, profile });
      try {
        const { payIn } = profile.settings.merchant.paymentMethods;
        const startedMs = Date.now();
        const ids: string[] = [];
        for (let n = 0; n < 5; n++) {
          const created = await api.createPayIn(fieldsOf(payIn, profile));
          expect(created.status, `seed ${seed}: ${created.text}`).toBe(200);
          ids.push((created.json as { paymentId: string }).paymentId);
        }
        const status = await api.paymentStatus({ paymentId: ids[0] ?? '' });
        expect(status.status, `seed ${seed}: ${status.text}`).toBe(200);
        expect((status.json as { id: string }).id).toBe(ids[0]);

        const unit = profile.settings.conventions?.listTimestampUnit ?? 'ms';
        const interval = {
          createdAtFrom: ticksOfMs(startedMs - 5_000, unit),
          createdAtTo: ticksOfMs(Date.now() + 5_000, unit),
        };
        // Pages of 2 over 5 payments: 2, 2 and 1.
        const pages: Page[] = [];
        let fromId: string | undefined;
        do {
          const exchange = await api.paymentsList({
            ...interval,
            take: 2,
            ...(fromId === undefined ? {} : { fromId }),
          });
          expect(exchange.status, `seed ${seed}: ${exchange.text}`).toBe(200);
          const page = exchange.json as Page;
          pages.push(page);
          fromId = page.nextId;
        } while (fromId !== undefined && pages.length < 10);
        expect(pages.flatMap((p) => p.payments.map((q) => q.id))).toEqual(ids);
        expect(pages.map((p) => p.payments.length)).toEqual([2, 2, 1]);
        expect(pages.at(-1)?.nextId, 'the last page').toBeUndefined();
        // What the first page's nextId names: the next page's first payment, its own last one, or a cursor (a UUID
        // that is no payment's id, §4.4).
        const [first, second] = pages;
        const named = first?.nextId;
        const meaning =
          named === second?.payments[0]?.id
            ? 'first-of-next-page'
            : named === first?.payments[1]?.id
              ? 'last-of-page'
              : UUID.test(named ?? '') && !ids.includes(named ?? '')
                ? 'opaque'
                : `something else: ${named}`;
        expect(meaning, "the first page's nextId").toBe(nextId);

        // A page holding the whole set: no nextId, or (last-of-page) its last payment, then an empty page without.
        const whole = (await api.paymentsList({ ...interval, take: 5 })).json as Page;
        const after =
          whole.nextId === undefined
            ? undefined
            : ((await api.paymentsList({ ...interval, take: 5, fromId: whole.nextId })).json as Page);
        expect({
          listed: whole.payments.length,
          nextId: whole.nextId ?? null,
          after: after === undefined ? null : { listed: after.payments.length, nextId: after.nextId ?? null },
        }).toEqual({
          listed: 5,
          nextId: nextId === 'last-of-page' ? ids[4] : null,
          after: nextId === 'last-of-page' ? { listed: 0, nextId: null } : null,
        });
        const unknown = await api.paymentsList({ ...interval, fromId: randomUUID() });
        expect(unknown.status, 'an unknown fromId').toBe(profile.settings.conventions?.unknownFromId);
      } finally {
        await api.close();
        await sandbox.stop();
      }
    });
  }
});
