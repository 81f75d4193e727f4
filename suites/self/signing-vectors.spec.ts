/**
 * Known-answer vectors run before anything else (project `vectors`): every other test trusts the signer and the
 * canonical form. The vectors come from tools independent of the kit (fixtures/vectors/*.py: Python's json and
 * the openssl CLI; the RFC 8785 examples), so they test the kit rather than mirror it.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { BodySigner } from '../../src/signing/body-signer.js';
import { verifyBody } from '../../src/signing/body-signer.js';
import { builtinScheme } from '../../src/signing/builtin-schemes.js';
import { CanonicalizationError, canonicalJson } from '../../src/signing/canonical-json.js';
import type { HashEncoding } from '../../src/signing/hash-encoding.js';
import {
  type CanonicalForm,
  type CoveredMembers,
  signingInput,
  signingInputOf,
  type SigningInputSpec,
} from '../../src/signing/signing-input.js';
import type { NonAsciiForm } from '../../src/signing/sorted-compact-json.js';
import { type BuiltinSchemeName, credentialsOf, verificationKeyOf } from '../../fixtures/self/test-keys.js';

interface SigningVector {
  readonly name: string;
  readonly scheme: BuiltinSchemeName;
  readonly body: Record<string, unknown>;
  readonly signingInput: string;
}
interface CombinationVector {
  readonly name: string;
  readonly scheme: BuiltinSchemeName;
  readonly members: CoveredMembers;
  readonly canonicalForm: CanonicalForm;
  /** For sorted-compact: raw when Python wrote text beyond ASCII as it is (ensure_ascii=False). */
  readonly nonAscii?: NonAsciiForm;
  readonly hashEncoding: HashEncoding;
  /** The exact text sent. */
  readonly bytes: string;
  readonly signingInput: string;
  readonly hash: string;
}
interface JcsVectors {
  readonly documents: readonly { name: string; input: string; canonical: string }[];
  readonly numbers: readonly [string, string][];
  readonly rejected: readonly { name: string; ieee754: string }[];
}

const readVectors = (file: string): unknown => JSON.parse(readFileSync(kitPath('fixtures', 'vectors', file), 'utf8'));
const { vectors: signing, combinations } = readVectors('signing.json') as {
  vectors: SigningVector[];
  combinations: CombinationVector[];
};
const jcs = readVectors('jcs.json') as JcsVectors;
const double = (hex: string): number => Buffer.from(hex, 'hex').readDoubleBE(0);

test.describe('RFC 8785 canonical JSON', () => {
  for (const doc of jcs.documents) {
    test(`should canonicalise ${doc.name}`, () => {
      expect(canonicalJson(JSON.parse(doc.input))).toBe(doc.canonical);
    });
  }

  test('should serialise every number of Appendix B as ECMAScript does', () => {
    for (const [hex, expected] of jcs.numbers) expect(canonicalJson(double(hex)), hex).toBe(expected);
  });

  test('should refuse what JSON cannot carry exactly', () => {
    for (const { name, ieee754 } of jcs.rejected) {
      expect(() => canonicalJson({ amount: double(ieee754) }), name).toThrow(CanonicalizationError);
    }
    expect(() => canonicalJson({ comment: 'lone \ud800 surrogate' })).toThrow(CanonicalizationError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(CanonicalizationError);
  });
});

test.describe('signing known answers', () => {
  for (const vector of signing) {
    test(`should reproduce ${vector.name}`, () => {
      const scheme = builtinScheme(vector.scheme);
      const credentials = credentialsOf('merchant', vector.scheme);
      const input = signingInput(vector.body);
      expect(input.toString('utf8'), 'the signing input is the canonical body without hash').toBe(vector.signingInput);
      expect(scheme.sign(input, credentials), 'the hash').toBe(vector.body.hash);
      expect(scheme.verify(input, String(vector.body.hash), verificationKeyOf('merchant', vector.scheme))).toBe(true);
      const { hash: _hash, publicKey: _publicKey, ...fields } = vector.body;
      expect(new BodySigner(scheme, credentials).sign(fields), 'BodySigner gives the same body').toEqual(vector.body);
    });
  }
});

test.describe('signing input choices of a profile, known answers', () => {
  for (const vector of combinations) {
    test(`should reproduce ${vector.name}`, () => {
      const spec: SigningInputSpec = vector;
      const scheme = builtinScheme(vector.scheme, vector.hashEncoding);
      const bytes = Buffer.from(vector.bytes, 'utf8');
      const body = JSON.parse(vector.bytes) as Record<string, unknown>;
      expect(signingInputOf(spec, { body, bytes }).toString('utf8'), 'the signing input').toBe(vector.signingInput);
      const credentials = credentialsOf('merchant', vector.scheme);
      expect(scheme.sign(Buffer.from(vector.signingInput, 'utf8'), credentials), 'the hash').toBe(vector.hash);
      expect(verifyBody(body, scheme, verificationKeyOf('merchant', vector.scheme), { input: spec, bytes })).toEqual({
        valid: true,
      });
    });
  }
});

test.describe("the kit's signer under each signing input choice, known answers", () => {
  // As sent, a service signs its own text; the kit's bodies go out as their JCS text, so there is no answer to match.
  for (const vector of combinations.filter((v) => v.canonicalForm !== 'as-sent')) {
    test(`should sign as the service would: ${vector.name}`, () => {
      const { hash: _hash, publicKey: _publicKey, ...fields } = JSON.parse(vector.bytes) as Record<string, unknown>;
      const signer = new BodySigner(
        builtinScheme(vector.scheme, vector.hashEncoding),
        credentialsOf('merchant', vector.scheme),
        vector,
      );
      expect(signer.sign(fields).hash).toBe(vector.hash);
    });
  }
});
