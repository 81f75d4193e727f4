/**
 * Which signing input the target verifies (§5.3: "the algorithm that builds the hash: not shown"): a status check of
 * an unknown merchantPaymentId, signed under each choice of signing.members × canonicalForm × hashEncoding with the
 * profile's key and scheme. The body is written so that every choice signs different bytes — members out of order
 * and spaced (as-sent differs from the canonical forms), a character beyond ASCII (jcs writes it as UTF-8,
 * sorted-compact escapes it unless raw), publicKey covered or not — so only the target's own choice gets past the
 * 401s.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import type { BodySigner } from '../signing/body-signer.js';
import { builtinScheme, isBuiltinScheme } from '../signing/builtin-schemes.js';
import {
  distinctChoices,
  SIGNING_INPUT_CHOICES,
  type SigningInputSpec,
  signingInputText,
} from '../signing/signing-input.js';
import { type Decision, errorCodeOf, inconclusive, proposed } from './decision.js';

/** Bodies tried in turn while more than one choice verifies (two encodings can write one signature alike). */
const ROUNDS = 3;

export const SIGNING_KEYS = ['signing.members', 'signing.canonicalForm', 'signing.hashEncoding'] as const;

const text = signingInputText;

/** The probe body's exact bytes, with `hash` as given: spaced, out of order, one character beyond ASCII. */
function bytesOf(merchantPaymentId: string, publicKey: string, hash: string): Buffer {
  const json = (value: string) => JSON.stringify(value);
  return Buffer.from(
    `{"publicKey": ${json(publicKey)}, "merchantPaymentId": ${json(merchantPaymentId)}, "hash": ${json(hash)}}`,
    'utf8',
  );
}

async function tryChoice(
  api: ApiClient,
  profile: LoadedProfile,
  spec: SigningInputSpec,
  id: string,
): Promise<Exchange> {
  const signer = signerFor(profile, spec);
  const publicKey = signer.publicKey;
  const unsigned = bytesOf(id, publicKey, '');
  const body = { publicKey, merchantPaymentId: id, hash: '' };
  const hash = signer.hashOf({ body: { publicKey, merchantPaymentId: id }, bytes: unsigned });
  const bytes = bytesOf(id, publicKey, hash);
  return api.dispatch({
    operation: 'paymentStatus',
    body: { ...body, hash },
    bytes,
    variant: `signed with ${text(spec)}`,
  });
}

/** The profile's signer under another signing input, its built-in scheme writing that input's hashEncoding. */
export function signerFor(profile: LoadedProfile, spec: SigningInputSpec): BodySigner {
  const name = profile.settings.signing.scheme;
  return isBuiltinScheme(name)
    ? profile.requestSigner.withInput(spec, builtinScheme(name, spec.hashEncoding))
    : profile.requestSigner.withInput(spec);
}

/** One decision per signing setting, all from the same probe. */
export async function probeSigningInput(api: ApiClient, profile: LoadedProfile): Promise<Decision[]> {
  let left = [...SIGNING_INPUT_CHOICES];
  const evidence: Exchange[] = [];
  for (let round = 0; round < ROUNDS && left.length > 1; round++) {
    const id = `${profile.settings.safety.merchantPaymentIdPrefix}discover-é-${randomUUID()}`;
    const answers = await Promise.all(
      left.map(async (spec) => ({ spec, exchange: await tryChoice(api, profile, spec, id) })),
    );
    const passed = answers.filter((a) => a.exchange.status !== 401);
    if (round === 0 && passed.length === answers.length) {
      const statuses = [...new Set(answers.map((a) => a.exchange.status))].join(', ');
      return SIGNING_KEYS.map((key) =>
        inconclusive(
          key,
          `every signing input got the same kind of answer (${statuses}), none a 401: the target answered before it checked the signature`,
          answers.slice(0, 2).map((a) => a.exchange),
        ),
      );
    }
    if (passed.length === 0) {
      const codes = [...new Set(answers.map((a) => errorCodeOf(a.exchange) ?? String(a.exchange.status)))].join(', ');
      return SIGNING_KEYS.map((key) =>
        inconclusive(
          key,
          `no signing input verifies (${codes}): the key (signing.publicKey, signing.signingKey) or the scheme (signing.scheme) is not the target's`,
          answers.slice(0, 2).map((a) => a.exchange),
        ),
      );
    }
    evidence.push(
      ...passed.map((a) => a.exchange),
      ...answers
        .filter((a) => a.exchange.status === 401)
        .slice(0, 1)
        .map((a) => a.exchange),
    );
    left = distinctChoices(passed.map((a) => a.spec));
  }
  const agreed = <K extends keyof SigningInputSpec>(member: K): SigningInputSpec[K] | undefined => {
    const values = new Set(left.map((spec) => spec[member]));
    return values.size === 1 ? left[0]?.[member] : undefined;
  };
  const keep = evidence.slice(0, 4);
  const verifying = left.map(text).join('; ');
  const decisions = (['members', 'canonicalForm', 'hashEncoding'] as const).map((member) => {
    const value = agreed(member);
    const key = `signing.${member}`;
    return value === undefined
      ? inconclusive(key, `several choices verify (${verifying}): the target accepts more than one`, keep)
      : proposed(key, value, `only signing inputs with ${member} ${value} get past the 401s (${verifying})`, keep);
  });
  if (agreed('canonicalForm') !== 'sorted-compact') return decisions;
  // Sorted-compact writes text beyond ASCII one of two ways; the probe's "é" told them apart.
  const raw = new Set(left.map((spec) => spec.nonAscii === 'raw'));
  const nonAscii =
    raw.size === 1
      ? proposed(
          'signing.nonAscii',
          raw.has(true) ? 'raw' : 'escaped',
          `only sorted-compact with text beyond ASCII ${raw.has(true) ? 'raw' : 'escaped'} gets past the 401s (${verifying})`,
          keep,
        )
      : inconclusive(
          'signing.nonAscii',
          `several choices verify (${verifying}): the target accepts more than one`,
          keep,
        );
  return [...decisions, nonAscii];
}
