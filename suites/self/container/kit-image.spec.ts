/**
 * The kit's own image (payment-conformance image build --kit), run as the README shows: `docker run --rm --network
 * host -v "$PWD:/data" payment-conformance:local certify …`. Same exit codes, reports in the mounted folder, a
 * profile of the merchant's from that folder. Needs a Docker engine: where there is none these tests skip naming
 * why; CI starts one and sets KIT_REQUIRE_DOCKER=1, where an engine that does not answer fails them instead.
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ImageName, type ContainerRuntimeClient } from 'testcontainers';
import { dockerClient } from '../../../src/container/docker-env.js';
import { buildKitImage, DEFAULT_KIT_IMAGE } from '../../../src/container/kit-image.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/start-sandbox.js';

const dockerRequired = (process.env.KIT_REQUIRE_DOCKER ?? '') === '1';

interface DockerRun {
  readonly code: number;
  readonly output: string;
}

/** `docker run --rm --network host -v DIR:/data IMAGE args…`, as a user types it. */
async function dockerRun(dir: string, args: readonly string[]): Promise<DockerRun> {
  const run = ['run', '--rm', '--network', 'host', '-v', `${dir}:/data`, DEFAULT_KIT_IMAGE, ...args];
  try {
    const { stdout, stderr } = await promisify(execFile)('docker', run, { timeout: 240_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}

test.describe('the kit as an image', () => {
  test.describe.configure({ mode: 'default' });
  let docker: ContainerRuntimeClient | undefined;
  let dir = '';

  test.beforeAll(async () => {
    test.setTimeout(360_000);
    docker = await dockerClient().catch((error: unknown) => {
      if (dockerRequired) throw error;
      return undefined;
    });
    if (docker === undefined) return;
    // Built afresh: an image left by an earlier session would certify an older kit.
    await buildKitImage();
    expect(await docker.image.exists(ImageName.fromString(DEFAULT_KIT_IMAGE))).toBe(true);
  });

  test.beforeEach(() => {
    test.skip(docker === undefined, 'no Docker engine answers on this machine (.ci/run starts one)');
    dir = mkdtempSync(path.join(tmpdir(), 'kit-image-run-'));
    // The container writes as its own user: the mounted folder must take its files.
    chmodSync(dir, 0o777);
  });

  test.afterEach(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  test('should certify the embedded sandbox and write the reports and the package to the mounted folder', async () => {
    test.setTimeout(240_000);
    const run = await dockerRun(dir, ['certify', '--out', '/data/reports', '--package', '/data/cert.zip']);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.output).toContain('Conformance: CONFORMANT (exit 0)');
    // No browser in the image: the page checks skip, saying why, and nothing fails.
    const report = JSON.parse(readFileSync(path.join(dir, 'reports', 'conformance.json'), 'utf8')) as {
      summary: { fail: number };
    };
    expect(report.summary.fail).toBe(0);
    expect(existsSync(path.join(dir, 'cert.zip'))).toBe(true);
  });

  test('should certify a target by URL with a profile from the mounted folder, and exit 2 on an unreadable one', async () => {
    test.setTimeout(240_000);
    let sandbox: RunningSandbox | undefined;
    try {
      sandbox = await startSandbox({ profile: await loadProfile() });
      // The merchant's folder: the profile and its key files beside it (paths resolve against the profile's folder).
      cpSync(kitPath('profiles', 'sandbox.json'), path.join(dir, 'profiles', 'shop.json'));
      cpSync(kitPath('fixtures', 'keys'), path.join(dir, 'fixtures', 'keys'), { recursive: true });
      const profile = ['--profile', '/data/profiles/shop.json'];
      const grep = ['--grep', '@req:STATUS-NOT-FOUND(?=\\s|$)'];
      const run = await dockerRun(dir, ['certify', '--target', sandbox.url, ...profile, ...grep, '--out', '/data/r']);
      expect(run.code, run.output.slice(-3000)).toBe(0);
      expect(existsSync(path.join(dir, 'r', 'conformance.json'))).toBe(true);

      const broken = await dockerRun(dir, ['certify', '--target', sandbox.url, '--profile', '/data/none.json']);
      expect(broken.code).toBe(2);
      expect(broken.output).toMatch(/none\.json.*cannot read the file \(ENOENT\)/);
    } finally {
      await sandbox?.stop();
    }
  });
});
