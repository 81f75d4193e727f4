import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The kit's root folder, where schemas/, profiles/ and fixtures/ live: the nearest folder above this module that
 * holds schemas/. That is one level up from src/ when run from source, two from dist/src/ when built.
 */
function findKitRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    dir = path.dirname(dir);
    if (existsSync(path.join(dir, 'schemas'))) return dir;
  }
  throw new Error(`no schemas/ folder above ${fileURLToPath(import.meta.url)}`);
}

export const kitRoot: string = findKitRoot();

/** A path inside the kit, from its root. */
export function kitPath(...segments: string[]): string {
  return path.join(kitRoot, ...segments);
}
