import { constants, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { inspect } from 'node:util';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { REDACTED, redactSecrets } from '../../src/secrets/redaction.js';
import { Secret } from '../../src/secrets/secret.js';
import { BodySigner, verifyBody } from '../../src/signing/body-signer.js';
import { builtinScheme, isBuiltinScheme, RANDOMISED_SCHEMES } from '../../src/signing/builtin-schemes.js';
import { decodeHash } from '../../src/signing/hash-encoding.js';
import { constantTimeEqual } from '../../src/signing/constant-time.js';
import { CustomSchemeError, loadCustomScheme } from '../../src/signing/load-custom-scheme.js';
import type { SignatureScheme } from '../../src/signing/scheme.js';
import { signingInput } from '../../src/signing/signing-input.js';
import {
  BUILTIN_SCHEME_NAMES,
  credentialsOf,
  publicKeyText,
  verificationKeyOf,
} from '../../fixtures/self/test-keys.js';

const fields = {
  accountId: 4101,
  paymentMethodId: 'sbx-card-in',
  amount: 100,
  merchantPaymentId: 'kit-sign-1',
  clientFieldsValues: [{ key: 'cardholder', value: 'Zoë' }],
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The same bytes spelt differently: in padded base64 the last character's lowest bit is unused. */
function nonCanonicalTwin(hash: string): string {
  const last = hash.replace(/=+$/, '').length - 1;
  if (last === hash.length - 1) throw new Error('an unpadded hash has no unused bits');
  const value = ALPHABET.indexOf(hash[last] ?? '');
  return hash.slice(0, last) + (ALPHABET[value ^ 1] ?? '') + hash.slice(last + 1);
}

function schemeNamed(name: string): SignatureScheme {
  if (!isBuiltinScheme(name)) throw new Error(`no scheme ${name}`);
  return builtinScheme(name);
}

for (const name of BUILTIN_SCHEME_NAMES) {
  test.describe(name, () => {
    const scheme = schemeNamed(name);
    const merchant = new BodySigner(scheme, credentialsOf('merchant', name));
    const stranger = new BodySigner(scheme, credentialsOf('stranger', name));
    const trusted = verificationKeyOf('merchant', name);
    const signed = merchant.sign(fields);

    test('should verify what it signed, with the publicKey member set to the signer key (§5.2)', () => {
      expect(signed.publicKey).toBe(publicKeyText('merchant', name));
      expect(verifyBody(signed, scheme, trusted)).toEqual({ valid: true });
    });

    test('should detect any change to a signed body', () => {
      const changes: Record<string, unknown>[] = [
        { amount: 101 },
        { amount: 100.0000001 },
        { merchantPaymentId: 'kit-sign-2' },
        { clientFieldsValues: [{ key: 'cardholder', value: 'Zoe' }] },
        { extra: true },
      ];
      for (const change of changes) {
        expect(verifyBody({ ...signed, ...change }, scheme, trusted), JSON.stringify(change)).toEqual({
          valid: false,
          reason: 'bad-signature',
        });
      }
      const { merchantPaymentId: _removed, ...withoutMember } = signed;
      expect(verifyBody(withoutMember, scheme, trusted).valid).toBe(false);
    });

    test('should detect a tampered, malformed or non-canonical hash', () => {
      const bytes = decodeHash(signed.hash, 'base64');
      if (bytes === undefined) throw new Error('the hash is not base64');
      const flipped = Buffer.from(bytes);
      flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 0x80;
      // A 72-byte ECDSA signature fills its last base64 group: no padding, no unused bits, no twin.
      const twins = signed.hash.endsWith('=') ? [nonCanonicalTwin(signed.hash)] : [];
      for (const twin of twins) {
        expect(Buffer.from(twin, 'base64').equals(bytes), 'Node decodes the twin to the same signature').toBe(true);
      }
      const urlSafe = signed.hash.replaceAll('+', '-').replaceAll('/', '_');
      const badHashes = [
        flipped.toString('base64'),
        '',
        'not base64 at all',
        `${signed.hash}=`,
        ` ${signed.hash}`,
        ...twins,
        ...(urlSafe === signed.hash ? [] : [urlSafe]),
      ];
      for (const hash of badHashes) {
        expect(verifyBody({ ...signed, hash }, scheme, trusted), JSON.stringify(hash)).toEqual({
          valid: false,
          reason: 'bad-signature',
        });
      }
    });

    test('should reject a body signed by another key that carries its own public key', () => {
      const forged = stranger.sign(fields);
      expect(verifyBody(forged, scheme, trusted)).toEqual({ valid: false, reason: 'unknown-public-key' });
      expect(verifyBody({ ...forged, publicKey: signed.publicKey }, scheme, trusted)).toEqual({
        valid: false,
        reason: 'bad-signature',
      });
    });

    test('should name a missing publicKey or hash (NO_LOGIN, NO_TOKEN in §5.4)', () => {
      const { publicKey: _pk, ...noPublicKey } = signed;
      const { hash: _hash, ...noHash } = signed;
      expect(verifyBody(noPublicKey, scheme, trusted)).toEqual({ valid: false, reason: 'no-public-key' });
      expect(verifyBody(noHash, scheme, trusted)).toEqual({ valid: false, reason: 'no-hash' });
      expect(verifyBody({ ...signed, publicKey: 42 }, scheme, trusted)).toEqual({
        valid: false,
        reason: 'no-public-key',
      });
      expect(verifyBody({ ...signed, hash: ['x'] }, scheme, trusted)).toEqual({ valid: false, reason: 'no-hash' });
    });

    test('should never throw on garbage keys or bodies', () => {
      const garbage = { publicKey: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----\n', secret: undefined };
      expect(scheme.verify(signingInput(signed), signed.hash, garbage)).toBe(false);
      expect(verifyBody({ ...signed, amount: Number.NaN }, scheme, trusted).valid).toBe(false);
      expect(verifyBody({ ...signed, note: '\ud800' }, scheme, trusted).valid).toBe(false);
    });

    test('should sign over everything but a stale hash, and set its own publicKey', () => {
      const resigned = merchant.sign({ ...fields, hash: 'stale', publicKey: 'someone else' });
      // ECDSA and RSA-PSS sign at random: the members are the same, the hash another valid one.
      expect({ ...resigned, hash: '' }).toEqual({ ...signed, hash: '' });
      expect(verifyBody(resigned, scheme, trusted)).toEqual({ valid: true });
      expect(RANDOMISED_SCHEMES.has(name) || resigned.hash === signed.hash, 'a deterministic scheme signs alike').toBe(
        true,
      );
    });

    test('should accept its own credentials', () => {
      expect(() => scheme.checkCredentials?.(credentialsOf('merchant', name))).not.toThrow();
    });
  });
}

test.describe('credentials that cannot work are refused at load', () => {
  const others = [
    ['rsa-sha256', 'ed25519', 'ed25519'],
    ['rsa-pss-sha256', 'ecdsa-p256', 'ec prime256v1'],
    ['ecdsa-p256', 'rsa-sha256', 'rsa'],
    ['ed25519', 'ecdsa-p256', 'ec prime256v1'],
  ] as const;
  for (const [name, other, otherKind] of others) {
    test(`${name}: a mismatched pair, the wrong key type, or no key at all`, () => {
      const scheme = schemeNamed(name);
      const own = credentialsOf('merchant', name);
      const mismatched = { ...own, signingKey: credentialsOf('stranger', name).signingKey };
      const wrongType = { ...own, signingKey: credentialsOf('merchant', other).signingKey };
      const notAKey = { ...own, signingKey: new Secret('not a pem key 4f1c', 'test') };
      expect(() => scheme.checkCredentials?.(mismatched)).toThrow(/does not belong to the signing key/);
      expect(() => scheme.checkCredentials?.(wrongType)).toThrow(`the signing key is ${otherKind}, not`);
      expect(() => scheme.checkCredentials?.(notAKey)).toThrow(/not a PEM private key/);
    });
  }

  test('ecdsa-p256: a key on another curve', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    const p384 = {
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      signingKey: new Secret(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'test'),
    };
    expect(() => schemeNamed('ecdsa-p256').checkCredentials?.(p384)).toThrow(
      'the signing key is ec secp384r1, not ec prime256v1',
    );
  });

  test('rsa-pss-sha256: verifies any salt length, and no PKCS #1 v1.5 signature', () => {
    const message = Buffer.from('{"amount":100}');
    const key = createPrivateKey(credentialsOf('merchant', 'rsa-pss-sha256').signingKey.reveal());
    const pss = (saltLength: number) =>
      sign('sha256', message, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength }).toString('base64');
    const trusted = verificationKeyOf('merchant', 'rsa-pss-sha256');
    for (const saltLength of [0, 20, 32, 64]) {
      expect(schemeNamed('rsa-pss-sha256').verify(message, pss(saltLength), trusted), `salt ${saltLength}`).toBe(true);
    }
    const pkcs1 = builtinScheme('rsa-sha256').sign(message, credentialsOf('merchant', 'rsa-sha256'));
    expect(schemeNamed('rsa-pss-sha256').verify(message, pkcs1, trusted)).toBe(false);
    expect(schemeNamed('rsa-sha256').verify(message, pss(32), trusted)).toBe(false);
  });

  test('hmac-sha512 is not hmac-sha256', () => {
    const message = Buffer.from('{"amount":100}');
    const long = builtinScheme('hmac-sha512').sign(message, credentialsOf('merchant', 'hmac-sha512'));
    expect(Buffer.from(long, 'base64')).toHaveLength(64);
    expect(schemeNamed('hmac-sha256').verify(message, long, verificationKeyOf('merchant', 'hmac-sha256'))).toBe(false);
  });

  test('hmac-sha256: a secret too short to be safe', () => {
    const short = { publicKey: 'key-1', signingKey: new Secret('short-9e2b', 'test') };
    expect(() => schemeNamed('hmac-sha256').checkCredentials?.(short)).toThrow(/shorter than 32 bytes/);
  });
});

test.describe('custom schemes', () => {
  test('should load a module named by the profile and sign with it', async () => {
    const scheme = await loadCustomScheme(kitPath('fixtures', 'signing', 'hmac-sha512-hex.scheme.mjs'));
    const credentials = {
      publicKey: 'merchant-key-1',
      signingKey: new Secret('custom-scheme-secret-5d8a0c7e'.repeat(2), 'test'),
    };
    const signed = new BodySigner(scheme, credentials).sign(fields);
    expect(signed.hash).toMatch(/^[0-9a-f]{128}$/);
    const key = { publicKey: 'merchant-key-1', secret: credentials.signingKey };
    expect(verifyBody(signed, scheme, key)).toEqual({ valid: true });
    expect(verifyBody({ ...signed, amount: 1 }, scheme, key).valid).toBe(false);
  });

  test('should refuse a module without the shape of a scheme, or no module at all', async () => {
    await expect(loadCustomScheme(kitPath('fixtures', 'signing', 'not-a-scheme.mjs'))).rejects.toThrow(
      /must have a default export \{ name: string, sign\(message, credentials, context\): string, verify/,
    );
    await expect(loadCustomScheme(kitPath('fixtures', 'signing', 'missing.mjs'))).rejects.toThrow(CustomSchemeError);
  });
});

test.describe('secrets', () => {
  test('should never print a secret, whichever way it is printed', () => {
    const key = credentialsOf('merchant', 'rsa-sha256').signingKey;
    const value = key.reveal();
    for (const printed of [String(key), JSON.stringify({ key }), inspect({ key }), inspect(key)]) {
      expect(printed).not.toContain(value.slice(40, 80));
      expect(printed).toContain('[secret from');
    }
  });

  test('should scrub every secret this process has read, line by line too', () => {
    const key = credentialsOf('merchant', 'ed25519').signingKey.reveal();
    const base64Line = key.split('\n')[1] ?? '';
    const text = `error while signing with ${key} (line ${base64Line})`;
    const scrubbed = redactSecrets(text);
    expect(scrubbed).not.toContain(base64Line);
    expect(scrubbed).toContain(REDACTED);
  });

  test('should compare in constant time and still be right', () => {
    expect(constantTimeEqual('merchant-key', 'merchant-key')).toBe(true);
    expect(constantTimeEqual('merchant-key', 'merchant-kez')).toBe(false);
    expect(constantTimeEqual('merchant-key', 'merchant-key ')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
