import { createHmac } from 'node:crypto';
import type { Secret } from '../../secrets/secret.js';
import { decodeHash, encodeHash, type HashEncoding } from '../hash-encoding.js';
import { constantTimeEqualBytes } from '../constant-time.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from '../scheme.js';

/** Shorter shared secrets are guessable; 32 bytes is what HMAC-SHA256 wants. */
const MIN_SECRET_BYTES = 32;

/**
 * HMAC keyed with a shared secret (its UTF-8 bytes), SHA-256 or SHA-512, written in the given encoding. The
 * `publicKey` member carries the key id the service uses to look the secret up; it proves nothing by itself.
 */
function hmacScheme(digest: 'sha256' | 'sha512', encoding: HashEncoding): SignatureScheme {
  const mac = (message: Uint8Array, secret: Secret): Buffer =>
    createHmac(digest, Buffer.from(secret.reveal(), 'utf8')).update(message).digest();
  return {
    name: `hmac-${digest}`,
    sign(message: Uint8Array, credentials: SigningCredentials): string {
      return encodeHash(mac(message, credentials.signingKey), encoding);
    },
    verify(message: Uint8Array, hash: string, key: VerificationKey): boolean {
      const given = decodeHash(hash, encoding);
      if (given === undefined || key.secret === undefined) return false;
      return constantTimeEqualBytes(given, mac(message, key.secret));
    },
    checkCredentials(credentials: SigningCredentials): void {
      if (Buffer.byteLength(credentials.signingKey.reveal(), 'utf8') < MIN_SECRET_BYTES) {
        throw new Error(`the shared secret is shorter than ${MIN_SECRET_BYTES} bytes`);
      }
      if (credentials.publicKey.trim() === '') throw new Error('the key id (publicKey) is empty');
    },
  };
}

export const hmacSha256 = (encoding: HashEncoding): SignatureScheme => hmacScheme('sha256', encoding);
export const hmacSha512 = (encoding: HashEncoding): SignatureScheme => hmacScheme('sha512', encoding);
