#!/usr/bin/env node
// payment-conformance <command>: the kit's command line (src/cli/main.ts). In a clone it runs the TypeScript sources
// through tsx; installed from the package it runs the compiled dist/ (Playwright does not transpile TypeScript inside
// node_modules, so the package ships JavaScript).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src', 'cli', 'main.ts');
let entry = path.join(root, 'dist', 'src', 'cli', 'main.js');
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = source;
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(
    `payment-conformance: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 2;
});
