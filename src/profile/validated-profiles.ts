/**
 * Profiles this process or one of its ancestors already validated against the profile schema, by the sha256 of their
 * text. A certification loads its profile in every process it starts (certify, Playwright's runner, each worker), and
 * compiling the profile schema costs each about half a second of its start; a text validated once need not be
 * validated again by a process the validating one started. The digests travel in the environment, which every process
 * the kit starts inherits; a profile whose text changed since has another digest and is validated again.
 */
import { createHash } from 'node:crypto';

export const VALIDATED_PROFILES_ENV = 'KIT_VALIDATED_PROFILES';

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function digests(): string[] {
  return (process.env[VALIDATED_PROFILES_ENV] ?? '').split(',').filter((d) => d !== '');
}

/** Whether this exact profile text was validated in this process or one that started it. */
export function validatedBefore(text: string): boolean {
  return digests().includes(digestOf(text));
}

/** Records that this profile text passed validation, for this process and the processes it starts. */
export function recordValidated(text: string): void {
  const known = digests();
  const digest = digestOf(text);
  // A few profiles per run at most (a receiver's, a variant's); the list stays short.
  if (!known.includes(digest)) process.env[VALIDATED_PROFILES_ENV] = [...known.slice(-7), digest].join(',');
}
