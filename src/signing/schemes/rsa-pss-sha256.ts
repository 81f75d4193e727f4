import { constants } from 'node:crypto';
import type { HashEncoding } from '../hash-encoding.js';
import { asymmetricScheme } from './asymmetric.js';
import type { SignatureScheme } from '../scheme.js';

/** The salt length RFC 8017 §9.1 recommends (the digest's length), which receivers that fix one expect. */
const SALT_BYTES = 32;

/**
 * RSASSA-PSS with SHA-256 and MGF1-SHA-256 over the signing input, written in the given encoding. The kit signs with
 * a 32-byte salt; it verifies a signature with any salt length, since the salt is the signer's choice and a
 * verifier that recovers it from the signature (as OpenSSL does by default) accepts them all.
 */
export const rsaPssSha256 = (encoding: HashEncoding): SignatureScheme =>
  asymmetricScheme({
    name: 'rsa-pss-sha256',
    keyType: 'rsa',
    digest: 'sha256',
    encoding,
    signOptions: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: SALT_BYTES },
    verifyOptions: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO },
  });
