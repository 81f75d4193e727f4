/**
 * What goes into the sandbox image, checked without Docker: the esbuild bundle runs on its own, outside the kit and
 * without node_modules, from the files the image copies (both flavours); its health check says whether it answers;
 * and the Node runtime's shared libraries are found for the FROM scratch image.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { bundleSandbox, copyAppFiles, sharedLibraries } from '../../../src/container/sandbox-image.js';

/**
 * Bundles the sandbox into a folder laid out as the image is, runs it there with `env` (and nothing of the kit's),
 * and hands `check` its URL; the process and the folder are gone afterwards.
 */
async function withBundledSandbox(
  env: Record<string, string>,
  check: (url: string, sandbox: ChildProcess, appDir: string) => Promise<void>,
): Promise<void> {
  const appDir = mkdtempSync(path.join(tmpdir(), 'kit-app-'));
  try {
    await bundleSandbox(appDir);
    copyAppFiles(appDir);
    const sandbox = spawn(process.execPath, [path.join(appDir, 'dist', 'sandbox.mjs')], {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', SANDBOX_PORT: '0', SANDBOX_HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => {
          reject(new Error(`no ready line within 20 s: ${output}`));
        }, 20_000);
        sandbox.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /listening on (http:\/\/\S+)/.exec(output);
          if (ready?.[1] !== undefined) {
            clearTimeout(timer);
            resolve(ready[1]);
          }
        });
        sandbox.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      });
      await check(url, sandbox, appDir);
    } finally {
      sandbox.kill('SIGKILL');
    }
  } finally {
    rmSync(appDir, { recursive: true, force: true });
  }
}

test('should run the bundled sandbox from the image layout alone, and report healthy only while it answers', async () => {
  test.setTimeout(60_000);
  await withBundledSandbox({}, async (url, sandbox, appDir) => {
    const answer = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'NOT_FOUND' });
    const port = new URL(url).port;
    const health = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(appDir, 'dist', 'healthcheck.mjs')], { env, timeout: 10_000 }).status;
    expect(health({ SANDBOX_PORT: port, SANDBOX_HOST: '0.0.0.0' })).toBe(0);
    sandbox.kill('SIGTERM');
    await new Promise((resolve) => sandbox.once('exit', resolve));
    expect(health({ SANDBOX_PORT: port })).toBe(1);
  });
});

test('should run the foreign flavour from the image layout when SANDBOX_FLAVOR says so', async () => {
  test.setTimeout(60_000);
  await withBundledSandbox({ SANDBOX_FLAVOR: 'foreign' }, async (url) => {
    // The foreign paths, and the body judged before the credentials: no lookup field is the foreign profile's 404.
    const answer = await fetch(`${url}/merchant-api/v2/payment/status`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(5_000),
    });
    expect([answer.status, await answer.json()]).toEqual([404, { error: 'NOT_FOUND' }]);
    const control = await fetch(`${url}/sandbox/v1/clock`, { signal: AbortSignal.timeout(5_000) });
    expect(control.status, 'no control API').toBe(404);
  });
});

test("should find the shared libraries of this machine's Node, its loader and libc included", () => {
  const libraries = sharedLibraries(process.execPath);
  expect(libraries.some((l) => /\/libc\.so\.6$/.test(l))).toBe(true);
  expect(libraries.some((l) => /\/ld-linux[^/]*\.so\.\d$/.test(l))).toBe(true);
  expect(libraries.every((l) => path.isAbsolute(l))).toBe(true);
});
