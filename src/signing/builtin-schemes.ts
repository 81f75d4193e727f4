import type { HashEncoding } from './hash-encoding.js';
import type { SignatureScheme } from './scheme.js';
import { ecdsaP256 } from './schemes/ecdsa-p256.js';
import { ed25519 } from './schemes/ed25519.js';
import { hmacSha256, hmacSha512 } from './schemes/hmac.js';
import { rsaPssSha256 } from './schemes/rsa-pss-sha256.js';
import { rsaSha256 } from './schemes/rsa-sha256.js';

const FACTORIES = {
  'rsa-sha256': rsaSha256,
  'rsa-pss-sha256': rsaPssSha256,
  'ecdsa-p256': ecdsaP256,
  ed25519,
  'hmac-sha256': hmacSha256,
  'hmac-sha512': hmacSha512,
} as const satisfies Readonly<Record<string, (encoding: HashEncoding) => SignatureScheme>>;

/** The schemes a profile names without a module (§5.3 does not show the algorithm). */
export type BuiltinSchemeName = keyof typeof FACTORIES;

export const BUILTIN_SCHEME_NAMES = Object.keys(FACTORIES) as readonly BuiltinSchemeName[];

/** Schemes whose signatures are random (ECDSA, RSA-PSS): two signatures of one input differ, both valid. */
export const RANDOMISED_SCHEMES: ReadonlySet<BuiltinSchemeName> = new Set(['rsa-pss-sha256', 'ecdsa-p256']);

/** Schemes keyed by a shared secret, whose publicKey member is a key id. */
export const SHARED_SECRET_SCHEMES: ReadonlySet<BuiltinSchemeName> = new Set(['hmac-sha256', 'hmac-sha512']);

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
