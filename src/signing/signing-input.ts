import { canonicalJson } from './canonical-json.js';

/** The member of a signed body that carries the signature; it is the one member not signed (§5.3). */
export const HASH_MEMBER = 'hash';

/** The bytes a body's hash signs: the canonical JSON of the body without its hash member, UTF-8. */
export function signingInput(body: Readonly<Record<string, unknown>>): Buffer {
  const { [HASH_MEMBER]: _hash, ...signed } = body;
  return Buffer.from(canonicalJson(signed), 'utf8');
}
