/**
 * The signing input as a profile choice (§5.3 does not show the algorithm): which members the hash covers, the
 * canonical form (RFC 8785, sorted-compact, the exact bytes as sent), the hash's encoding; and tampering that changes
 * the signature's bytes, never only its text. The known answers for every combination are in signing-vectors.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { preparedFromBody } from '../../src/client/prepared-request.js';
import { withTamperedHash } from '../../src/client/request-variants.js';
import { BodySigner, verifyBody } from '../../src/signing/body-signer.js';
import { builtinScheme } from '../../src/signing/builtin-schemes.js';
import { canonicalJson } from '../../src/signing/canonical-json.js';
import { decodeHash, encodeHash, HASH_ENCODINGS } from '../../src/signing/hash-encoding.js';
import { cutMembers, MemberCutError } from '../../src/signing/member-cut.js';
import type { SignatureScheme } from '../../src/signing/scheme.js';
import { type SignedMessage, signingInputOf, type SigningInputSpec } from '../../src/signing/signing-input.js';
import { sortedCompactJson } from '../../src/signing/sorted-compact-json.js';
import { credentialsOf, verificationKeyOf } from '../../fixtures/self/test-keys.js';

const HASH = new Set(['hash']);

test.describe('cutting members out of the exact bytes (canonicalForm as-sent)', () => {
  test('should cut a member with one comma next to it, wherever it stands, and keep all other bytes', () => {
    expect(cutMembers('{"hash": "h", "b": 1}', HASH)).toBe('{"b": 1}');
    expect(cutMembers('{"a": 1, "hash": "h", "b": 2}', HASH)).toBe('{"a": 1, "b": 2}');
    expect(cutMembers('{"a": 1 ,  "hash" :"h" }', HASH)).toBe('{"a": 1 }');
    expect(cutMembers('{"hash":"h"}', HASH)).toBe('{}');
    expect(cutMembers('\n{ "a" : [1, {"hash": 2}], "b": "x,\\"hash\\":y" }\n', HASH)).toBe(
      '\n{ "a" : [1, {"hash": 2}], "b": "x,\\"hash\\":y" }\n',
    );
    expect(cutMembers('{"hash":"1","a":{},"hash":"2"}', HASH), 'every occurrence of a repeated name').toBe('{"a":{}}');
    expect(cutMembers('{"publicKey":"k","a":1,"hash":"h"}', new Set(['hash', 'publicKey']))).toBe('{"a":1}');
    expect(cutMembers('{"h\\u0061sh":"h","a":1}', HASH), 'names compare decoded').toBe('{"a":1}');
  });

  test('should refuse text that is not one JSON object', () => {
    for (const text of ['[{"hash":1}]', '{"hash":1} {}', '{"hash":"never ends}', '{"a" 1}', '', 'nul', '{"a":tru}']) {
      expect(() => cutMembers(text, HASH), text).toThrow(MemberCutError);
    }
  });
});

test.describe('canonical forms', () => {
  const body = { '😀': 1, '\uffff': 2, b: 'Zoë\u2028', a: [0.5, 1e21, null] };

  test('should order keys by UTF-16 units for JCS and by code points for sorted-compact', () => {
    expect(canonicalJson(body)).toBe('{"a":[0.5,1e+21,null],"b":"Zoë\u2028","😀":1,"\uffff":2}');
    expect(sortedCompactJson(body)).toBe(
      '{"a":[0.5,1e+21,null],"b":"Zo\\u00eb\\u2028","\\uffff":2,"\\ud83d\\ude00":1}',
    );
  });

  test('should give each form its own input over the members the profile says the hash covers', () => {
    const signed = { publicKey: 'k', hash: 'h', b: 'ü', a: 1 };
    const bytes = Buffer.from('{"b": "ü", "a": 1, "publicKey": "k", "hash": "h"}', 'utf8');
    const input = (spec: Omit<SigningInputSpec, 'hashEncoding'>, message: SignedMessage = { body: signed, bytes }) =>
      signingInputOf({ ...spec, hashEncoding: 'base64' }, message).toString('utf8');
    expect(input({ members: 'all-but-hash', canonicalForm: 'jcs' })).toBe('{"a":1,"b":"ü","publicKey":"k"}');
    expect(input({ members: 'all-but-public-key-and-hash', canonicalForm: 'jcs' })).toBe('{"a":1,"b":"ü"}');
    expect(input({ members: 'all-but-public-key-and-hash', canonicalForm: 'sorted-compact' })).toBe(
      '{"a":1,"b":"\\u00fc"}',
    );
    expect(input({ members: 'all-but-hash', canonicalForm: 'as-sent' })).toBe('{"b": "ü", "a": 1, "publicKey": "k"}');
    expect(input({ members: 'all-but-public-key-and-hash', canonicalForm: 'as-sent' })).toBe('{"b": "ü", "a": 1}');
    expect(
      input({ members: 'all-but-hash', canonicalForm: 'as-sent' }, { body: signed }),
      'a body the kit sends itself goes out as its JCS text',
    ).toBe('{"a":1,"b":"ü","publicKey":"k"}');
  });

  test('should not verify an as-sent hash over bytes that are not a UTF-8 JSON object', () => {
    const scheme = builtinScheme('ed25519');
    const spec: SigningInputSpec = { members: 'all-but-hash', canonicalForm: 'as-sent', hashEncoding: 'base64' };
    const signed = new BodySigner(scheme, credentialsOf('merchant', 'ed25519'), spec).sign({ a: 1 });
    const key = verificationKeyOf('merchant', 'ed25519');
    expect(verifyBody(signed, scheme, key, { input: spec, bytes: Buffer.from(canonicalJson(signed)) })).toEqual({
      valid: true,
    });
    for (const bytes of [Buffer.from([0xff, 0xfe]), Buffer.from('[1]'), Buffer.from(`${canonicalJson(signed)} x`)]) {
      expect(verifyBody(signed, scheme, key, { input: spec, bytes }).valid).toBe(false);
    }
  });
});

test.describe('hash encodings', () => {
  test('should read each encoding strictly: one text per signature', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0x01, 0x02]);
    expect(encodeHash(bytes, 'base64')).toBe('+/8BAg==');
    expect(encodeHash(bytes, 'base64url')).toBe('-_8BAg');
    expect(encodeHash(bytes, 'hex')).toBe('fbff0102');
    for (const encoding of HASH_ENCODINGS) {
      expect(decodeHash(encodeHash(bytes, encoding), encoding), encoding).toEqual(bytes);
    }
    expect(decodeHash('-_8BAh', 'base64url'), 'unused bits set').toBeUndefined();
    expect(decodeHash('-_8BAg==', 'base64url'), 'padding').toBeUndefined();
    expect(decodeHash('+/8BAg', 'base64'), 'no padding').toBeUndefined();
    expect(decodeHash('FBFF0102', 'hex'), 'upper case').toBeUndefined();
    expect(decodeHash('fbf', 'hex'), 'half a byte').toBeUndefined();
    expect(decodeHash('A', 'base64url'), 'one character is no encoding').toBeUndefined();
  });
});

test.describe('tampering with a hash', () => {
  const fields = { paymentId: '7d1f0c52-2f8e-4d8e-9d0a-7a3c1c2f9b10' };

  for (const encoding of HASH_ENCODINGS) {
    test(`should flip exactly one bit of the signature and write it again in ${encoding}`, () => {
      const spec: SigningInputSpec = { members: 'all-but-hash', canonicalForm: 'jcs', hashEncoding: encoding };
      const scheme = builtinScheme('ed25519', encoding);
      const signer = new BodySigner(scheme, credentialsOf('merchant', 'ed25519'), spec);
      const signed = preparedFromBody('paymentStatus', signer.sign(fields), 'signed');
      const tampered = withTamperedHash(signed, encoding);
      const before = decodeHash(String(signed.body?.hash), encoding);
      const after = decodeHash(String(tampered?.body?.hash), encoding);
      if (before === undefined || after === undefined) throw new Error(`both hashes must be ${encoding} text`);
      const bits = [...before].reduce((n, byte, i) => n + popcount(byte ^ (after[i] ?? 0)), 0);
      expect(bits, 'bits of the signature that differ').toBe(1);
      expect(
        verifyBody(tampered?.body ?? {}, scheme, verificationKeyOf('merchant', 'ed25519'), { input: spec }),
      ).toEqual({ valid: false, reason: 'bad-signature' });
    });
  }

  test('should change the signature, not only its text, in unpadded base64url (a lenient decoder reads the text)', () => {
    const scheme = builtinScheme('ed25519', 'base64url');
    const spec: SigningInputSpec = { members: 'all-but-hash', canonicalForm: 'jcs', hashEncoding: 'base64url' };
    const signed = new BodySigner(scheme, credentialsOf('merchant', 'ed25519'), spec).sign(fields);
    // A 64-byte signature is 86 characters: the last one carries 4 unused bits. Changing one of them changes the text
    // and nothing a service that decodes leniently (Node's own decoder) reads: the old way of tampering.
    const last = signed.hash.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const textOnly = signed.hash.slice(0, -1) + (alphabet[alphabet.indexOf(last) ^ 1] ?? '');
    expect(Buffer.from(textOnly, 'base64url'), 'the text changed, the signature did not').toEqual(
      Buffer.from(signed.hash, 'base64url'),
    );
    const tampered = withTamperedHash(preparedFromBody('paymentStatus', signed, 'signed'), 'base64url');
    expect(Buffer.from(String(tampered?.body?.hash), 'base64url')).not.toEqual(Buffer.from(signed.hash, 'base64url'));
  });

  test('should give up, rather than guess, on a hash that is not text of the encoding', () => {
    const request = preparedFromBody('paymentStatus', { ...fields, publicKey: 'k', hash: 'ZZ' }, 'signed');
    expect(withTamperedHash(request, 'hex')).toBeUndefined();
  });
});

test('should give a custom scheme the signing input, the body and, when verifying, the exact bytes', () => {
  const seen: { message: string; context: SignedMessage | undefined }[] = [];
  const recording: SignatureScheme = {
    name: 'recording',
    sign(message, _credentials, context) {
      seen.push({ message: Buffer.from(message).toString('utf8'), context });
      return 'sig';
    },
    verify(message, hash, _key, context) {
      seen.push({ message: Buffer.from(message).toString('utf8'), context });
      return hash === 'sig';
    },
  };
  const spec: SigningInputSpec = {
    members: 'all-but-public-key-and-hash',
    canonicalForm: 'jcs',
    hashEncoding: 'base64',
  };
  const credentials = credentialsOf('merchant', 'hmac-sha256');
  const signed = new BodySigner(recording, credentials, spec).sign({ b: 2, a: 1 });
  const bytes = Buffer.from(JSON.stringify(signed));
  expect(verifyBody(signed, recording, { publicKey: credentials.publicKey }, { input: spec, bytes })).toEqual({
    valid: true,
  });
  expect(seen).toEqual([
    { message: '{"a":1,"b":2}', context: { body: { b: 2, a: 1, publicKey: credentials.publicKey } } },
    { message: '{"a":1,"b":2}', context: { body: signed, bytes } },
  ]);
});

function popcount(byte: number): number {
  let n = 0;
  for (let b = byte; b > 0; b >>= 1) n += b & 1;
  return n;
}
