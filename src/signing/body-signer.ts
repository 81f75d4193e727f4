import { constantTimeEqual } from './constant-time.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from './scheme.js';
import {
  DEFAULT_SIGNING_INPUT,
  HASH_MEMBER,
  PUBLIC_KEY_MEMBER,
  type SignedMessage,
  type SigningInputSpec,
  signingInputOf,
} from './signing-input.js';

/** Signs request bodies as one party (the merchant, or the service for postbacks). */
export class BodySigner {
  constructor(
    readonly scheme: SignatureScheme,
    private readonly credentials: SigningCredentials,
    /** What the hash covers and how it is written (the profile's members, canonicalForm, hashEncoding). */
    readonly input: SigningInputSpec = DEFAULT_SIGNING_INPUT,
  ) {}

  get publicKey(): string {
    return this.credentials.publicKey;
  }

  /**
   * The same party signing with another signing input (discovery tries each of them); a built-in scheme writes the
   * hash in the input's hashEncoding, so it comes along.
   */
  withInput(input: SigningInputSpec, scheme: SignatureScheme = this.scheme): BodySigner {
    return new BodySigner(scheme, this.credentials, input);
  }

  /**
   * The same party's signatures on bodies that name another publicKey: the body a receiver must refuse although its
   * hash verifies under the pinned key (§5.4: the publicKey is the pinned one, or the body is not the service's).
   */
  namingKey(publicKey: string): BodySigner {
    return new BodySigner(this.scheme, { ...this.credentials, publicKey }, this.input);
  }

  /** The hash of a message as its exact bytes (and body) stand, under this signer's signing input. */
  hashOf(message: SignedMessage): string {
    return this.scheme.sign(signingInputOf(this.input, message), this.credentials, message);
  }

  /** The body with `publicKey` set to this signer's key and `hash` over the members the profile says (§5.1–§5.3). */
  sign<T extends object>(fields: T): T & { publicKey: string; hash: string } {
    // A hash among the fields is dropped: the signature never covers a hash (§5.3).
    const { [HASH_MEMBER]: _stale, ...unsigned } = {
      ...fields,
      [PUBLIC_KEY_MEMBER]: this.credentials.publicKey,
    } as Record<string, unknown>;
    const hash = this.scheme.sign(signingInputOf(this.input, { body: unsigned }), this.credentials, { body: unsigned });
    return { ...unsigned, [HASH_MEMBER]: hash } as T & { publicKey: string; hash: string };
  }
}

/** Why a signed body does not verify, in the words of §5.4 where they apply. */
export type SignatureVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'no-public-key' | 'no-hash' | 'unknown-public-key' | 'bad-signature' };

export interface VerifyOptions {
  /** What the hash covers (default: the design brief's). */
  readonly input?: SigningInputSpec;
  /** The exact bytes the body arrived as: what an `as-sent` signature covers. */
  readonly bytes?: Uint8Array | undefined;
}

/**
 * Checks a received body: its `publicKey` must be the trusted key (compared in constant time), and its `hash`
 * must verify over the signing input. A body signed with another key that carries its own public key fails as
 * `unknown-public-key`, never as valid.
 */
export function verifyBody(
  body: Readonly<Record<string, unknown>>,
  scheme: SignatureScheme,
  trusted: VerificationKey,
  options: VerifyOptions = {},
): SignatureVerdict {
  const publicKey = body[PUBLIC_KEY_MEMBER];
  const hash = body[HASH_MEMBER];
  if (typeof publicKey !== 'string') return { valid: false, reason: 'no-public-key' };
  if (typeof hash !== 'string') return { valid: false, reason: 'no-hash' };
  if (!constantTimeEqual(publicKey, trusted.publicKey)) return { valid: false, reason: 'unknown-public-key' };
  return signatureHolds(body, hash, scheme, trusted, options)
    ? { valid: true }
    : { valid: false, reason: 'bad-signature' };
}

/** Only the signature: whether `hash` verifies over the body's signing input under `key`. Never throws. */
export function signatureHolds(
  body: Readonly<Record<string, unknown>>,
  hash: string,
  scheme: SignatureScheme,
  key: VerificationKey,
  options: VerifyOptions = {},
): boolean {
  const message = { body, bytes: options.bytes };
  let input: Buffer;
  try {
    input = signingInputOf(options.input ?? DEFAULT_SIGNING_INPUT, message);
  } catch {
    return false;
  }
  try {
    return scheme.verify(input, hash, key, message);
  } catch {
    // A custom scheme that throws on garbage has not verified anything.
    return false;
  }
}
