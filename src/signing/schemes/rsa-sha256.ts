import type { HashEncoding } from '../hash-encoding.js';
import { asymmetricScheme } from './asymmetric.js';
import type { SignatureScheme } from '../scheme.js';

/** RSASSA-PKCS1-v1_5 with SHA-256 over the signing input, written in the given encoding: the default scheme (design
 * brief §4, with base64). */
export const rsaSha256 = (encoding: HashEncoding): SignatureScheme =>
  asymmetricScheme({ name: 'rsa-sha256', keyType: 'rsa', digest: 'sha256', encoding });
