/**
 * The foreign flavour of the sandbox (src/sandbox/flavors): the other legal choices where the interface is silent,
 * each observed here against profiles/foreign-sandbox.json, so that the certification of it by URL (CI) is a test of
 * the kit's verdicts and not of a sandbox that happens to agree with the kit's defaults.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ApiClient } from '../../../src/client/api-client.js';
import { changedAfterSigning, withoutMember } from '../../../src/client/request-variants.js';
import { loadProfile, type LoadedProfile } from '../../../src/profile/load-profile.js';
import { preparedFromBody } from '../../../src/client/prepared-request.js';
import { serviceSigner } from '../../../src/sandbox/config/service-signers.js';
import { BodySigner, verifyBody } from '../../../src/signing/body-signer.js';
import { builtinScheme } from '../../../src/signing/builtin-schemes.js';
import { DEFAULT_SIGNING_INPUT } from '../../../src/signing/signing-input.js';
import { credentialsOf } from '../../../fixtures/self/test-keys.js';
import { FLAVORS } from '../../../src/sandbox/flavors/flavors.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/start-sandbox.js';

let profile: LoadedProfile;
let sandbox: RunningSandbox;
let api: ApiClient;

test.beforeAll(async () => {
  profile = await loadProfile(FLAVORS.foreign.profileFile);
  // Its background traffic is tested on its own below; here it would only make counts vary.
  sandbox = await startSandbox({ flavor: 'foreign', profile, backgroundPerSecond: 0 });
  api = new ApiClient({ baseUrl: sandbox.url, profile });
});

test.afterAll(async () => {
  await api.close();
  await sandbox.stop();
});

function payIn(): Record<string, unknown> {
  const method = profile.settings.merchant.paymentMethods.payIn;
  return {
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: `kit-${randomUUID()}`,
  };
}

test.describe('the foreign flavour of the sandbox', () => {
  test('should verify ed25519 over sorted compact JSON without publicKey, in unpadded base64url', async () => {
    const signed = api.prepareUnchecked('createPayIn', payIn());
    expect(String(signed.body?.hash)).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect((await api.dispatch(signed)).status).toBe(200);
    // The same key over the design brief's input (JCS of everything but hash) is refused there.
    const jcs = new BodySigner(builtinScheme('ed25519', 'base64url'), credentialsOf('merchant', 'ed25519'), {
      ...DEFAULT_SIGNING_INPUT,
      hashEncoding: 'base64url',
    });
    const other = preparedFromBody('createPayIn', jcs.sign(payIn()), 'signed over JCS');
    expect((await api.dispatch(other)).json).toEqual({ error: 'UNAUTHORIZED' });
  });

  test('should serve its own paths and no control API', async () => {
    const status = await api.paymentStatus({ paymentId: randomUUID() });
    expect(status.request.url).toContain('/merchant-api/v2/payment/status');
    expect(status.json).toEqual({ error: 'NOT_FOUND' });
    const control = await fetch(`${sandbox.url}/sandbox/v1/clock`, { signal: AbortSignal.timeout(5_000) });
    expect([control.status, await control.json()]).toEqual([404, { error: 'NOT_FOUND' }]);
  });

  test('should check the body before the signature, and read empty credentials as missing', async () => {
    const invalid = api.prepareUnchecked('paymentStatus', { paymentId: 42 });
    expect((await api.dispatch(withoutMember(invalid, 'publicKey'))).status, 'invalid body, no publicKey').toBe(422);
    const valid = api.prepareUnchecked('paymentStatus', { paymentId: randomUUID() });
    expect((await api.dispatch(withoutMember(valid, 'publicKey'))).json).toEqual({ error: 'NO_LOGIN' });
    expect((await api.dispatch(changedAfterSigning(valid, { publicKey: '' }))).json).toEqual({ error: 'NO_LOGIN' });
    expect((await api.dispatch(changedAfterSigning(valid, { hash: '' }))).json).toEqual({ error: 'NO_TOKEN' });
  });

  test('should read null members as absent and ignore members no table lists', async () => {
    const created = await api.dispatch(api.prepareUnchecked('createPayIn', { ...payIn(), merchantUserId: null }));
    expect(created.status, created.text).toBe(200);
    const extra = await api.dispatch(
      api.prepareUnchecked('paymentStatus', { paymentId: randomUUID(), merchantPaymentId: null, note: 'x' }),
    );
    expect(extra.json).toEqual({ error: 'NOT_FOUND' });
    expect((await api.dispatch(api.prepareUnchecked('paymentStatus', {}))).status, 'no lookup field').toBe(404);
  });

  test('should count list timestamps in whole seconds, pages of 10 by default and 50 at most', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const exchange = await api.dispatch(api.prepareUnchecked('createPayIn', payIn()));
      ids.push((exchange.json as { paymentId: string }).paymentId);
    }
    const second = Math.floor(Date.now() / 1000);
    const interval = { createdAtFrom: second - 5, createdAtTo: second };
    const first = await api.paymentsList(interval);
    expect(first.request.method).toBe('PUT');
    const page = first.json as { payments: { id: string }[]; nextId?: string; total: number };
    expect(page.payments).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect(typeof page.nextId).toBe('string');
    const next = (await api.paymentsList({ ...interval, fromId: String(page.nextId), take: 50 })).json as {
      payments: { id: string }[];
    };
    expect(next.payments[0]?.id, 'nextId names the first payment of the next page').toBe(page.nextId);
    const listed = [...page.payments, ...next.payments].map((p) => p.id);
    expect(
      listed.filter((id) => ids.includes(id)),
      'ours, in creation order',
    ).toEqual(ids);
    expect(
      (await api.paymentsList({ ...interval, take: 51 })).status,
      'take above the largest: invalidBodyStatus',
    ).toBe(422);
    expect((await api.paymentsList({ ...interval, fromId: randomUUID() })).status, 'an unknown fromId').toBe(400);
  });

  test('should sign postbacks over its own signing input', () => {
    const { scheme, key, input } = profile.postbackVerification;
    expect(input).toEqual({
      members: 'all-but-public-key-and-hash',
      canonicalForm: 'sorted-compact',
      hashEncoding: 'base64url',
    });
    const signed = serviceSigner(profile).sign({ id: 'p-1', status: 'SUCCESS', amount: 1.5, comment: 'Zoë' });
    expect(verifyBody(signed, scheme, key, { input })).toEqual({ valid: true });
    expect(verifyBody(signed, scheme, key, { input: { ...input, canonicalForm: 'jcs' } }).valid).toBe(false);
  });

  test("should run another client's payments of the same merchant, which settle by themselves", async () => {
    const busy = await startSandbox({ flavor: 'foreign', profile, backgroundPerSecond: 20 });
    const client = new ApiClient({ baseUrl: busy.url, profile });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const second = Math.floor(Date.now() / 1000);
      const list = await client.paymentsList({ createdAtFrom: second - 5, createdAtTo: second + 1, take: 50 });
      const page = list.json as { payments: { merchantPaymentId?: string; status: string }[]; total: number };
      expect(page.total, 'payments of the other client').toBeGreaterThan(10);
      expect(page.payments.every((p) => p.merchantPaymentId?.startsWith('bg-') === true)).toBe(true);
      expect(new Set(page.payments.map((p) => p.status)).size, 'some settled').toBeGreaterThan(1);
    } finally {
      await client.close();
      await busy.stop();
    }
  });
});
