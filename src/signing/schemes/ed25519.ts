import { asymmetricScheme } from './asymmetric.js';

/** Ed25519 (RFC 8032) over the signing input, base64. */
export const ed25519 = asymmetricScheme({ name: 'ed25519', keyType: 'ed25519', digest: null });
