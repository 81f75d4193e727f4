/**
 * The real integration (receiver.expectedPayments.createdOnService): the shop's own client creates each payment on the
 * kit's sandbox, which certify-receiver starts for the run; the kit drives that payment's postbacks and judges the
 * client's requests into client/. Here: a shop whose checkout does it right (both reports, exit 0), one whose checkout
 * creates nothing (the preflight stops, exit 2, naming it), one whose client breaks §5 on the way (exit 1 through
 * the client report alone), and the sandbox's side: a held payment gets the kit's id and never moves by itself.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { kitCheckout } from '../../../examples/receivers/checkout.js';
import { type Checkout, startReceiver, type RunningReceiver } from '../../../examples/receivers/reference-receiver.js';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { ApiClient } from '../../../src/client/api-client.js';
import { SandboxControl } from '../../../src/control/sandbox-control-client.js';
import { getContract } from '../../../src/contract/contract.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadPostbackProfile, loadProfile } from '../../../src/profile/load-profile.js';
import { receiverSettings, ReceiverSettingsError } from '../../../src/receiver/receiver-settings.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';
import { Secret } from '../../../src/secrets/secret.js';
import { freePort } from '../../../src/free-port.js';
import { writeProfile } from '../../../fixtures/self/profile-files.js';

const CHECKOUT_PROFILE = kitPath('profiles', 'examples', 'receiver-checkout.json');
/** The tests of the payments the shop expects and records: each creates its payment through the shop's client. */
const GREP = '@req:RECEIVER-STATUS-RECORDED|@req:RECEIVER-AMOUNT-MISMATCH|@req:RECEIVER-UNEXPECTED';

let out: string;

test.beforeEach(() => {
  out = mkdtempSync(path.join(tmpdir(), 'kit-created-'));
});

test.afterEach(() => {
  rmSync(out, { recursive: true, force: true });
});

function reportAt(file: string): ConformanceReport {
  const validation = getContract().validate('report/conformance', JSON.parse(readFileSync(file, 'utf8')));
  if (!validation.ok) throw new Error(`${file} breaks its schema: ${JSON.stringify(validation.findings)}`);
  return validation.value;
}

const verdicts = (report: ConformanceReport): Record<string, string> =>
  Object.fromEntries(report.requirements.map((r) => [r.id, r.verdict]));

/** The checkout profile, its files made absolute, changed by `edit`, written to the test's folder. */
function checkoutProfile(edit: (profile: CheckoutProfileText) => void): string {
  const profile = JSON.parse(readFileSync(CHECKOUT_PROFILE, 'utf8')) as CheckoutProfileText;
  profile.postbacks.servicePublicKey.file = kitPath('fixtures', 'keys', 'service-rsa.public.pem');
  profile.receiver.expectedPayments.createdOnService = { profile: kitPath('profiles', 'sandbox.json') };
  edit(profile);
  return writeProfile(path.join(out, 'profile.json'), JSON.stringify(profile));
}

interface CheckoutProfileText {
  postbacks: { servicePublicKey: { file: string } };
  receiver: {
    timeoutMs?: number;
    expectedPayments: {
      setup: { body: Record<string, unknown> };
      createdOnService?: { profile?: string; url?: string };
      payment?: Record<string, unknown>;
    };
  };
}

/** certify-receiver of `shop` with the checkout profile and a 1.5 s answer bound: for runs the preflight stops. */
function certifyBriefly(shop: RunningReceiver): ReturnType<typeof runKitCommand> {
  const file = checkoutProfile((p) => {
    p.receiver.timeoutMs = 1_500;
  });
  return runKitCommand('certify-receiver', ['--receiver', shop.url, '--profile', file, '--out', out]);
}

/** The reference receiver with a checkout, the service's key the kit's test key. */
async function shopWith(checkout: Checkout): Promise<RunningReceiver> {
  return startReceiver({
    servicePublicKey: readFileSync(kitPath('fixtures', 'keys', 'service-rsa.public.pem'), 'utf8'),
    checkout,
  });
}

test.describe("the shop's own client creates the payments on the kit's sandbox", () => {
  test.describe.configure({ timeout: 120_000 });

  test('should certify the receiver and judge its client in one run, exit 0', async () => {
    const shop = await shopWith(kitCheckout(await loadProfile(kitPath('profiles', 'sandbox.json'))));
    try {
      const args = ['--receiver', shop.url, '--profile', CHECKOUT_PROFILE, '--out', out, '--grep', GREP];
      const run = await runKitCommand('certify-receiver', args, {}, 110_000);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const receiver = reportAt(path.join(out, 'conformance.json'));
      expect(verdicts(receiver)).toMatchObject({
        'RECEIVER-STATUS-RECORDED': 'PASS',
        'RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED': 'PASS',
        'RECEIVER-UNEXPECTED-NOT-CREDITED': 'PASS',
      });
      const client = reportAt(path.join(out, 'client', 'conformance.json'));
      expect(verdicts(client)).toMatchObject({
        'CLIENT-SIGNATURE': 'PASS',
        'CLIENT-REQUEST-SCHEMA': 'PASS',
        'CLIENT-MERCHANT-PAYMENT-ID': 'PASS',
      });
      expect(run.stdout).toMatch(/Client conformance: CONFORMANT \(exit 0\)/);
      // The recording is the shop's client alone (never the kit's control calls), and every payment it created
      // carries the run's merchantPaymentIds, the preflight's included.
      const lines = readFileSync(path.join(out, 'client', 'recording.jsonl'), 'utf8')
        .trim()
        .split('\n');
      const recorded = lines.map((line) => JSON.parse(line) as { path: string; request: string; status: number });
      expect(recorded.filter((e) => e.path.startsWith('/sandbox/'))).toEqual([]);
      const created = recorded.filter((e) => e.path.endsWith('/pay_in'));
      expect(created.length).toBeGreaterThanOrEqual(4);
      const prefix = String(receiver.target.merchantPaymentIdPrefix);
      for (const creation of created) {
        expect(creation.status).toBe(200);
        expect(JSON.parse(creation.request)).toMatchObject({ merchantPaymentId: expect.stringMatching(/^kit-/) });
      }
      const runIds = created.filter((e) => e.request.includes(`"${prefix}-`));
      expect(runIds).toHaveLength(created.length - 1);
      // The shop credited what the kit's postbacks told it, for the payments its own client created.
      expect([...shop.store.orders.keys()].filter((id) => id.startsWith(prefix))).toHaveLength(created.length - 1);
    } finally {
      await shop.close();
    }
  });

  test("should stop before any check, exit 2, naming it, when the shop's checkout answers but creates no payment", async () => {
    const shop = await shopWith(() => Promise.resolve({ status: 201, body: { accepted: true } }));
    try {
      const run = await certifyBriefly(shop);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /its setup POST http:\/\/127\.0\.0\.1:\d+\/merchant\/checkout answered 201, but the shop's client created no payment with merchantPaymentId kit-[0-9a-f]{8}-preflight on the kit's sandbox within 5000 ms/,
      );
    } finally {
      await shop.close();
    }
  });

  test("should exit 1 through the client report, the receiver not certified, when the service refused every creation of the shop's client", async () => {
    const profile = await loadProfile(kitPath('profiles', 'sandbox.json'));
    // A client that signs its creation with a stale hash: the service answers 401 and no payment exists.
    const stale: Checkout = async (_store, body) => {
      const { serviceUrl, merchantPaymentId } = body as { serviceUrl: string; merchantPaymentId: string };
      const created = await request(new URL('/api/payments/v1/pay_in', serviceUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(5_000),
        body: JSON.stringify({
          publicKey: profile.merchantVerificationKey.publicKey,
          hash: 'c3RhbGU=',
          accountId: 4101,
          paymentMethodId: 'sbx-card-in',
          amount: 1,
          merchantPaymentId,
          clientFieldsValues: [],
        }),
      });
      await created.body.dump();
      return { status: 201, body: {} };
    };
    const shop = await shopWith(stale);
    try {
      const run = await certifyBriefly(shop);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /created no payment with merchantPaymentId .*; the shop's client FAILs CLIENT-SIGNATURE \(.*client\/conformance\.md\), so the receiver was not certified/,
      );
      const client = reportAt(path.join(out, 'client', 'conformance.json'));
      expect(verdicts(client)['CLIENT-SIGNATURE']).toBe('FAIL');
    } finally {
      await shop.close();
    }
  });

  test("should listen where the profile says, for a shop given the service's URL when it starts", async () => {
    const port = await freePort();
    const serviceUrl = `http://127.0.0.1:${port}`;
    const checkout = kitCheckout(await loadProfile(kitPath('profiles', 'sandbox.json')));
    // Configured once, at its start: the setup call no longer says where the service is.
    const shop = await shopWith((store, body) => checkout(store, { ...(body as object), serviceUrl }));
    try {
      const file = checkoutProfile((p) => {
        delete p.receiver.expectedPayments.setup.body.serviceUrl;
        p.receiver.expectedPayments.createdOnService = {
          profile: kitPath('profiles', 'sandbox.json'),
          url: serviceUrl,
        };
      });
      const args = ['--receiver', shop.url, '--profile', file, '--out', out, '--grep', '@req:RECEIVER-STATUS-RECORDED'];
      const run = await runKitCommand('certify-receiver', args, {}, 110_000);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(verdicts(reportAt(path.join(out, 'conformance.json')))['RECEIVER-STATUS-RECORDED']).toBe('PASS');
      // A port already taken: said before any check.
      const blocker = await startSandbox({ port, clock: 'virtual' });
      try {
        const taken = await runKitCommand('certify-receiver', [
          '--receiver',
          shop.url,
          '--profile',
          file,
          '--out',
          out,
        ]);
        expect(taken.code, taken.stdout + taken.stderr).toBe(2);
        expect(taken.stderr).toMatch(
          /could not start on http:\/\/127\.0\.0\.1:\d+ \(receiver\.expectedPayments\.createdOnService\.url\)/,
        );
      } finally {
        await blocker.stop();
      }
    } finally {
      await shop.close();
    }
  });

  test('should exit 1 through the client report alone when the shop client breaks §5 while its receiver conforms', async () => {
    const profile = await loadProfile(kitPath('profiles', 'sandbox.json'));
    const checkout = kitCheckout(profile);
    // A client that first asks for the methods with a stale hash (401), then creates the payment properly.
    const staleFirst: Checkout = async (store, body) => {
      const { serviceUrl } = body as { serviceUrl: string };
      const stale = await request(new URL('/api/payments/v1/methods', serviceUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(5_000),
        body: JSON.stringify({ publicKey: profile.merchantVerificationKey.publicKey, hash: 'c3RhbGU=' }),
      });
      await stale.body.dump();
      return checkout(store, body);
    };
    const shop = await shopWith(staleFirst);
    try {
      const args = ['--receiver', shop.url, '--profile', CHECKOUT_PROFILE, '--out', out, '--grep', GREP];
      const run = await runKitCommand('certify-receiver', args, {}, 110_000);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(reportAt(path.join(out, 'conformance.json')).summary.fail).toBe(0);
      const client = reportAt(path.join(out, 'client', 'conformance.json'));
      expect(verdicts(client)['CLIENT-SIGNATURE']).toBe('FAIL');
      expect(client.summary.fail).toBe(1);
    } finally {
      await shop.close();
    }
  });
});

test.describe("the sandbox's held payments", () => {
  test("should give a held payment the kit's id and keep it PENDING, a magic amount and hours later", async () => {
    const profile = await loadProfile(kitPath('profiles', 'sandbox.json'));
    const token = new Secret('held-payments-test-token', 'test');
    const sandbox = await startSandbox({ profile, controlToken: token.reveal() });
    const control = new SandboxControl({ baseUrl: sandbox.url, token });
    const client = new ApiClient({ baseUrl: sandbox.url, profile });
    try {
      await control.hold('kit-order-7', 'kit-pay-7');
      // A setup tried again holds the same id for the same payment; another payment cannot have it.
      await control.hold('kit-order-7', 'kit-pay-7');
      await expect(control.hold('kit-order-other', 'kit-pay-7')).rejects.toThrow(/400 .*held already/);
      // 12.10: a magic amount the sandbox settles SUCCESS by itself a second after creation (sandbox README).
      const fields = {
        accountId: 4101,
        paymentMethodId: 'sbx-card-in',
        amount: 12.1,
        merchantPaymentId: 'kit-order-7',
        clientFieldsValues: [
          { key: 'cardholder', value: 'Ada Lovelace' },
          { key: 'cardLast4', value: '4242' },
        ],
      };
      const created = await client.createPayIn(fields);
      expect(created.json).toMatchObject({ isSucceed: true, paymentId: 'kit-pay-7' });
      const plain = await client.createPayIn({ ...fields, merchantPaymentId: 'kit-order-8' });
      const plainId = (plain.json as { paymentId: string }).paymentId;
      await control.advance(3 * 60 * 60 * 1000);
      expect(await control.payment('kit-pay-7')).toMatchObject({
        status: 'PENDING',
        merchantPaymentId: 'kit-order-7',
      });
      expect((await control.payment(plainId)).status).toBe('SUCCESS');
      expect(await control.deliveries('kit-pay-7')).toEqual([]);
      // An id that is a payment's already cannot be held again.
      await expect(control.hold('kit-order-9', 'kit-pay-7')).rejects.toThrow(/400 .*exists or is held already/);
    } finally {
      await client.close();
      await control.close();
      await sandbox.stop();
    }
  });
});

test.describe('the profile of a shop whose client creates its payments', () => {
  test('should refuse createdOnService without the method to create by, and {{serviceUrl}} without createdOnService', async () => {
    const base = JSON.parse(readFileSync(CHECKOUT_PROFILE, 'utf8')) as {
      postbacks: { servicePublicKey: { file: string } };
      receiver: { expectedPayments: Record<string, unknown> };
    };
    base.postbacks.servicePublicKey.file = kitPath('fixtures', 'keys', 'service-rsa.public.pem');
    base.receiver.expectedPayments.createdOnService = { profile: kitPath('profiles', 'sandbox.json') };
    const settingsOf = async (edit: (expected: Record<string, unknown>) => void): Promise<string> => {
      const copy = structuredClone(base);
      edit(copy.receiver.expectedPayments);
      const file = writeProfile(path.join(out, 'profile.json'), JSON.stringify(copy));
      try {
        receiverSettings(await loadPostbackProfile(file), 'http://127.0.0.1:9/postbacks');
        return 'loaded';
      } catch (error) {
        return error instanceof ReceiverSettingsError ? error.message : `unexpected: ${String(error)}`;
      }
    };
    expect(await settingsOf(() => undefined)).toBe('loaded');
    expect(
      await settingsOf((expected) => {
        expected.payment = { currency: 'USD' };
      }),
    ).toMatch(/createdOnService: .*payment\.paymentMethodId must name one/);
    expect(
      await settingsOf((expected) => {
        delete expected.createdOnService;
      }),
    ).toMatch(/serviceUrl/);
  });
});
