/**
 * The signer's known answers (fixtures/vectors: made by tools independent of the kit — Python's json, the openssl
 * CLI, RFC 8785's examples — so they test the kit rather than mirror it). Every other check trusts the signer and the
 * canonical form: the `vectors` project runs these as tests before the kit's own, and certify runs them in its own
 * process before the first request (a worker pair of their own cost ~3 s of a 20 s certification: issue 31).
 */
import { deepStrictEqual, strictEqual, throws } from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { BodySigner, verifyBody } from './body-signer.js';
import { BUILTIN_SCHEME_NAMES, type BuiltinSchemeName, builtinScheme, RANDOMISED_SCHEMES } from './builtin-schemes.js';
import { CanonicalizationError, canonicalJson } from './canonical-json.js';
import type { HashEncoding } from './hash-encoding.js';
import { type Party, testCredentials, testPublicKeyText, testVerificationKey } from './test-keys.js';
import { type CanonicalForm, type CoveredMembers, signingInput, signingInputOf } from './signing-input.js';
import type { NonAsciiForm } from './sorted-compact-json.js';

/** The test-only keys of fixtures/keys/, under the names the vectors project and the self tests use. */
export {
  BUILTIN_SCHEME_NAMES,
  type BuiltinSchemeName,
  testCredentials as credentialsOf,
  type Party,
  testPublicKeyText as publicKeyText,
  testVerificationKey as verificationKeyOf,
};

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

/** One known answer: `run` throws (node:assert's message) unless the kit reproduces it. */
export interface KnownAnswer {
  readonly name: string;
  run(): void;
}

/** Known answers by group, in the order the vectors project lists them. */
export interface KnownAnswerGroup {
  readonly group: string;
  readonly answers: readonly KnownAnswer[];
}

/** Where the vectors are: the kit's own; a self-test points elsewhere to prove a wrong answer is caught. */
const VECTORS_DIR = kitPath('fixtures', 'vectors');
const readVectors = (dir: string, file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const double = (hex: string): number => Buffer.from(hex, 'hex').readDoubleBE(0);

function jcsAnswers(jcs: JcsVectors): KnownAnswer[] {
  return [
    ...jcs.documents.map((doc) => ({
      name: `should canonicalise ${doc.name}`,
      run: () => {
        strictEqual(canonicalJson(JSON.parse(doc.input)), doc.canonical);
      },
    })),
    {
      name: 'should serialise every number of Appendix B as ECMAScript does',
      run: () => {
        for (const [hex, expected] of jcs.numbers) strictEqual(canonicalJson(double(hex)), expected, hex);
      },
    },
    {
      name: 'should refuse what JSON cannot carry exactly',
      run: () => {
        for (const { name, ieee754 } of jcs.rejected) {
          throws(() => canonicalJson({ amount: double(ieee754) }), CanonicalizationError, name);
        }
        throws(() => canonicalJson({ comment: 'lone \ud800 surrogate' }), CanonicalizationError);
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        throws(() => canonicalJson(cyclic), CanonicalizationError);
      },
    },
  ];
}

/**
 * The kit's hash of `input` matches the vector's: equal for a deterministic scheme; for a randomised one (ECDSA,
 * RSA-PSS), OpenSSL's hash must verify, the kit's must verify too, and neither may verify a changed input.
 */
function assertSameHash(scheme: BuiltinSchemeName, encoding: HashEncoding, input: Buffer, expected: string): void {
  const signer = builtinScheme(scheme, encoding);
  const own = signer.sign(input, testCredentials('merchant', scheme));
  if (!RANDOMISED_SCHEMES.has(scheme)) {
    strictEqual(own, expected, 'the hash');
    return;
  }
  const key = testVerificationKey('merchant', scheme);
  const changed = Buffer.concat([input, Buffer.from(' ')]);
  strictEqual(signer.verify(input, expected, key), true, "OpenSSL's hash verifies");
  strictEqual(signer.verify(input, own, key), true, "the kit's hash verifies");
  strictEqual(signer.verify(changed, expected, key), false, "OpenSSL's hash does not verify another input");
  strictEqual(signer.verify(changed, own, key), false, "the kit's hash does not verify another input");
}

function signingAnswer(vector: SigningVector): KnownAnswer {
  return {
    name: `should reproduce ${vector.name}`,
    run: () => {
      const scheme = builtinScheme(vector.scheme);
      const credentials = testCredentials('merchant', vector.scheme);
      const input = signingInput(vector.body);
      strictEqual(input.toString('utf8'), vector.signingInput, 'the signing input is the canonical body without hash');
      assertSameHash(vector.scheme, 'base64', input, String(vector.body.hash));
      const key = testVerificationKey('merchant', vector.scheme);
      strictEqual(scheme.verify(input, String(vector.body.hash), key), true);
      const { hash: _hash, publicKey: _publicKey, ...fields } = vector.body;
      const signed = new BodySigner(scheme, credentials).sign(fields);
      deepStrictEqual({ ...signed, hash: '' }, { ...vector.body, hash: '' }, 'BodySigner gives the same members');
      deepStrictEqual(verifyBody(signed, scheme, key), { valid: true }, "BodySigner's hash verifies");
      if (!RANDOMISED_SCHEMES.has(vector.scheme)) strictEqual(signed.hash, vector.body.hash, "BodySigner's hash");
    },
  };
}

function combinationAnswer(vector: CombinationVector): KnownAnswer {
  return {
    name: `should reproduce ${vector.name}`,
    run: () => {
      const scheme = builtinScheme(vector.scheme, vector.hashEncoding);
      const bytes = Buffer.from(vector.bytes, 'utf8');
      const body = JSON.parse(vector.bytes) as Record<string, unknown>;
      strictEqual(signingInputOf(vector, { body, bytes }).toString('utf8'), vector.signingInput, 'the signing input');
      assertSameHash(vector.scheme, vector.hashEncoding, Buffer.from(vector.signingInput, 'utf8'), vector.hash);
      deepStrictEqual(
        verifyBody(body, scheme, testVerificationKey('merchant', vector.scheme), { input: vector, bytes }),
        { valid: true },
      );
    },
  };
}

function signerAnswer(vector: CombinationVector): KnownAnswer {
  return {
    name: `should sign as the service would: ${vector.name}`,
    run: () => {
      const { hash: _hash, publicKey: _publicKey, ...fields } = JSON.parse(vector.bytes) as Record<string, unknown>;
      const scheme = builtinScheme(vector.scheme, vector.hashEncoding);
      const signed = new BodySigner(scheme, testCredentials('merchant', vector.scheme), vector).sign(fields);
      if (RANDOMISED_SCHEMES.has(vector.scheme)) {
        const key = testVerificationKey('merchant', vector.scheme);
        strictEqual(scheme.verify(Buffer.from(vector.signingInput, 'utf8'), signed.hash, key), true);
      } else {
        strictEqual(signed.hash, vector.hash);
      }
    },
  };
}

/** Every known answer of fixtures/vectors, by group. */
export function knownAnswerGroups(vectorsDir: string = VECTORS_DIR): KnownAnswerGroup[] {
  const { vectors: signing, combinations } = readVectors(vectorsDir, 'signing.json') as {
    vectors: SigningVector[];
    combinations: CombinationVector[];
  };
  return [
    { group: 'RFC 8785 canonical JSON', answers: jcsAnswers(readVectors(vectorsDir, 'jcs.json') as JcsVectors) },
    { group: 'signing known answers', answers: signing.map(signingAnswer) },
    { group: 'signing input choices of a profile, known answers', answers: combinations.map(combinationAnswer) },
    {
      group: "the kit's signer under each signing input choice, known answers",
      // As sent, a service signs its own text; the kit's bodies go out as their JCS text: no answer to match.
      answers: combinations.filter((v) => v.canonicalForm !== 'as-sent').map(signerAnswer),
    },
  ];
}

/** The known answers the kit does not reproduce, each with why; empty when the signer can be trusted. */
export function failedKnownAnswers(vectorsDir: string = VECTORS_DIR): string[] {
  const failed: string[] = [];
  for (const { group, answers } of knownAnswerGroups(vectorsDir)) {
    for (const answer of answers) {
      try {
        answer.run();
      } catch (error) {
        failed.push(`${group} › ${answer.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return failed;
}
