/**
 * `payment-conformance sign` (issue 40): a body from standard input signed with the profile's signing settings,
 * as the known-answer vectors of fixtures/vectors/signing.json say (Python json + OpenSSL, not the kit): every
 * scheme, and every combination of members, canonical form, non-ASCII escaping and hash encoding. A deterministic
 * scheme gives the vector's hash; a randomised one (RSA-PSS, ECDSA) a hash that verifies over the bytes written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { expect, test } from '@playwright/test';
import { runNode } from '../../../fixtures/self/kit-command.js';
import { kitPath, kitRoot } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { sign } from '../../../src/openapi/sign-cli.js';
import { RANDOMISED_SCHEMES, type BuiltinSchemeName } from '../../../src/signing/builtin-schemes.js';
import { verifyBody } from '../../../src/signing/body-signer.js';
import { testKeyPath, testPublicKeyText } from '../../../src/signing/test-keys.js';

interface Vector {
  readonly name: string;
  readonly scheme: BuiltinSchemeName;
  readonly body: Record<string, unknown>;
}

interface Combination {
  readonly name: string;
  readonly scheme: BuiltinSchemeName;
  readonly members: string;
  readonly canonicalForm: string;
  readonly nonAscii?: string;
  readonly hashEncoding: string;
  readonly bytes: string;
  readonly hash: string;
}

const vectors = JSON.parse(readFileSync(kitPath('fixtures', 'vectors', 'signing.json'), 'utf8')) as {
  vectors: Vector[];
  combinations: Combination[];
};

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-sign-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** profiles/sandbox.json signing as the merchant with the scheme's test keys and the given signing input. */
function profileSigning(scheme: BuiltinSchemeName, input: Record<string, string> = {}): string {
  const profile = JSON.parse(readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8')) as Record<string, unknown>;
  const text = JSON.stringify(profile).replaceAll('../fixtures/keys/', `${kitPath('fixtures', 'keys')}/`);
  const variant = JSON.parse(text) as Record<string, unknown>;
  delete variant.$schema;
  const hmac = scheme.startsWith('hmac');
  variant.signing = {
    scheme,
    publicKey: hmac
      ? { value: testPublicKeyText('merchant', scheme) }
      : { file: testKeyPath('merchant', scheme, 'public') },
    signingKey: { file: testKeyPath('merchant', scheme, 'private') },
    ...input,
  };
  const file = path.join(dir, `${scheme}-${Object.values(input).join('-') || 'default'}.json`);
  writeFileSync(file, JSON.stringify(variant));
  return file;
}

/** sign run in this process, the body given as its standard input. */
async function signed(profileFile: string, input: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await sign(['--profile', profileFile], {
    stdin: Readable.from([Buffer.from(input)]),
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
  });
  return { code, out, err };
}

const withoutHash = (body: Record<string, unknown>): Record<string, unknown> => {
  const { hash: _hash, ...rest } = body;
  return rest;
};

test.describe('payment-conformance sign', () => {
  test('should sign each vector body as the vectors say, for every scheme', async () => {
    for (const vector of vectors.vectors) {
      const file = profileSigning(vector.scheme);
      const run = await signed(file, JSON.stringify(withoutHash(vector.body)));
      expect(run.code, `${vector.name}: ${run.err}`).toBe(0);
      const body = JSON.parse(run.out) as Record<string, unknown>;
      expect(body.publicKey, vector.name).toBe(vector.body.publicKey);
      const profile = await loadProfile(file);
      const verdict = verifyBody(body, profile.requestSigner.scheme, profile.merchantVerificationKey, {
        input: profile.requestSigner.input,
        bytes: Buffer.from(run.out.trimEnd()),
      });
      // A randomised scheme signs anew each time: its hash verifies; a deterministic one's is the vector's own.
      const randomised = RANDOMISED_SCHEMES.has(vector.scheme);
      expect({ verdict, hash: randomised ? 'randomised' : body.hash }, vector.name).toEqual({
        verdict: { valid: true },
        hash: randomised ? 'randomised' : vector.body.hash,
      });
    }
  });

  test('should sign as each combination of members, canonical form and hash encoding says', async () => {
    test.setTimeout(120_000);
    for (const combination of vectors.combinations) {
      const { scheme, members, canonicalForm, nonAscii, hashEncoding } = combination;
      const file = profileSigning(scheme, {
        members,
        canonicalForm,
        hashEncoding,
        ...(nonAscii === undefined ? {} : { nonAscii }),
      });
      const sent = JSON.parse(combination.bytes) as Record<string, unknown>;
      const run = await signed(file, JSON.stringify(withoutHash(sent)));
      expect(run.code, `${combination.name}: ${run.err}`).toBe(0);
      const body = JSON.parse(run.out) as Record<string, unknown>;
      // The bytes written are the ones signed: what a tool sends as they are must verify, whatever the form.
      const profile = await loadProfile(file);
      const verdict = verifyBody(body, profile.requestSigner.scheme, profile.merchantVerificationKey, {
        input: profile.requestSigner.input,
        bytes: Buffer.from(run.out.trimEnd()),
      });
      // A deterministic scheme over a canonical form gives the vector's own hash (as-sent signs the bytes written,
      // which are the kit's canonical text, not Python's).
      const own = !RANDOMISED_SCHEMES.has(scheme) && canonicalForm !== 'as-sent';
      expect({ verdict, hash: own ? body.hash : 'not comparable' }, combination.name).toEqual({
        verdict: { valid: true },
        hash: own ? combination.hash : 'not comparable',
      });
    }
  });

  test('should read standard input, refuse what is not one JSON object, and name a bad profile (exit 2)', async () => {
    const profile = profileSigning('ed25519');
    const body = { amount: 1, merchantPaymentId: 'kit-sign-1', hash: 'stale' };
    const run = await runNode(
      ['--import', 'tsx', path.join(kitRoot, 'scripts', 'sign.ts'), '--profile', profile],
      {},
      30_000,
      undefined,
      kitRoot,
      JSON.stringify(body),
    );
    expect(run.code, run.stderr).toBe(0);
    // The same through the kit's command line, as the README's recipe runs it.
    const viaBin = await runNode(
      [path.join(kitRoot, 'bin', 'payment-conformance.mjs'), 'sign', '--profile', profile],
      {},
      30_000,
      undefined,
      kitRoot,
      JSON.stringify(body),
    );
    expect(viaBin.stdout, viaBin.stderr).toBe(run.stdout);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(out.hash).not.toBe('stale');
    expect(Object.keys(out).sort()).toEqual(['amount', 'hash', 'merchantPaymentId', 'publicKey']);
    for (const [input, why] of [
      ['[1, 2]', /not one JSON object/],
      ['{"amount": ', /not JSON/],
      ['', /not JSON/],
    ] as const) {
      const refused = await signed(profile, input);
      expect(refused.code, input).toBe(2);
      expect(refused.err, input).toMatch(why);
      expect(refused.out, input).toBe('');
    }
    // An input that never ends is refused after the bound, the stream let go; one above a megabyte at once.
    const endless = new PassThrough();
    endless.write('{"amount": 1');
    let err = '';
    const waited = await sign(
      ['--profile', profile],
      { stdin: endless, stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) } },
      200,
    );
    expect(waited).toBe(2);
    expect(err).toMatch(/no end of input within 0\.2 s/);
    expect(endless.destroyed).toBe(true);
    const huge = await signed(profile, `{"comment": "${'x'.repeat(1024 * 1024)}"}`);
    expect(huge.code).toBe(2);
    expect(huge.err).toMatch(/larger than 1048576 bytes/);
    const missing = await signed(path.join(dir, 'missing.json'), '{}');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^sign: .*missing\.json/);
    const badFlag = await sign(['--nope'], {
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: () => true },
    });
    expect(badFlag).toBe(2);
  });
});
