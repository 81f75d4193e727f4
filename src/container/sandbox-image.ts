/**
 * The reference sandbox as an image built with no registry at all (npm run image:build): `FROM scratch` with the
 * Node runtime of this machine and the shared libraries it links to, the sandbox bundled into one file by esbuild
 * (no node_modules), and the files it reads at run time (schemas, the sandbox profile, its test-only keys). The
 * conventional Dockerfile at the kit's root builds the same app on node:20-slim for users with a registry.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GenericContainer } from 'testcontainers';
import { kitPath } from '../kit-root.js';
import { applyDockerDefaults } from './docker-env.js';

export const DEFAULT_SANDBOX_IMAGE = 'payment-sandbox:local';

/** The port the image's sandbox listens on unless SANDBOX_PORT says otherwise. */
export const IMAGE_DEFAULT_PORT = 4010;

/**
 * Files of the kit the sandbox reads at run time (kitPath): the contract, the profiles of its two flavours
 * (SANDBOX_FLAVOR=foreign picks the other) and its test-only keys.
 */
const APP_FILES = [
  'package.json',
  'schemas',
  'profiles/sandbox.json',
  'profiles/foreign-sandbox.json',
  'fixtures/keys',
];

/** Exit 0 when the sandbox answers anything over HTTP (any status: it is up), 1 otherwise. */
const HEALTHCHECK = `const port = process.env.SANDBOX_PORT || '${String(IMAGE_DEFAULT_PORT)}';
const host = process.env.SANDBOX_HOST === '0.0.0.0' || !process.env.SANDBOX_HOST ? '127.0.0.1' : process.env.SANDBOX_HOST;
fetch('http://' + host + ':' + port + '/', { signal: AbortSignal.timeout(2000) }).then(() => process.exit(0), () => process.exit(1));
`;

/** Bundles scripts/sandbox.ts and its dependencies into `<appDir>/dist/sandbox.mjs`, plus the health check. */
export async function bundleSandbox(appDir: string): Promise<void> {
  // esbuild is a tool of the kit's clone (a dev dependency): the installed package builds the kit's image only.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [kitPath('scripts', 'sandbox.ts')],
    outfile: path.join(appDir, 'dist', 'sandbox.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // CommonJS dependencies (ajv) call require(): give the ES module bundle one.
    banner: {
      js: "import { createRequire as __kitCreateRequire } from 'node:module'; const require = __kitCreateRequire(import.meta.url);",
    },
  });
  writeFileSync(path.join(appDir, 'dist', 'healthcheck.mjs'), HEALTHCHECK);
}

/** The app's files the bundle reads, copied under `appDir`. */
export function copyAppFiles(appDir: string): void {
  for (const file of APP_FILES) {
    cpSync(kitPath(file), path.join(appDir, file), { recursive: true });
  }
  // The image runs as an unprivileged user: it must be able to read the test-only keys (0600 in a checkout).
  execFileSync('chmod', ['-R', 'a+rX', appDir]);
}

/** The shared libraries `binary` links to, as `ldd` lists them (the loader included). */
export function sharedLibraries(binary: string): string[] {
  const output = execFileSync('ldd', [binary], { encoding: 'utf8' });
  return [...output.matchAll(/(\/\S+\.so[^\s]*)/g)].map((m) => m[1] ?? '').filter((lib) => lib !== '');
}

const DOCKERFILE = `# Built by npm run image:build (src/container/sandbox-image.ts): no base image, nothing pulled.
FROM scratch
COPY rootfs/ /
ENV LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu \\
    SANDBOX_HOST=127.0.0.1 \\
    SANDBOX_PORT=${String(IMAGE_DEFAULT_PORT)}
WORKDIR /app
USER 1000:1000
HEALTHCHECK --interval=5s --timeout=3s --start-period=5s CMD ["/usr/local/bin/node", "/app/dist/healthcheck.mjs"]
ENTRYPOINT ["/usr/local/bin/node", "/app/dist/sandbox.mjs"]
`;

/** This machine's Node binary at /usr/local/bin/node of `rootfs`, the shared libraries it links to, and /tmp. */
export function copyNodeRuntime(rootfs: string): void {
  const node = process.execPath;
  for (const file of [node, ...sharedLibraries(node)]) {
    const target = path.join(rootfs, file === node ? '/usr/local/bin/node' : file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  mkdirSync(path.join(rootfs, 'tmp'), { recursive: true, mode: 0o1777 });
}

/** Lays out the build context: rootfs/ (node, its libraries, /app) and the Dockerfile. */
export async function assembleScratchContext(contextDir: string): Promise<void> {
  const rootfs = path.join(contextDir, 'rootfs');
  copyNodeRuntime(rootfs);
  const appDir = path.join(rootfs, 'app');
  await bundleSandbox(appDir);
  copyAppFiles(appDir);
  writeFileSync(path.join(contextDir, 'Dockerfile'), DOCKERFILE);
}

/** Builds the scratch image and tags it; returns the size of its context in bytes. */
export async function buildSandboxImage(tag: string = DEFAULT_SANDBOX_IMAGE): Promise<{ contextBytes: number }> {
  applyDockerDefaults();
  const contextDir = mkdtempSync(path.join(tmpdir(), 'kit-image-'));
  try {
    await assembleScratchContext(contextDir);
    const contextBytes = Number(execFileSync('du', ['-sb', contextDir], { encoding: 'utf8' }).split('\t')[0]);
    await GenericContainer.fromDockerfile(contextDir).build(tag, { deleteOnExit: false });
    return { contextBytes: Number.isFinite(contextBytes) ? contextBytes : statSync(contextDir).size };
  } finally {
    rmSync(contextDir, { recursive: true, force: true });
  }
}
