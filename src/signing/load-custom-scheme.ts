import { pathToFileURL } from 'node:url';
import type { SignatureScheme } from './scheme.js';

export class CustomSchemeError extends Error {
  override readonly name = 'CustomSchemeError';
}

const SHAPE =
  'a default export { name: string, sign(message, credentials, context): string, verify(message, hash, key, context): boolean }';

/** Loads a custom signature scheme from a module (absolute path) and checks its shape before anything uses it. */
export async function loadCustomScheme(modulePath: string): Promise<SignatureScheme> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CustomSchemeError(`cannot load the signing module ${modulePath}: ${(error as Error).message}`);
  }
  const scheme = loaded.default as Partial<SignatureScheme> | undefined;
  if (
    typeof scheme !== 'object' ||
    typeof scheme.name !== 'string' ||
    typeof scheme.sign !== 'function' ||
    typeof scheme.verify !== 'function'
  ) {
    throw new CustomSchemeError(`the signing module ${modulePath} must have ${SHAPE}`);
  }
  return scheme as SignatureScheme;
}
