import { randomUUID } from 'node:crypto';

/**
 * A UUID v4 as a flat string. Node builds randomUUID()'s result as a chain of concatenated strings that V8 keeps
 * as it is: about 490 bytes per id instead of 65, which alone decides whether 100,000 payments fit in 200 MB
 * (sandbox benchmark). One copy through a latin1 buffer flattens it, for 0.4 µs.
 */
export function newId(): string {
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
}
