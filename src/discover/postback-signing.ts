/**
 * Which signing input a service's postbacks are signed under (discover, postbacks.members, canonicalForm and
 * hashEncoding): each postback's hash is verified under every choice with the profile's scheme and pinned key, and
 * the choices every postback verifies under are what the service uses.
 */
import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import type { Exchange } from '../client/exchange.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { verifyBody } from '../signing/body-signer.js';
import { builtinScheme, isBuiltinScheme } from '../signing/builtin-schemes.js';
import {
  distinctChoices,
  sameSigningInput,
  SIGNING_INPUT_CHOICES,
  type SigningInputSpec,
  signingInputText,
} from '../signing/signing-input.js';
import { type Decision, inconclusive, proposed } from './decision.js';

function bodyOf(attempt: CheckedAttempt): { body: Record<string, unknown> | undefined; bytes: Buffer } {
  const bytes = Buffer.from(attempt.attempt.body, 'base64');
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return {
      body:
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : undefined,
      bytes,
    };
  } catch {
    return { body: undefined, bytes };
  }
}

/**
 * Which signing inputs one postback's hash verifies under, with the profile's scheme and pinned key (choices that sign
 * the same bytes are one, jcs kept; a service may send its canonical text, as-sent then too), or why none can be judged.
 */
export function verifyingInputs(profile: LoadedProfile, attempt: CheckedAttempt): SigningInputSpec[] | string {
  const { body, bytes } = bodyOf(attempt);
  const text = bytes.toString('utf8').slice(0, 300);
  if (body === undefined) return `the postback is no JSON object: ${text}`;
  const { scheme, key } = profile.postbackVerification;
  if (typeof body.publicKey !== 'string' || body.publicKey.trim() !== key.publicKey.trim()) {
    return "the postback's publicKey is not postbacks.servicePublicKey: no input can be judged";
  }
  const name = profile.settings.postbacks.scheme;
  const verifying = SIGNING_INPUT_CHOICES.filter((input) => {
    if (!isBuiltinScheme(name) && input.hashEncoding !== profile.postbackVerification.input.hashEncoding) return false;
    const withEncoding = isBuiltinScheme(name) ? builtinScheme(name, input.hashEncoding) : scheme;
    return verifyBody(body, withEncoding, key, { input, bytes }).valid;
  });
  const left = distinctChoices(verifying, true);
  return left.length === 0
    ? `the postback's hash verifies under no signing input with postbacks.scheme and postbacks.servicePublicKey: ${text}`
    : left;
}

/**
 * The signing inputs every one of a service's postbacks verifies under, or why they cannot be judged (the first
 * postback that cannot, or postbacks that verify under no common input: a service signing more than one way).
 */
export function postbackSigningInputs(
  profile: LoadedProfile,
  attempts: readonly CheckedAttempt[],
): SigningInputSpec[] | string {
  let left: SigningInputSpec[] | undefined;
  for (const [n, attempt] of attempts.entries()) {
    const inputs = verifyingInputs(profile, attempt);
    if (typeof inputs === 'string') return n === 0 ? inputs : `postback ${n + 1}: ${inputs}`;
    const common: SigningInputSpec[] = (left ?? inputs).filter((spec) =>
      inputs.some((other) => sameSigningInput(other, spec)),
    );
    if (common.length === 0) {
      return `postbacks 1 to ${n} verify under ${(left ?? []).map(signingInputText).join('; ')}, postback ${n + 1} under ${inputs.map(signingInputText).join('; ')}: the service signs its postbacks more than one way`;
    }
    left = common;
  }
  return left ?? 'no postback to judge';
}

/** The postback signing settings the inputs left agree on, each proposed, or inconclusive where they differ. */
export function signingDecisions(left: readonly SigningInputSpec[], evidence: readonly Exchange[]): Decision[] {
  const seen = left.map(signingInputText).join('; ');
  const hashes =
    evidence.length === 1 ? "the postback's hash verifies" : `the hashes of ${evidence.length} postbacks verify`;
  const agreed = <K extends keyof SigningInputSpec>(member: K): SigningInputSpec[K] | undefined => {
    const values = new Set(left.map((spec) => spec[member]));
    return values.size === 1 ? left[0]?.[member] : undefined;
  };
  const decisions = (['members', 'canonicalForm', 'hashEncoding'] as const).map((member) => {
    const value = agreed(member);
    const k = `postbacks.${member}`;
    return value === undefined
      ? inconclusive(k, `${hashes} under several signing inputs (${seen})`, evidence)
      : proposed(k, value, `${hashes} only with ${member} ${value} (${seen})`, evidence);
  });
  if (agreed('canonicalForm') === 'sorted-compact') {
    const raw = new Set(left.map((spec) => spec.nonAscii === 'raw'));
    decisions.push(
      raw.size === 1
        ? proposed(
            'postbacks.nonAscii',
            raw.has(true) ? 'raw' : 'escaped',
            `the postback's text beyond ASCII is signed ${raw.has(true) ? 'raw' : 'escaped'} (${seen})`,
            evidence,
          )
        : inconclusive('postbacks.nonAscii', `both ways verify (${seen})`, evidence),
    );
  }
  return decisions;
}
