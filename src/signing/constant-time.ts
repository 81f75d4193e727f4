import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two strings in time independent of where they differ. Both sides are hashed first so that their
 * lengths do not leak either.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a, 'utf8').digest();
  const digestB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(digestA, digestB);
}

/** Compares two byte strings in constant time; different lengths are simply unequal. */
export function constantTimeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
