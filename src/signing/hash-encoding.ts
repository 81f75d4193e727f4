/**
 * How the `hash` member writes the signature's bytes (§5.3 leaves the algorithm, and so its encoding, open): the
 * profile's `hashEncoding`. Decoding is strict: one text per signature, so two different hash strings can never
 * stand for the same bytes (Node's own decoders skip unknown characters and ignore stray bits).
 */
export type HashEncoding = 'base64' | 'base64url' | 'base64url-padded' | 'hex';

export const HASH_ENCODINGS: readonly HashEncoding[] = ['base64', 'base64url', 'base64url-padded', 'hex'];

const PATTERNS: Readonly<Record<HashEncoding, RegExp>> = {
  // Standard alphabet, padded.
  base64: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  // URL-safe alphabet, no padding (RFC 4648 §5; a length of 1 modulo 4 is no encoding of anything).
  base64url: /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/,
  // URL-safe alphabet with its = padding (RFC 4648 §5 keeps it; Python's urlsafe_b64encode writes it).
  'base64url-padded': /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$/,
  // Lower-case, two digits a byte.
  hex: /^(?:[0-9a-f]{2})*$/,
};

export function encodeHash(bytes: Uint8Array, encoding: HashEncoding): string {
  if (encoding === 'base64url-padded')
    return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  return Buffer.from(bytes).toString(encoding);
}

/**
 * The bytes a hash text stands for under the encoding, or undefined when it is not that encoding's one canonical
 * text of some bytes (wrong alphabet, padding where there is none, unused bits set).
 */
export function decodeHash(text: string, encoding: HashEncoding): Buffer | undefined {
  if (!PATTERNS[encoding].test(text)) return undefined;
  const bytes = Buffer.from(text, encoding === 'base64url-padded' ? 'base64url' : encoding);
  return encodeHash(bytes, encoding) === text ? bytes : undefined;
}
