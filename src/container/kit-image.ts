/**
 * The kit itself as an image, built with no registry (payment-conformance image build --kit): `FROM scratch` with
 * this machine's Node runtime and the kit installed from its own packed tarball under /app, as a merchant installs
 * it. `docker run --rm --network host -v "$PWD:/data" payment-conformance:local certify --target URL --profile
 * /data/profile.json --out /data/reports` runs the same command with the same exit codes and reports. The image
 * has no browser: the payment-page checks skip, naming why.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GenericContainer } from 'testcontainers';
import { applyDockerDefaults } from './docker-env.js';
import { packKit } from './pack-kit.js';
import { copyNodeRuntime } from './sandbox-image.js';

export const DEFAULT_KIT_IMAGE = 'payment-conformance:local';

const DOCKERFILE = `# Built by payment-conformance image build --kit (src/container/kit-image.ts): no base image, nothing pulled.
FROM scratch
COPY rootfs/ /
ENV LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu \\
    HOME=/tmp \\
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /data
ENTRYPOINT ["/usr/local/bin/node", "/app/node_modules/payment-conformance-kit/bin/payment-conformance.mjs"]
CMD ["--help"]
`;

const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    timeout: 300_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Lays out the build context: rootfs/ (node, its libraries, the kit installed under /app, /data) and the Dockerfile. */
export function assembleKitContext(contextDir: string): void {
  const rootfs = path.join(contextDir, 'rootfs');
  copyNodeRuntime(rootfs);
  const app = path.join(rootfs, 'app');
  mkdirSync(app, { recursive: true });
  mkdirSync(path.join(rootfs, 'data'), { recursive: true });
  chmodSync(path.join(rootfs, 'data'), 0o777);
  const tarball = packKit(contextDir);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'kit-image', private: true }));
  // No install scripts: the optional native helpers of the Docker client (container mode) are not needed here.
  npm(['install', '--omit=dev', '--ignore-scripts', tarball], app);
  writeFileSync(path.join(contextDir, 'Dockerfile'), DOCKERFILE);
  // The tarball is in the context, not in the image.
  writeFileSync(path.join(contextDir, '.dockerignore'), '*.tgz\n');
}

/** Builds the kit's image and tags it; returns the size of its context in bytes. */
export async function buildKitImage(tag: string = DEFAULT_KIT_IMAGE): Promise<{ contextBytes: number }> {
  applyDockerDefaults();
  const contextDir = mkdtempSync(path.join(tmpdir(), 'kit-self-image-'));
  try {
    assembleKitContext(contextDir);
    const contextBytes = Number(execFileSync('du', ['-sb', contextDir], { encoding: 'utf8' }).split('\t')[0]);
    await GenericContainer.fromDockerfile(contextDir).build(tag, { deleteOnExit: false });
    return { contextBytes };
  } finally {
    rmSync(contextDir, { recursive: true, force: true });
  }
}
