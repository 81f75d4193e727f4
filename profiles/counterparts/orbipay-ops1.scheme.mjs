// Orbipay's signing scheme OPS1, written from its merchant guide (counterparts/orbipay-service/README.md §3.3) as a
// merchant integrating with it would: ECDSA P-256 with SHA-256, DER, standard base64 with padding, over the
// "signing string" of the body without its top-level hash: every leaf as path=value (nested names joined with ".",
// array elements by index, strings verbatim, numbers as JavaScript prints them, true/false, null as ""), sorted by
// path in byte order and joined with "&". The kit's profile names this module (signing.scheme "custom").
import { createPrivateKey, createPublicKey, sign as signBytes, verify as verifyBytes } from 'node:crypto';

function leaves(path, value, out) {
  if (Array.isArray(value)) value.forEach((item, n) => leaves(`${path}.${n}`, item, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(`${path}.${key}`, item, out);
  } else if (value === null) out.push([path, '']);
  else if (typeof value === 'boolean') out.push([path, value ? 'true' : 'false']);
  else if (typeof value === 'string') out.push([path, value]);
  else out.push([path, String(value)]);
}

/** The OPS1 signing string of a body: its members but hash. */
export function signingString(body) {
  const out = [];
  for (const [key, value] of Object.entries(body)) if (key !== 'hash') leaves(key, value, out);
  const bytes = (text) => Buffer.from(text, 'utf8');
  out.sort((a, b) => Buffer.compare(bytes(a[0]), bytes(b[0])));
  return out.map(([path, value]) => `${path}=${value}`).join('&');
}

/** The body the hash covers: the signed one, or what arrived (its exact bytes, parsed). */
function bodyOf(context) {
  if (context?.bytes !== undefined) {
    try {
      return JSON.parse(Buffer.from(context.bytes).toString('utf8'));
    } catch {
      return undefined;
    }
  }
  return context?.body;
}

export default {
  name: 'orbipay-ops1',
  sign(_message, credentials, context) {
    const key = createPrivateKey(credentials.signingKey.reveal());
    return signBytes('sha256', Buffer.from(signingString(context.body), 'utf8'), { key, dsaEncoding: 'der' }).toString(
      'base64',
    );
  },
  verify(_message, hash, key, context) {
    try {
      const body = bodyOf(context);
      if (typeof body !== 'object' || body === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(hash)) return false;
      const publicKey = createPublicKey(key.publicKey);
      return verifyBytes(
        'sha256',
        Buffer.from(signingString(body), 'utf8'),
        { key: publicKey, dsaEncoding: 'der' },
        Buffer.from(hash, 'base64'),
      );
    } catch {
      return false;
    }
  },
  checkCredentials(credentials) {
    const privateKey = createPrivateKey(credentials.signingKey.reveal());
    const publicKey = createPublicKey(credentials.publicKey);
    if (privateKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyType !== 'ec') {
      throw new Error('OPS1 signs with ECDSA P-256 keys');
    }
  },
};
