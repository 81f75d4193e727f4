import { canonicalJson } from './canonical-json.js';
import { HASH_ENCODINGS, type HashEncoding } from './hash-encoding.js';
import { cutMembers, MemberCutError } from './member-cut.js';
import { type NonAsciiForm, sortedCompactJson } from './sorted-compact-json.js';

/** The member of a signed body that carries the signature; it is never signed (§5.3). */
export const HASH_MEMBER = 'hash';
export const PUBLIC_KEY_MEMBER = 'publicKey';

/** Which members the hash covers: everything but the hash, or everything but the hash and the publicKey. */
export type CoveredMembers = 'all-but-hash' | 'all-but-public-key-and-hash';
/**
 * How the covered members become bytes: RFC 8785 (JCS); sorted keys, compact, ASCII only (sorted-compact-json.ts);
 * or the exact bytes as sent, the uncovered members cut out (member-cut.ts).
 */
export type CanonicalForm = 'jcs' | 'sorted-compact' | 'as-sent';

/**
 * What a hash is computed over and how it is written (§5.3: "the algorithm that builds the hash: not shown"): the
 * profile's `members`, `canonicalForm` and `hashEncoding`, for the merchant's requests and for the service's
 * postbacks separately.
 */
export interface SigningInputSpec {
  readonly members: CoveredMembers;
  readonly canonicalForm: CanonicalForm;
  readonly hashEncoding: HashEncoding;
  /** For sorted-compact: whether text beyond ASCII is escaped (the default) or written raw. */
  readonly nonAscii?: NonAsciiForm;
}

/** The design brief's default (§4): RFC 8785 canonical JSON of the body without hash, base64. */
export const DEFAULT_SIGNING_INPUT: SigningInputSpec = {
  members: 'all-but-hash',
  canonicalForm: 'jcs',
  hashEncoding: 'base64',
};

const COVERED: readonly CoveredMembers[] = ['all-but-hash', 'all-but-public-key-and-hash'];
/** The canonical forms, sorted-compact both ways it can write text beyond ASCII. */
const FORM_CHOICES: readonly Pick<SigningInputSpec, 'canonicalForm' | 'nonAscii'>[] = [
  { canonicalForm: 'jcs' },
  { canonicalForm: 'sorted-compact' },
  { canonicalForm: 'sorted-compact', nonAscii: 'raw' },
  { canonicalForm: 'as-sent' },
];

/** Every signing input a profile can state: members × canonical form (and nonAscii) × hash encoding. */
export const SIGNING_INPUT_CHOICES: readonly SigningInputSpec[] = COVERED.flatMap((members) =>
  FORM_CHOICES.flatMap((form) => HASH_ENCODINGS.map((hashEncoding) => ({ members, ...form, hashEncoding }))),
);

/** Whether two signing inputs are the same choice (nonAscii counts only for sorted-compact). */
export function sameSigningInput(a: SigningInputSpec, b: SigningInputSpec): boolean {
  const raw = (spec: SigningInputSpec) => spec.canonicalForm === 'sorted-compact' && spec.nonAscii === 'raw';
  return (
    a.members === b.members &&
    a.canonicalForm === b.canonicalForm &&
    a.hashEncoding === b.hashEncoding &&
    raw(a) === raw(b)
  );
}

/**
 * Of the signing inputs a hash verifies under, the distinct choices: RFC 8785 and sorted-compact with raw text sign
 * the same bytes for every body of the interface (its member names are ASCII, where code point and UTF-16 orders
 * agree, and both write numbers as ECMAScript does), so where both verify, jcs (the design brief's) is kept. With
 * `sentCanonical` (a body whose bytes as sent may be a canonical form's own text), as-sent is dropped where a
 * canonical form verifies too.
 */
export function distinctChoices(verifying: readonly SigningInputSpec[], sentCanonical = false): SigningInputSpec[] {
  const alike = (a: SigningInputSpec, b: SigningInputSpec) =>
    a.members === b.members && a.hashEncoding === b.hashEncoding;
  return verifying.filter(
    (spec) =>
      !(
        (spec.canonicalForm === 'sorted-compact' &&
          spec.nonAscii === 'raw' &&
          verifying.some((other) => other.canonicalForm === 'jcs' && alike(other, spec))) ||
        (sentCanonical &&
          spec.canonicalForm === 'as-sent' &&
          verifying.some((other) => other.canonicalForm !== 'as-sent' && alike(other, spec)))
      ),
  );
}

/** The choice in a reader's words: `all-but-hash, sorted-compact (raw), base64url`. */
export function signingInputText(spec: SigningInputSpec): string {
  const raw = spec.canonicalForm === 'sorted-compact' && spec.nonAscii === 'raw' ? ' (raw)' : '';
  return `${spec.members}, ${spec.canonicalForm}${raw}, ${spec.hashEncoding}`;
}

/** A profile's signing settings (signing or postbacks), each optional. */
export interface SigningSettings {
  readonly members?: CoveredMembers;
  readonly canonicalForm?: CanonicalForm;
  readonly hashEncoding?: HashEncoding;
  readonly nonAscii?: NonAsciiForm;
}

/** What a party's hash covers and how it is written; the design brief's default for what the profile leaves out. */
export function signingInputSpec(signing: SigningSettings): SigningInputSpec {
  return {
    members: signing.members ?? DEFAULT_SIGNING_INPUT.members,
    canonicalForm: signing.canonicalForm ?? DEFAULT_SIGNING_INPUT.canonicalForm,
    hashEncoding: signing.hashEncoding ?? DEFAULT_SIGNING_INPUT.hashEncoding,
    // Only sorted-compact reads it: JCS writes text raw, as-sent as it was sent.
    ...(signing.canonicalForm === 'sorted-compact' && signing.nonAscii !== undefined
      ? { nonAscii: signing.nonAscii }
      : {}),
  };
}

/** A body as received (or as it will be sent): parsed, and its exact bytes when there are any. */
export interface SignedMessage {
  readonly body: Readonly<Record<string, unknown>>;
  readonly bytes?: Uint8Array | undefined;
}

export class SigningInputError extends Error {
  override readonly name = 'SigningInputError';
}

/** The members the hash does not cover. */
export function uncoveredMembers(spec: SigningInputSpec): ReadonlySet<string> {
  return new Set(spec.members === 'all-but-hash' ? [HASH_MEMBER] : [HASH_MEMBER, PUBLIC_KEY_MEMBER]);
}

/** The body without the members the hash does not cover. */
export function coveredBody(body: Readonly<Record<string, unknown>>, spec: SigningInputSpec): Record<string, unknown> {
  const uncovered = uncoveredMembers(spec);
  return Object.fromEntries(Object.entries(body).filter(([name]) => !uncovered.has(name)));
}

/**
 * The bytes a body's hash signs. For `as-sent` the message's bytes are needed (a body the kit itself sends goes out
 * as its JCS text, so for it the cut bytes equal the JCS of the covered members, which is what is signed).
 * Throws SigningInputError (or CanonicalizationError) when there is no such input: a verifier treats that as a
 * signature that does not verify.
 */
export function signingInputOf(spec: SigningInputSpec, message: SignedMessage): Buffer {
  switch (spec.canonicalForm) {
    case 'jcs':
      return Buffer.from(canonicalJson(coveredBody(message.body, spec)), 'utf8');
    case 'sorted-compact':
      return Buffer.from(sortedCompactJson(coveredBody(message.body, spec), spec.nonAscii), 'utf8');
    case 'as-sent': {
      if (message.bytes === undefined) {
        return Buffer.from(canonicalJson(coveredBody(message.body, spec)), 'utf8');
      }
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(message.bytes);
        return Buffer.from(cutMembers(text, uncoveredMembers(spec)), 'utf8');
      } catch (error) {
        if (error instanceof MemberCutError) throw new SigningInputError(`not one JSON object: ${error.message}`);
        throw new SigningInputError(`not UTF-8 text: ${(error as Error).message}`);
      }
    }
  }
}

/** The signing input of the design brief's default, for callers that only have a parsed body. */
export function signingInput(body: Readonly<Record<string, unknown>>): Buffer {
  return signingInputOf(DEFAULT_SIGNING_INPUT, { body });
}
