import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { expect, test } from '@playwright/test';
import type { Profile } from '../../generated/profile/profile.gen.js';
import { kitPath } from '../../src/kit-root.js';
import { loadProfile, type ServiceProfile } from '../../src/profile/load-profile.js';
import { ProfileError } from '../../src/profile/profile-error.js';
import { sandboxProfileCopy, writeProfile } from '../../fixtures/self/profile-files.js';
import { makeStranger } from '../../fixtures/conformance/stranger.js';

const key = (file: string): string => kitPath('fixtures', 'keys', file);

/** Loads a variant of the sandbox profile and returns the error it gives. */
async function problemsOf(change: (profile: ServiceProfile) => unknown): Promise<ProfileError> {
  const profile = sandboxProfileCopy();
  const changed = (change(profile) ?? profile) as Profile;
  const file = writeProfile(test.info().outputPath('profile.json'), changed);
  const error = await loadProfile(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProfileError)) throw new Error(`expected a ProfileError, got ${String(error)}`);
  return error;
}

/** Sets environment variables for the duration of `body`. */
async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  };
  apply(vars);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

test.describe('loading profiles', () => {
  test('should load the default sandbox profile with working keys', async () => {
    const profile = await loadProfile();
    expect(profile.settings.name).toBe('sandbox');
    // ed25519: the quick start need not pay RSA's signing time (issue 39); RSA is certified on the peers.
    expect(profile.requestSigner.scheme.name).toBe('ed25519');
    expect(profile.requestSigner.publicKey).toBe(readFileSync(key('merchant-ed25519.public.pem'), 'utf8'));
    expect(profile.postbackVerification.key.publicKey).toBe(readFileSync(key('service-ed25519.public.pem'), 'utf8'));
    expect(profile.controlToken?.reveal()).toBe(readFileSync(key('sandbox-control.token'), 'utf8'));
  });

  test('should load the staging example with keys from the environment', async () => {
    const env = {
      MERCHANT_PUBLIC_KEY: readFileSync(key('merchant-ed25519.public.pem'), 'utf8'),
      MERCHANT_PRIVATE_KEY: readFileSync(key('merchant-ed25519.private.pem'), 'utf8'),
      SERVICE_PUBLIC_KEY: readFileSync(key('service-ed25519.public.pem'), 'utf8'),
    };
    const file = kitPath('profiles', 'examples', 'staging.example.json');
    const error = await withEnv(env, () => loadProfile(file)).catch((e: unknown) => e);
    // The example says rsa-sha256; ed25519 keys in its env variables are caught at load, not at the first request.
    expect(String(error)).toContain('signing: the signing key is ed25519, not rsa');
    const rsaEnv = {
      MERCHANT_PUBLIC_KEY: readFileSync(key('merchant-rsa.public.pem'), 'utf8'),
      MERCHANT_PRIVATE_KEY: readFileSync(key('merchant-rsa.private.pem'), 'utf8'),
      SERVICE_PUBLIC_KEY: readFileSync(key('service-rsa.public.pem'), 'utf8'),
    };
    const profile = await withEnv(rsaEnv, () => loadProfile(file));
    expect(profile.settings.capabilities.sandboxControl).toBe(false);
    expect(profile.settings.safety.allowPayouts).toBe(false);
  });

  test('should load hmac and custom schemes with their secrets', async () => {
    const profile = sandboxProfileCopy();
    profile.signing = {
      scheme: 'custom',
      module: kitPath('fixtures', 'signing', 'hmac-sha512-hex.scheme.mjs'),
      publicKey: { value: 'merchant-key-1' },
      signingKey: { file: key('merchant-hmac.secret') },
      // A custom scheme's other party: the kit cannot make one itself.
      stranger: { publicKey: { value: 'stranger-key-1' }, signingKey: { file: key('stranger-hmac.secret') } },
    };
    profile.postbacks = {
      scheme: 'hmac-sha256',
      servicePublicKey: { value: 'service-hmac-key-1' },
      verificationKey: { file: key('service-hmac.secret') },
    };
    profile.control = { token: { env: 'KIT_TEST_CONTROL_TOKEN' } };
    const file = writeProfile(test.info().outputPath('profile.json'), profile);
    const loaded = await withEnv({ KIT_TEST_CONTROL_TOKEN: 'control-token-for-tests-only' }, () => loadProfile(file));
    expect(loaded.requestSigner.scheme.name).toBe('hmac-sha512-hex');
    expect(loaded.postbackVerification.key.secret?.reveal()).toBe(
      readFileSync(key('service-hmac.secret'), 'utf8').replace(/\n$/, ''),
    );
    expect(loaded.controlToken?.reveal()).toBe('control-token-for-tests-only');
    // The checks of another party's key (§5.4 NO_KEY, UNAUTHORIZED) sign with the profile's stranger.
    const stranger = makeStranger(loaded);
    expect(stranger?.signAsItself({ paymentId: 'x' }).publicKey).toBe('stranger-key-1');
    expect(stranger?.signAsMerchant({ paymentId: 'x' }).publicKey).toBe('merchant-key-1');
  });

  test('should never print a secret it has loaded', async () => {
    const profile = await loadProfile();
    const privateKey = readFileSync(key('merchant-ed25519.private.pem'), 'utf8');
    // The PEM's base64 line: the key itself (ed25519 holds it in one line, after the armour's).
    const secretLine = privateKey.split('\n')[1] ?? '';
    expect(secretLine.length).toBeGreaterThan(40);
    for (const printed of [JSON.stringify(profile), inspect(profile, { depth: 10 })]) {
      expect(printed).not.toContain(secretLine);
    }
  });
});

test.describe('profile errors name the field and what was expected', () => {
  test('should say when the file is missing or not JSON', async () => {
    await expect(loadProfile(kitPath('profiles', 'nope.json'))).rejects.toThrow(
      /profile .*nope\.json: cannot read the file \(ENOENT\)/,
    );
    const file = writeProfile(test.info().outputPath('broken.json'), '{"name": "x",');
    await expect(loadProfile(file)).rejects.toThrow(/broken\.json: not valid JSON/);
  });

  test('should list every schema problem with its field', async () => {
    const error = await problemsOf((p) => {
      (p.signing as { scheme: string }).scheme = 'rsa';
      (p.signing as unknown as Record<string, unknown>).algorithm = 'sha256';
      delete (p as Partial<Profile>).capabilities;
      p.safety.requestsPerSecond = 0;
    });
    expect(error.problems).toEqual([
      'capabilities: required member "capabilities" is missing: a service\'s certification needs it (a receiver\'s needs only postbacks and receiver)',
      'safety.requestsPerSecond: must be > 0 (got 0)',
      'signing.algorithm: member "algorithm" is not a profile setting',
      'signing.scheme: must be one of "rsa-sha256", "rsa-pss-sha256", "ecdsa-p256", "ed25519", "hmac-sha256", "hmac-sha512", "custom" (got "rsa")',
    ]);
    expect(error.message).toMatch(/^profile .*profile\.json has 4 problems:\n {2}- capabilities:/);
  });

  test('should refuse secrets written inline', async () => {
    const error = await problemsOf((p) => {
      p.signing.signingKey = { value: 'private key inline' } as unknown as typeof p.signing.signingKey;
    });
    expect(error.problems).toEqual([
      'signing.signingKey: one of {"file": path} or {"env": VARIABLE}; secrets are never written inline',
    ]);
    expect(error.message).not.toContain('private key inline');
  });

  test('should say which key file cannot be read and which variable is unset', async () => {
    const missingFile = await problemsOf((p) => {
      p.signing.signingKey = { file: '/nowhere/merchant.pem' };
    });
    expect(missingFile.problems).toEqual(['signing.signingKey: cannot read file /nowhere/merchant.pem (ENOENT)']);
    const unset = await withEnv({ KIT_UNSET_KEY: undefined }, () =>
      problemsOf((p) => {
        p.postbacks.servicePublicKey = { env: 'KIT_UNSET_KEY' };
      }),
    );
    expect(unset.problems).toEqual(['postbacks.servicePublicKey: environment variable KIT_UNSET_KEY is not set']);
  });

  test('should refuse a key pair that does not match', async () => {
    const error = await problemsOf((p) => {
      p.signing.publicKey = { file: key('stranger-ed25519.public.pem') };
    });
    expect(error.problems).toEqual(['signing: the public key does not belong to the signing key']);
  });

  test('should say when a custom scheme module is missing or malformed', async () => {
    const missing = await problemsOf((p) => {
      p.signing = { ...p.signing, scheme: 'custom', module: '/nowhere/scheme.mjs' };
    });
    expect(missing.problems[0]).toMatch(/^signing\.module: cannot load the signing module \/nowhere\/scheme\.mjs/);
    const noModule = await problemsOf((p) => {
      p.signing = { ...p.signing, scheme: 'custom' };
    });
    expect(noModule.problems).toEqual([
      'signing.module: required member "module" is missing: a custom scheme names its module',
    ]);
  });

  test('should check rules that span fields', async () => {
    const error = await problemsOf((p) => {
      p.merchant.paymentMethods.payIn.type = 'PAY_OUT';
      if (p.merchant.paymentMethods.forbiddenPayOut !== undefined)
        p.merchant.paymentMethods.forbiddenPayOut.type = 'PAY_IN';
      if (p.merchant.paymentMethods.external !== undefined) p.merchant.paymentMethods.external.amount = 6_000_000;
      p.conventions = { ...p.conventions, pageSize: { default: 200, max: 100 } };
      p.signing.module = './scheme.mjs';
      p.propertyRuns = { numRuns: 100, deepNumRuns: 10 };
      p.outcomes?.magicValues?.payments.push({
        set: { amountCents: 4 },
        ends: [{ status: 'PENDING' }, { status: 'SUCCESS', afterMs: 1000 }],
      });
      delete p.control;
    });
    expect(error.problems).toEqual([
      'merchant.paymentMethods.payIn.type: must be "PAY_IN"',
      'merchant.paymentMethods.forbiddenPayOut.type: must be "PAY_OUT"',
      'merchant.paymentMethods.external.amount: 6000000 is above safety.maxAmount 5000000',
      'conventions.pageSize.default: must not be above conventions.pageSize.max',
      'signing.module: only read when signing.scheme is "custom"',
      'propertyRuns.deepNumRuns: must not be below propertyRuns.numRuns (--deep tries harder)',
      "outcomes.magicValues.payments.9.ends: PENDING (a value that stays PENDING) must be the entry's only end",
      'control: required when capabilities.sandboxControl is true',
    ]);
  });

  test('should check that a method description agrees with the values it offers', async () => {
    const error = await problemsOf((p) => {
      const payIn = p.merchant.paymentMethods.payIn;
      payIn.minAmount = 500;
      payIn.clientFields = [
        { key: 'cardholder', pattern: '^[A-Z ]+$' },
        { key: 'cardLast4', pattern: '^[0-9]{4}$', values: ['4242', '42 42'] },
        { key: 'cvv', pattern: '(' },
      ];
      payIn.clientFieldsValues.push({ key: 'email', value: 'a@example.test' });
    });
    expect(error.problems).toEqual([
      'merchant.paymentMethods.payIn.amount: 100 is below its minAmount 500',
      'merchant.paymentMethods.payIn.clientFieldsValues: cardholder "Ada Lovelace" does not match ^[A-Z ]+$',
      'merchant.paymentMethods.payIn.clientFields.1.values.1: "42 42" does not match ^[0-9]{4}$',
      'merchant.paymentMethods.payIn.clientFieldsValues: no value for the required field cvv',
      expect.stringMatching(/^merchant\.paymentMethods\.payIn\.clientFields\.2\.pattern: not a regular expression/),
      'merchant.paymentMethods.payIn.clientFieldsValues: email is not one of its clientFields',
    ]);
  });
});
