import type { HashEncoding } from '../hash-encoding.js';
import { asymmetricScheme } from './asymmetric.js';
import type { SignatureScheme } from '../scheme.js';

/** Ed25519 (RFC 8032) over the signing input, written in the given encoding. */
export const ed25519 = (encoding: HashEncoding): SignatureScheme =>
  asymmetricScheme({ name: 'ed25519', keyType: 'ed25519', digest: null, encoding });
