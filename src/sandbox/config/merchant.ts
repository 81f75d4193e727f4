import type { SignatureScheme, VerificationKey } from '../../signing/scheme.js';
import type { SigningInputSpec } from '../../signing/signing-input.js';

/** A merchant registered with the sandbox: whose requests verify how, which methods it may use, where postbacks go. */
export interface Merchant {
  readonly id: string;
  /** The publicKey text its requests carry (§5.2): the whole public key file, or a key id for hmac. */
  readonly publicKey: string;
  readonly scheme: SignatureScheme;
  /** What its hashes cover and how they are written (the profile's signing settings). */
  readonly signingInput: SigningInputSpec;
  readonly verificationKey: VerificationKey;
  readonly allowedMethodIds: ReadonlySet<string>;
  /** The URL registered at onboarding (§6); the control API can change it. */
  postbackUrl: string | undefined;
}
