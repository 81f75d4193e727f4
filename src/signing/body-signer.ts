import { constantTimeEqual } from './constant-time.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from './scheme.js';
import { HASH_MEMBER, signingInput } from './signing-input.js';

/** Signs request bodies as one party (the merchant, or the service for postbacks). */
export class BodySigner {
  constructor(
    readonly scheme: SignatureScheme,
    private readonly credentials: SigningCredentials,
  ) {}

  get publicKey(): string {
    return this.credentials.publicKey;
  }

  /** The body with `publicKey` set to this signer's key and `hash` over everything else (§5.1–§5.3). */
  sign<T extends object>(fields: T): T & { publicKey: string; hash: string } {
    // A hash among the fields is dropped: the signature covers everything but the hash (§5.3).
    const { [HASH_MEMBER]: _stale, ...unsigned } = { ...fields, publicKey: this.credentials.publicKey } as Record<
      string,
      unknown
    >;
    const hash = this.scheme.sign(signingInput(unsigned), this.credentials);
    return { ...unsigned, [HASH_MEMBER]: hash } as T & { publicKey: string; hash: string };
  }
}

/** Why a signed body does not verify, in the words of §5.4 where they apply. */
export type SignatureVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'no-public-key' | 'no-hash' | 'unknown-public-key' | 'bad-signature' };

/**
 * Checks a received body: its `publicKey` must be the trusted key (compared in constant time), and its `hash`
 * must verify over the body without `hash`. A body signed with another key that carries its own public key
 * fails as `unknown-public-key`, never as valid.
 */
export function verifyBody(
  body: Readonly<Record<string, unknown>>,
  scheme: SignatureScheme,
  trusted: VerificationKey,
): SignatureVerdict {
  const publicKey = body.publicKey;
  const hash = body[HASH_MEMBER];
  if (typeof publicKey !== 'string') return { valid: false, reason: 'no-public-key' };
  if (typeof hash !== 'string') return { valid: false, reason: 'no-hash' };
  if (!constantTimeEqual(publicKey, trusted.publicKey)) return { valid: false, reason: 'unknown-public-key' };
  let input: Buffer;
  try {
    input = signingInput(body);
  } catch {
    return { valid: false, reason: 'bad-signature' };
  }
  return scheme.verify(input, hash, trusted) ? { valid: true } : { valid: false, reason: 'bad-signature' };
}
