import { asymmetricScheme } from './asymmetric.js';

/** RSASSA-PKCS1-v1_5 with SHA-256 over the signing input, base64: the default scheme (design brief §4). */
export const rsaSha256 = asymmetricScheme({ name: 'rsa-sha256', keyType: 'rsa', digest: 'sha256' });
