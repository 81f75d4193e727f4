/**
 * The outcome drivers' parts (issue 16): hook templates, the hook client against both flavours' test helpers (their
 * own header, their own bodies), the helpers' refusals, and the magic values each flavour documents, in real time.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { ApiClient } from '../../src/client/api-client.js';
import { HookClient, HookError } from '../../src/drivers/hook-client.js';
import { fillBody, fillPath, HookTemplateError } from '../../src/profile/templates.js';
import { type LoadedProfile, loadProfile } from '../../src/profile/load-profile.js';
import { Secret } from '../../src/secrets/secret.js';
import { FLAVORS, type SandboxFlavor } from '../../src/sandbox/flavors/flavors.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/start-sandbox.js';

test.describe('hook templates', () => {
  test('should fill a path, URL-encoding each value', () => {
    expect(fillPath('/helpers/payments/{{paymentId}}/settle', { paymentId: 'a b/c' })).toBe(
      '/helpers/payments/a%20b%2Fc/settle',
    );
  });

  test('should refuse a path placeholder with no value, and a name that is no placeholder', () => {
    expect(() => fillPath('/p/{{complaintId}}', { paymentId: 'x' })).toThrow(
      'path: {{complaintId}} has no value for this call',
    );
    expect(() => fillPath('/p/{{amount}}', {})).toThrow(HookTemplateError);
  });

  test('should fill a body recursively, leaving out a member that is one placeholder without a value', () => {
    const body = {
      payment_id: '{{paymentId}}',
      outcome: '{{ status }}',
      reason: '{{failedCode}}',
      note: 'payment {{paymentId}} by the kit{{failedCode}}',
      list: ['{{status}}', '{{failedCode}}'],
      nested: { url: '{{postBackUrl}}' },
      fixed: 7,
    };
    expect(fillBody(body, { paymentId: 'p1', status: 'SUCCESS', postBackUrl: 'http://127.0.0.1:1/pb/x' })).toEqual({
      payment_id: 'p1',
      outcome: 'SUCCESS',
      note: 'payment p1 by the kit',
      list: ['SUCCESS'],
      nested: { url: 'http://127.0.0.1:1/pb/x' },
      fixed: 7,
    });
  });
});

interface Flavoured {
  readonly sandbox: RunningSandbox;
  readonly profile: LoadedProfile;
  readonly api: ApiClient;
  readonly hooks: HookClient;
}

async function flavoured(flavor: SandboxFlavor): Promise<Flavoured> {
  const profile = await loadProfile(FLAVORS[flavor].profileFile);
  const sandbox = await startSandbox({
    flavor,
    profile,
    ...(flavor === 'reference' ? { clock: 'real' as const } : {}),
  });
  const httpHooks = profile.settings.outcomes?.httpHooks;
  if (httpHooks === undefined) throw new Error(`profiles of ${flavor} declare no httpHooks`);
  return {
    sandbox,
    profile,
    api: new ApiClient({ baseUrl: sandbox.url, profile }),
    hooks: new HookClient({ baseUrl: sandbox.url, hooks: httpHooks, headers: profile.hookHeaders, timeoutMs: 5_000 }),
  };
}

async function created(f: Flavoured, overrides: Record<string, unknown> = {}): Promise<string> {
  const method = f.profile.settings.merchant.paymentMethods.payIn;
  const exchange = await f.api.createPayIn({
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: `${f.profile.settings.safety.merchantPaymentIdPrefix}${randomUUID()}`,
    ...overrides,
  });
  return (exchange.json as { paymentId: string }).paymentId;
}

async function statusOf(f: Flavoured, paymentId: string): Promise<unknown> {
  const { status, failedCode } = (await f.api.paymentStatus({ paymentId })).json as {
    status?: string;
    failedCode?: string | null;
  };
  return failedCode === undefined || failedCode === null ? status : `${status ?? ''} ${failedCode}`;
}

for (const flavor of ['reference', 'foreign'] as const) {
  test.describe(`the ${flavor} flavour's test helpers, through its profile's httpHooks`, () => {
    let f: Flavoured;

    test.beforeAll(async () => {
      f = await flavoured(flavor);
    });

    test.afterAll(async () => {
      await f.api.close();
      await f.hooks.close();
      await f.sandbox.stop();
    });

    test('should settle and flip a payment', async () => {
      const paymentId = await created(f);
      await f.hooks.call('settlePayment', { paymentId, status: 'FAILED', failedCode: 'NO_AMOUNT' });
      expect(await statusOf(f, paymentId)).toBe('FAILED NO_AMOUNT');
      await f.hooks.call('flipPayment', { paymentId });
      expect(await statusOf(f, paymentId)).toBe('SUCCESS');
    });

    test('should open a complaint, read its id where the profile says, and move it', async () => {
      const paymentId = await created(f);
      const complaintId = await f.hooks.createComplaint({ paymentId, postBackUrl: 'http://127.0.0.1:9/pb/none' });
      expect(complaintId).toMatch(/\S/);
      await f.hooks.call('moveComplaint', { complaintId, status: 'DECLINED' });
      const { status } = (await f.api.complaintStatus({ id: complaintId })).json as { status: string };
      expect(status).toBe('DECLINED');
    });

    test('should refuse a call without the helpers own header, and say so without the key', async () => {
      const httpHooks = f.profile.settings.outcomes?.httpHooks;
      if (httpHooks === undefined) throw new Error('no hooks');
      const key = [...f.profile.hookHeaders.values()][0]?.reveal() ?? '';
      const wrong = new HookClient({
        baseUrl: f.sandbox.url,
        hooks: httpHooks,
        headers: new Map([[[...f.profile.hookHeaders.keys()][0] ?? 'x', new Secret(`${key}-not`, 'test')]]),
        timeoutMs: 5_000,
      });
      try {
        const error = await wrong
          .call('settlePayment', { paymentId: randomUUID(), status: 'SUCCESS' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HookError);
        expect(String(error)).toContain('401');
        expect(String(error)).not.toContain(key);
      } finally {
        await wrong.close();
      }
    });

    test('should answer 404 for an unknown payment and 400 for a status it cannot set', async () => {
      const unknown = await f.hooks
        .call('settlePayment', { paymentId: randomUUID(), status: 'SUCCESS' })
        .catch((e: unknown) => e);
      expect(String(unknown)).toContain('404');
      const paymentId = await created(f);
      const bad = await f.hooks.call('settlePayment', { paymentId, status: 'PAID' }).catch((e: unknown) => e);
      expect(String(bad)).toContain('400');
    });

    test("should lead a payment created with the profile's first magic value to its outcome", async () => {
      const magic = f.profile.settings.outcomes?.magicValues;
      const entry = magic?.payments[0];
      if (magic === undefined || entry === undefined) throw new Error('no magic values');
      const method = f.profile.settings.merchant.paymentMethods.payIn;
      const set = entry.set;
      const overrides =
        'amountCents' in set
          ? { amount: Math.floor(method.amount) + set.amountCents / 100 }
          : 'merchantUserId' in set
            ? { merchantUserId: set.merchantUserId }
            : {};
      const paymentId = await created(f, overrides);
      expect(await statusOf(f, paymentId)).toBe('PENDING');
      await sleep(magic.settleMs + 300);
      await expect.poll(() => statusOf(f, paymentId), { timeout: 5_000 }).toBe(entry.ends[0].status);
    });
  });
}
