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

/** Whether this process runs the compiled kit (dist/, as the package ships it) rather than its TypeScript sources. */
export const runsCompiled: boolean = fileURLToPath(import.meta.url).endsWith('.js');

/**
 * A module of the kit named by its path from the root without extension (`src/report/secret-scrubber`), as this
 * process runs the kit: compiled under dist/, or the TypeScript source in a clone.
 */
export function kitModule(withoutExtension: string): string {
  return runsCompiled ? kitPath('dist', `${withoutExtension}.js`) : kitPath(`${withoutExtension}.ts`);
}

/** The kit's Playwright configuration, which every run of its suites names (the caller's folder may hold another). */
export const kitPlaywrightConfig: string = kitModule('playwright.config');
