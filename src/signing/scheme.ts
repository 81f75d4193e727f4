import type { Secret } from '../secrets/secret.js';
import type { SignedMessage } from './signing-input.js';

/** What a signer needs: the text of the publicKey member (§5.2) and the private key or shared secret. */
export interface SigningCredentials {
  readonly publicKey: string;
  readonly signingKey: Secret;
}

/**
 * What a verifier needs: the publicKey text it trusts (for asymmetric schemes, the PEM that verifies) and, for
 * symmetric schemes, the shared secret.
 */
export interface VerificationKey {
  readonly publicKey: string;
  readonly secret?: Secret | undefined;
}

/**
 * A way to turn the signing input (bytes, see signing-input.ts) into the `hash` member and back. The interface does
 * not show the algorithm (§5.3), so the profile picks a scheme; custom schemes are modules that default-export an
 * object of this shape. `message` is the signing input the profile's members and canonicalForm describe; `context`
 * carries the body itself (without hash, when signing) and, when verifying what arrived, its exact bytes, for a
 * scheme whose input is something else again.
 */
export interface SignatureScheme {
  readonly name: string;
  /** The value of the `hash` member for this message. */
  sign(message: Uint8Array, credentials: SigningCredentials, context?: SignedMessage): string;
  /** True only if `hash` is this scheme's signature of `message` under `key`. Never throws on bad input. */
  verify(message: Uint8Array, hash: string, key: VerificationKey, context?: SignedMessage): boolean;
  /** Throws a clear Error when the credentials cannot work (not a key, or a mismatched pair). */
  checkCredentials?(credentials: SigningCredentials): void;
}
