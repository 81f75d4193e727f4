#!/usr/bin/env node
// The `payment-conformance-certify` command: runs scripts/certify.ts through tsx, from the kit's own folder.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'scripts', 'certify.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: process.cwd(),
  },
);
process.exitCode = result.status ?? 2;
