import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Playwright's command line, wherever npm put @playwright/test: inside the kit's own node_modules in a clone, hoisted
 * to the project's node_modules when the kit is installed as a dependency.
 */
export function playwrightCli(): string {
  return path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
}
