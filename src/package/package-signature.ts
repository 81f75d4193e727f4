import { createHash, sign, verify, type KeyObject } from 'node:crypto';

/** The digest crypto.sign takes for a key: none for the EdDSA curves (they hash inside), SHA-256 otherwise. */
function digestFor(key: KeyObject): 'sha256' | null {
  return key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'ed448' ? null : 'sha256';
}

/** How the package names a key's signature algorithm. */
export function algorithmOf(key: KeyObject): string {
  const type = key.asymmetricKeyType ?? 'unknown';
  return digestFor(key) === null ? type : `${type}-sha256`;
}

export function signBytes(bytes: Uint8Array, privateKey: KeyObject): string {
  return sign(digestFor(privateKey), bytes, privateKey).toString('base64');
}

/** Never throws: a malformed signature does not verify. */
export function verifyBytes(bytes: Uint8Array, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(digestFor(publicKey), bytes, publicKey, Buffer.from(signature.trim(), 'base64'));
  } catch {
    return false;
  }
}

/** SHA-256 of the key's SubjectPublicKeyInfo, hex: the same for the PEM whatever its line breaks. */
export function fingerprintOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function publicKeyPem(publicKey: KeyObject): string {
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
