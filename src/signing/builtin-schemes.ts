import type { SignatureScheme } from './scheme.js';
import { ed25519 } from './schemes/ed25519.js';
import { hmacSha256 } from './schemes/hmac-sha256.js';
import { rsaSha256 } from './schemes/rsa-sha256.js';

export const BUILTIN_SCHEMES: Readonly<Record<string, SignatureScheme>> = {
  'rsa-sha256': rsaSha256,
  ed25519,
  'hmac-sha256': hmacSha256,
};
