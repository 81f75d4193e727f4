import type { Secret } from '../secrets/secret.js';

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
 * A way to turn the signing input (canonical bytes, see signing-input.ts) into the `hash` member and back.
 * The interface does not show the algorithm (§5.3), so the profile picks a scheme; custom schemes are modules
 * that default-export an object of this shape.
 */
export interface SignatureScheme {
  readonly name: string;
  /** The value of the `hash` member for this message. */
  sign(message: Uint8Array, credentials: SigningCredentials): string;
  /** True only if `hash` is this scheme's signature of `message` under `key`. Never throws on bad input. */
  verify(message: Uint8Array, hash: string, key: VerificationKey): boolean;
  /** Throws a clear Error when the credentials cannot work (not a key, or a mismatched pair). */
  checkCredentials?(credentials: SigningCredentials): void;
}
