import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
  type SignPrivateKeyInput,
  type VerifyPublicKeyInput,
} from 'node:crypto';
import type { Secret } from '../../secrets/secret.js';
import { decodeHash, encodeHash, type HashEncoding } from '../hash-encoding.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from '../scheme.js';

/** The options crypto.sign and crypto.verify take beside the key (padding, salt length, ECDSA's signature form). */
type KeyOptions = Omit<SignPrivateKeyInput, 'key'> & Omit<VerifyPublicKeyInput, 'key'>;

interface AsymmetricOptions {
  readonly name: string;
  /** Node's key type, as KeyObject.asymmetricKeyType reports it. */
  readonly keyType: 'rsa' | 'ed25519' | 'ec';
  /** For ec: the curve, as KeyObject.asymmetricKeyDetails.namedCurve reports it. */
  readonly namedCurve?: string;
  /** Digest for crypto.sign; null for Ed25519, which hashes internally. */
  readonly digest: 'sha256' | null;
  /** How the signature's bytes are written in `hash` (the profile's hashEncoding). */
  readonly encoding: HashEncoding;
  /** What signing uses beside the key (RSA-PSS's padding and salt length, ECDSA's DER form). */
  readonly signOptions?: KeyOptions;
  /** What verifying uses beside the key, when it accepts more than the kit writes (any PSS salt length). */
  readonly verifyOptions?: KeyOptions;
}

/**
 * A public-key scheme: the `publicKey` member carries the whole PEM file of the signer's public key (§5.2), which
 * is also what verifies. Verification never throws: garbage keys and hashes simply do not verify.
 */
export function asymmetricScheme(options: AsymmetricOptions): SignatureScheme {
  const privateKeys = new WeakMap<Secret, KeyObject>();
  const publicKeys = new Map<string, KeyObject>();
  const keyFits = (key: KeyObject): boolean =>
    key.asymmetricKeyType === options.keyType &&
    (options.namedCurve === undefined || key.asymmetricKeyDetails?.namedCurve === options.namedCurve);
  const keyKind = options.namedCurve === undefined ? options.keyType : `${options.keyType} ${options.namedCurve}`;

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
      if (!keyFits(key)) return undefined;
      publicKeys.set(pem, key);
      return key;
    } catch {
      return undefined;
    }
  };

  return {
    name: options.name,
    sign(message: Uint8Array, credentials: SigningCredentials): string {
      const key = privateKeyOf(credentials.signingKey);
      return encodeHash(sign(options.digest, message, { ...options.signOptions, key }), options.encoding);
    },
    verify(message: Uint8Array, hash: string, key: VerificationKey): boolean {
      const signature = decodeHash(hash, options.encoding);
      const publicKey = publicKeyOf(key.publicKey);
      if (signature === undefined || publicKey === undefined) return false;
      try {
        const keyInput = { ...(options.verifyOptions ?? options.signOptions), key: publicKey };
        return verify(options.digest, message, keyInput, signature);
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
      if (!keyFits(privateKey)) {
        const curve = privateKey.asymmetricKeyDetails?.namedCurve;
        const found = `${privateKey.asymmetricKeyType ?? 'unknown'}${curve === undefined ? '' : ` ${curve}`}`;
        throw new Error(`the signing key is ${found}, not ${keyKind}`);
      }
      if (publicKeyOf(credentials.publicKey) === undefined) {
        throw new Error(`the public key is not a PEM ${keyKind} public key`);
      }
      const probe = Buffer.from('conformance-kit key pair probe');
      if (!this.verify(probe, this.sign(probe, credentials), credentials)) {
        throw new Error('the public key does not belong to the signing key');
      }
    },
  };
}
