/**
 * How `--target container:IMAGE` is named. Apart from container-target.ts so that certify reads a target's name
 * without loading testcontainers (about half a second of every certification's start) unless it starts a container.
 */
export const CONTAINER_TARGET_PREFIX = 'container:';

/** The image of a `container:IMAGE` target. */
export function imageOf(target: string): string {
  return target.slice(CONTAINER_TARGET_PREFIX.length).trim();
}
