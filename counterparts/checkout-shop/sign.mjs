// Signing helpers shared by the shop and the fake service.
// A signing configuration = { alg, input, encoding }:
//   alg      : "ed25519" | "rsa-sha256"  (RSASSA-PKCS1-v1_5 with SHA-256)
//   input    : "jcs-without-hash"            -> canonical JSON of the body minus member "hash"
//              "jcs-without-hash-publicKey"  -> canonical JSON of the body minus "hash" and "publicKey"
//   encoding : "base64" | "base64url" | "hex" -> how the signature bytes are written into "hash"
import crypto from 'node:crypto';
import fs from 'node:fs';

export const PROFILES = {
  'ed25519-jcs-b64': { alg: 'ed25519', input: 'jcs-without-hash', encoding: 'base64' },
  'rsa-jcs-hex': { alg: 'rsa-sha256', input: 'jcs-without-hash-publicKey', encoding: 'hex' },
};

export function resolveSigning(s) {
  const p = typeof s === 'string' ? PROFILES[s] : s;
  if (!p) throw new Error(`unknown signing profile ${JSON.stringify(s)}; known: ${Object.keys(PROFILES).join(', ')}`);
  if (!['ed25519', 'rsa-sha256'].includes(p.alg)) throw new Error(`bad signing.alg ${p.alg}`);
  if (!['jcs-without-hash', 'jcs-without-hash-publicKey'].includes(p.input)) throw new Error(`bad signing.input ${p.input}`);
  if (!['base64', 'base64url', 'hex'].includes(p.encoding)) throw new Error(`bad signing.encoding ${p.encoding}`);
  return { ...p };
}

// Canonical JSON (RFC 8785 style): object members sorted by UTF-16 code units, no whitespace,
// strings/numbers exactly as ECMAScript JSON.stringify writes them, members whose value is undefined dropped.
export function canon(v) {
  if (Array.isArray(v)) return '[' + v.map((x) => (x === undefined ? 'null' : canon(x))).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).filter((k) => v[k] !== undefined).sort()
      .map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

export function signingInput(body, signing) {
  const copy = { ...body };
  delete copy.hash;
  if (signing.input === 'jcs-without-hash-publicKey') delete copy.publicKey;
  return Buffer.from(canon(copy), 'utf8');
}

const ALG = { ed25519: null, 'rsa-sha256': 'sha256' };

export function signBody(body, signing, privateKey) {
  const sig = crypto.sign(ALG[signing.alg], signingInput(body, signing), privateKey);
  return sig.toString(signing.encoding);
}

function decodeSig(str, encoding) {
  if (typeof str !== 'string' || str.length === 0) return null;
  const re = { hex: /^(?:[0-9a-fA-F]{2})+$/, base64: /^[A-Za-z0-9+/]+={0,2}$/, base64url: /^[A-Za-z0-9_-]+={0,2}$/ }[encoding];
  if (!re.test(str)) return null;
  return Buffer.from(str, encoding);
}

export function verifyBody(body, signing, publicKey) {
  const sig = decodeSig(body.hash, signing.encoding);
  if (!sig) return false;
  try { return crypto.verify(ALG[signing.alg], signingInput(body, signing), publicKey, sig); } catch { return false; }
}

// Public-key "file contents" comparison: CRLF -> LF and trailing whitespace ignored, nothing else.
export const normKey = (s) => String(s).replace(/\r\n/g, '\n').replace(/\s+$/, '');

export function loadKeyFile(file) { return fs.readFileSync(file, 'utf8'); }

export function checkKeyType(keyObj, signing, what) {
  const want = signing.alg === 'ed25519' ? 'ed25519' : 'rsa';
  if (keyObj.asymmetricKeyType !== want) throw new Error(`${what} is ${keyObj.asymmetricKeyType}, signing.alg ${signing.alg} needs ${want}`);
}
