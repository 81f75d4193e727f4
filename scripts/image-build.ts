/**
 * payment-conformance image build -- [--tag NAME:TAG] | --app-dir DIR
 *
 * Builds the reference sandbox as an image with no registry (src/container/sandbox-image.ts), tagged
 * payment-sandbox:local by default. Exit 2 with one line when there is no Docker engine. With --app-dir, only lays
 * out the app (the bundle, its health check and the files it reads) in DIR: the conventional Dockerfile's build
 * stage uses it, and it needs no Docker.
 */
import { parseArgs } from 'node:util';
import { DockerUnavailableError, dockerClient } from '../src/container/docker-env.js';
import {
  buildSandboxImage,
  bundleSandbox,
  copyAppFiles,
  DEFAULT_SANDBOX_IMAGE,
} from '../src/container/sandbox-image.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { tag: { type: 'string', default: DEFAULT_SANDBOX_IMAGE }, 'app-dir': { type: 'string' } },
  });
  const appDir = values['app-dir'];
  if (appDir !== undefined) {
    await bundleSandbox(appDir);
    copyAppFiles(appDir);
    process.stdout.write(`laid out the sandbox app in ${appDir}: node ${appDir}/dist/sandbox.mjs\n`);
    return 0;
  }
  await dockerClient();
  const started = Date.now();
  const { contextBytes } = await buildSandboxImage(values.tag);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`built ${values.tag} (context ${(contextBytes / 1e6).toFixed(0)} MB) in ${seconds} s\n`);
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`image:build: ${error instanceof DockerUnavailableError ? '' : 'failed: '}${message}\n`);
  return 2;
});
