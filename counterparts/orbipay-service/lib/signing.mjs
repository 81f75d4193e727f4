// Orbipay body signature ("hash"), scheme OPS1:
//   signing string = every leaf member of the JSON body except the top-level "hash",
//   written "path=value", sorted by path (ASCII byte order), joined with "&".
//   path  = member names joined with "." (array elements use their 0-based index)
//   value = strings verbatim; numbers in shortest JavaScript form; true/false; null -> ""
//   hash  = base64 (standard alphabet, padded) of the DER-encoded ECDSA P-256 / SHA-256
//           signature of the UTF-8 signing string.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

export function signingString(body) {
  const leaves = [];
  const walk = (value, path) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i)));
    } else if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) walk(value[k], path ? `${path}.${k}` : k);
    } else {
      leaves.push([path, value === null ? '' : typeof value === 'string' ? value : String(value)]);
    }
  };
  for (const k of Object.keys(body)) if (k !== 'hash') walk(body[k], k);
  leaves.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return leaves.map(([p, v]) => `${p}=${v}`).join('&');
}

export function makeSigner(privatePem) {
  const key = createPrivateKey(privatePem);
  return (body) =>
    sign('sha256', Buffer.from(signingString(body), 'utf8'), { key, dsaEncoding: 'der' }).toString('base64');
}

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function makeVerifier(publicPem) {
  const key = createPublicKey(publicPem);
  return (body) => {
    const h = body.hash;
    if (typeof h !== 'string' || h.length === 0 || !B64.test(h)) return false;
    try {
      return verify(
        'sha256',
        Buffer.from(signingString(body), 'utf8'),
        { key, dsaEncoding: 'der' },
        Buffer.from(h, 'base64'),
      );
    } catch {
      return false;
    }
  };
}

export const normalizeKey = (pem) => pem.replace(/\r\n/g, '\n').trim();
