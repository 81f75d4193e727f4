import type { HashEncoding } from '../hash-encoding.js';
import { asymmetricScheme } from './asymmetric.js';
import type { SignatureScheme } from '../scheme.js';

/**
 * ECDSA on P-256 (prime256v1) with SHA-256 over the signing input, the signature DER-encoded (SEQUENCE { r, s },
 * 70–72 bytes, as OpenSSL and Node write it), written in the given encoding. ECDSA signatures are randomised: the
 * known answers verify a signature OpenSSL made rather than compare the kit's with it.
 */
export const ecdsaP256 = (encoding: HashEncoding): SignatureScheme =>
  asymmetricScheme({
    name: 'ecdsa-p256',
    keyType: 'ec',
    namedCurve: 'prime256v1',
    digest: 'sha256',
    encoding,
    signOptions: { dsaEncoding: 'der' },
  });
