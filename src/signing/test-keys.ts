/**
 * The kit's test-only keys (fixtures/keys: public, protecting nothing) for each built-in scheme and party: who the
 * kit signs as toward the embedded sandbox, the service key of its postbacks, and a stranger with keys of its own.
 */
import { readFileSync } from 'node:fs';
import { kitPath } from '../kit-root.js';
import { Secret } from '../secrets/secret.js';
import { type BuiltinSchemeName, SHARED_SECRET_SCHEMES } from './builtin-schemes.js';
import type { SigningCredentials, VerificationKey } from './scheme.js';

export type Party = 'merchant' | 'service' | 'stranger';

/** The pair a scheme uses: both RSA schemes share one RSA pair, both HMACs one secret. */
function family(scheme: BuiltinSchemeName): 'rsa' | 'ecdsa-p256' | 'ed25519' | 'hmac' {
  if (SHARED_SECRET_SCHEMES.has(scheme)) return 'hmac';
  if (scheme === 'rsa-sha256' || scheme === 'rsa-pss-sha256') return 'rsa';
  return scheme === 'ecdsa-p256' ? 'ecdsa-p256' : 'ed25519';
}

/** The path of a party's public key file (asymmetric schemes) or shared secret file (HMAC). */
export function testKeyPath(party: Party, scheme: BuiltinSchemeName, part: 'public' | 'private'): string {
  const kind = family(scheme);
  if (kind === 'hmac') return kitPath('fixtures', 'keys', `${party}-hmac.secret`);
  return kitPath('fixtures', 'keys', `${party}-${kind}.${part}.pem`);
}

/** What goes into the publicKey member: the PEM text, or for HMAC the party's key id. */
export function testPublicKeyText(party: Party, scheme: BuiltinSchemeName): string {
  if (SHARED_SECRET_SCHEMES.has(scheme)) return `${party}-hmac-key-1`;
  return readFileSync(testKeyPath(party, scheme, 'public'), 'utf8');
}

/** The private key (PEM) or the shared secret (its text without the file's newline). */
export function testSigningKey(party: Party, scheme: BuiltinSchemeName): Secret {
  const file = testKeyPath(party, scheme, 'private');
  const text = readFileSync(file, 'utf8');
  const origin = `fixtures/keys (${party}, ${scheme})`;
  return new Secret(SHARED_SECRET_SCHEMES.has(scheme) ? text.replace(/\n$/, '') : text, origin);
}

export function testCredentials(party: Party, scheme: BuiltinSchemeName): SigningCredentials {
  return { publicKey: testPublicKeyText(party, scheme), signingKey: testSigningKey(party, scheme) };
}

/** What a verifier that trusts this party holds. */
export function testVerificationKey(party: Party, scheme: BuiltinSchemeName): VerificationKey {
  return {
    publicKey: testPublicKeyText(party, scheme),
    secret: SHARED_SECRET_SCHEMES.has(scheme) ? testSigningKey(party, scheme) : undefined,
  };
}
