import type { HashEncoding } from './hash-encoding.js';
import type { SignatureScheme } from './scheme.js';
import { ed25519 } from './schemes/ed25519.js';
import { hmacSha256 } from './schemes/hmac-sha256.js';
import { rsaSha256 } from './schemes/rsa-sha256.js';

export type BuiltinSchemeName = 'rsa-sha256' | 'ed25519' | 'hmac-sha256';

const FACTORIES: Readonly<Record<BuiltinSchemeName, (encoding: HashEncoding) => SignatureScheme>> = {
  'rsa-sha256': rsaSha256,
  ed25519,
  'hmac-sha256': hmacSha256,
};

const made = new Map<string, SignatureScheme>();

export function isBuiltinScheme(name: string): name is BuiltinSchemeName {
  return Object.hasOwn(FACTORIES, name);
}

/** A built-in scheme writing its signatures in `encoding` (one instance per pair, so its key caches are shared). */
export function builtinScheme(name: BuiltinSchemeName, encoding: HashEncoding = 'base64'): SignatureScheme {
  const key = `${name}/${encoding}`;
  let scheme = made.get(key);
  if (scheme === undefined) {
    scheme = FACTORIES[name](encoding);
    made.set(key, scheme);
  }
  return scheme;
}
