/**
 * The README's recipe for driving other tools with the export and the kit's signer (issue 40), run as written: the
 * shell block after its `recipe: sign-and-send` marker, with `npx payment-conformance` the kit of this clone, the
 * profile the sandbox's and $TARGET a sandbox of this test. The signed body must pass the service's authentication
 * (§5.4): the status check of a payment nobody created answers 404 NOT_FOUND (§7), not a 401.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kitPath, kitRoot } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

const MARKER = '<!-- recipe: sign-and-send';

/** The first ```sh block after the marker. */
function recipe(): string {
  const readme = readFileSync(kitPath('README.md'), 'utf8');
  const after = readme.slice(readme.indexOf(MARKER));
  const block = /```sh\n([\s\S]*?)```/.exec(after)?.[1];
  if (!readme.includes(MARKER) || block === undefined) throw new Error(`README.md has no sh block after ${MARKER}`);
  return block;
}

function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

test('should sign and send a body as the README shows, and the export it writes is there', async () => {
  test.skip(spawnSync('curl', ['--version']).error !== undefined, 'curl is not installed: the recipe sends with it');
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-recipe-'));
  const profile = await loadProfile();
  const sandbox = await startSandbox({ profile });
  try {
    const kit = `node ${JSON.stringify(path.join(kitRoot, 'bin', 'payment-conformance.mjs'))}`;
    const script = recipe()
      .replaceAll('npx payment-conformance', kit)
      .replaceAll('staging.json', JSON.stringify(kitPath('profiles', 'sandbox.json')));
    // The recipe's path is the sandbox's: the README shows the embedded sandbox's status check.
    expect(script).toContain(profile.settings.operations.paymentStatus.path);
    const run = await bash(script, dir, { TARGET: sandbox.url });
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ error: 'NOT_FOUND' });
    const exported = JSON.parse(readFileSync(path.join(dir, 'staging.openapi.json'), 'utf8')) as { openapi: string };
    expect(exported.openapi).toBe('3.1.0');
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
