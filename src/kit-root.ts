import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the kit's root folder, where schemas/, profiles/ and fixtures/ live. */
export const kitRoot: string = fileURLToPath(new URL('../', import.meta.url));

/** A path inside the kit, from its root. */
export function kitPath(...segments: string[]): string {
  return path.join(kitRoot, ...segments);
}
