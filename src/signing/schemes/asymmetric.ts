import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Secret } from '../../secrets/secret.js';
import { decodeHash, encodeHash, type HashEncoding } from '../hash-encoding.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from '../scheme.js';

interface AsymmetricOptions {
  readonly name: string;
  /** Node's key type, as KeyObject.asymmetricKeyType reports it. */
  readonly keyType: 'rsa' | 'ed25519';
  /** Digest for crypto.sign; null for Ed25519, which hashes internally. */
  readonly digest: 'sha256' | null;
  /** How the signature's bytes are written in `hash` (the profile's hashEncoding). */
  readonly encoding: HashEncoding;
}

/**
 * A public-key scheme: the `publicKey` member carries the whole PEM file of the signer's public key (§5.2), which
 * is also what verifies. Verification never throws: garbage keys and hashes simply do not verify.
 */
export function asymmetricScheme(options: AsymmetricOptions): SignatureScheme {
  const privateKeys = new WeakMap<Secret, KeyObject>();
  const publicKeys = new Map<string, KeyObject>();

  const privateKeyOf = (secret: Secret): KeyObject => {
    let key = privateKeys.get(secret);
    if (key === undefined) {
      key = createPrivateKey(secret.reveal());
      privateKeys.set(secret, key);
    }
    return key;
  };

  const publicKeyOf = (pem: string): KeyObject | undefined => {
    const cached = publicKeys.get(pem);
    if (cached !== undefined) return cached;
    try {
      const key = createPublicKey(pem);
      if (key.asymmetricKeyType !== options.keyType) return undefined;
      publicKeys.set(pem, key);
      return key;
    } catch {
      return undefined;
    }
  };

  return {
    name: options.name,
    sign(message: Uint8Array, credentials: SigningCredentials): string {
      return encodeHash(sign(options.digest, message, privateKeyOf(credentials.signingKey)), options.encoding);
    },
    verify(message: Uint8Array, hash: string, key: VerificationKey): boolean {
      const signature = decodeHash(hash, options.encoding);
      const publicKey = publicKeyOf(key.publicKey);
      if (signature === undefined || publicKey === undefined) return false;
      try {
        return verify(options.digest, message, publicKey, signature);
      } catch {
        return false;
      }
    },
    checkCredentials(credentials: SigningCredentials): void {
      let privateKey: KeyObject;
      try {
        privateKey = privateKeyOf(credentials.signingKey);
      } catch (error) {
        throw new Error(`the signing key is not a PEM private key (${(error as Error).message})`);
      }
      if (privateKey.asymmetricKeyType !== options.keyType) {
        throw new Error(`the signing key is ${privateKey.asymmetricKeyType ?? 'unknown'}, not ${options.keyType}`);
      }
      if (publicKeyOf(credentials.publicKey) === undefined) {
        throw new Error(`the public key is not a PEM ${options.keyType} public key`);
      }
      const probe = Buffer.from('conformance-kit key pair probe');
      if (!this.verify(probe, this.sign(probe, credentials), credentials)) {
        throw new Error('the public key does not belong to the signing key');
      }
    },
  };
}
