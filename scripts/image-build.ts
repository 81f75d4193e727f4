/**
 * payment-conformance image build [--kit] [--tag NAME:TAG] | --app-dir DIR
 *
 * Builds an image with no registry: the reference sandbox (src/container/sandbox-image.ts), tagged
 * payment-sandbox:local by default, or with --kit the kit itself (src/container/kit-image.ts), tagged
 * payment-conformance:local. Exit 2 with one line when there is no Docker engine. With --app-dir, only lays out the
 * sandbox app (the bundle, its health check and the files it reads) in DIR: the conventional Dockerfile's build
 * stage uses it, and it needs no Docker.
 */
import { parseArgs } from 'node:util';
import { DockerUnavailableError, dockerClient } from '../src/container/docker-env.js';
import { buildKitImage, DEFAULT_KIT_IMAGE } from '../src/container/kit-image.js';
import {
  buildSandboxImage,
  bundleSandbox,
  copyAppFiles,
  DEFAULT_SANDBOX_IMAGE,
} from '../src/container/sandbox-image.js';

const HELP = `Build an image with no registry (FROM scratch, this machine's Node runtime).

Usage: payment-conformance image build [--kit] [--tag NAME:TAG] | --app-dir DIR

  (no flag)      the reference sandbox, tagged ${DEFAULT_SANDBOX_IMAGE}: certify --target container:${DEFAULT_SANDBOX_IMAGE}
  --kit          the kit itself, tagged ${DEFAULT_KIT_IMAGE}: docker run --rm --network host -v "$PWD:/data"
                 ${DEFAULT_KIT_IMAGE} certify --target URL --profile /data/profile.json --out /data/reports
  --tag NAME:TAG another tag
  --app-dir DIR  only lay out the sandbox app in DIR (no Docker needed)
  --help         this text

Exit codes: 0 built; 2 no Docker engine answers, or the build failed.
`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tag: { type: 'string' },
      kit: { type: 'boolean' },
      'app-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(HELP);
    return 0;
  }
  const appDir = values['app-dir'];
  if (appDir !== undefined) {
    await bundleSandbox(appDir);
    copyAppFiles(appDir);
    process.stdout.write(`laid out the sandbox app in ${appDir}: node ${appDir}/dist/sandbox.mjs\n`);
    return 0;
  }
  await dockerClient();
  const started = Date.now();
  const tag = values.tag ?? (values.kit === true ? DEFAULT_KIT_IMAGE : DEFAULT_SANDBOX_IMAGE);
  const { contextBytes } = values.kit === true ? await buildKitImage(tag) : await buildSandboxImage(tag);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`built ${tag} (context ${(contextBytes / 1e6).toFixed(0)} MB) in ${seconds} s\n`);
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`image build: ${error instanceof DockerUnavailableError ? '' : 'failed: '}${message}\n`);
  return 2;
});
