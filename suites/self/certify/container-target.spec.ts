/**
 * `--target container:IMAGE` (issue 9): the sandbox image built with no registry (npm run image:build) is started in
 * host network mode, certified (its postbacks reach the capture server over loopback) and removed; a missing
 * image, a container that never gets ready and Ctrl-C all leave no container behind. Needs a Docker engine: where
 * there is none (a laptop without it) these tests skip with that reason. CI starts one and sets KIT_REQUIRE_DOCKER=1
 * (.ci/run): there an engine that does not answer fails the tests instead.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { GenericContainer, ImageName, type ContainerRuntimeClient } from 'testcontainers';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import { TARGET_ROLE } from '../../../src/container/container-target.js';
import { containersLabelled, dockerClient, KIT_ROLE_LABEL } from '../../../src/container/docker-env.js';
import { buildSandboxImage, DEFAULT_SANDBOX_IMAGE } from '../../../src/container/sandbox-image.js';

const dockerRequired = (process.env.KIT_REQUIRE_DOCKER ?? '') === '1';
const NEVER_READY_IMAGE = 'payment-sandbox:never-ready';

test.describe('certify --target container:IMAGE', () => {
  // One Docker engine, one image: these tests run in order in one worker, and count the kit's containers.
  test.describe.configure({ mode: 'default' });
  let docker: ContainerRuntimeClient | undefined;
  /** The test's report folder; empty until beforeEach makes it (a skipped test never does). */
  let out = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    docker = await dockerClient().catch((error: unknown) => {
      if (dockerRequired) throw error;
      return undefined;
    });
    if (docker === undefined) return;
    if (!(await docker.image.exists(ImageName.fromString(DEFAULT_SANDBOX_IMAGE)))) await buildSandboxImage();
    const context = mkdtempSync(path.join(tmpdir(), 'kit-never-ready-'));
    try {
      // The sandbox image whose process never says it listens.
      writeFileSync(
        path.join(context, 'Dockerfile'),
        `FROM ${DEFAULT_SANDBOX_IMAGE}\nENTRYPOINT ["/usr/local/bin/node", "-e", "setInterval(() => {}, 1000)"]\n`,
      );
      await GenericContainer.fromDockerfile(context).build(NEVER_READY_IMAGE, { deleteOnExit: false });
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });

  test.beforeEach(() => {
    test.skip(docker === undefined, 'no Docker engine answers on this machine (.ci/run starts one)');
    out = mkdtempSync(path.join(tmpdir(), 'kit-container-'));
  });

  test.afterEach(async () => {
    if (out !== '') rmSync(out, { recursive: true, force: true });
    out = '';
    if (docker !== undefined) {
      expect(await containersLabelled(docker, KIT_ROLE_LABEL, TARGET_ROLE), 'containers left behind').toEqual([]);
    }
  });

  test('should certify the sandbox image, postbacks included, and remove its container', async () => {
    test.setTimeout(180_000);
    const grep = '@req:(AUTH-NO-LOGIN|PB-SIGNATURE-VALID|LIST-PAGES-NO-GAP)(?=\\s|$)';
    const run = await runKitCommand('certify', [
      ...['--target', `container:${DEFAULT_SANDBOX_IMAGE}`, '--grep', grep, '--out', out],
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/certify: payment-sandbox:local started at http:\/\/127\.0\.0\.1:\d+/);
    const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as {
      target: { kind: string; image?: string; url: string };
      requirements: { id: string; verdict: string }[];
    };
    expect(report.target).toMatchObject({ kind: 'container', image: DEFAULT_SANDBOX_IMAGE });
    expect(report.target.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const verdicts = Object.fromEntries(report.requirements.map((r) => [r.id, r.verdict]));
    expect(verdicts).toMatchObject({
      'AUTH-NO-LOGIN': 'PASS',
      'PB-SIGNATURE-VALID': 'PASS',
      'LIST-PAGES-NO-GAP': 'PASS',
    });
  });

  test('should exit 2 with one line for an image that is not there', async () => {
    const run = await runKitCommand('certify', ['--target', 'container:payment-sandbox:no-such-tag', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'certify: image payment-sandbox:no-such-tag is not on this machine (npm run image:build builds payment-sandbox:local; or docker load/pull it)',
    );
  });

  test('should exit 2 with one line for a container that never gets ready', async () => {
    test.setTimeout(60_000);
    const run = await runKitCommand('certify', ['--target', `container:${NEVER_READY_IMAGE}`, '--out', out], {
      KIT_CONTAINER_STARTUP_TIMEOUT_MS: '3000',
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`certify: the container of ${NEVER_READY_IMAGE} did not get ready:`);
  });

  test('should remove a container caught starting when the run is interrupted', async () => {
    test.setTimeout(60_000);
    const run = await runKitCommand(
      'certify',
      ['--target', `container:${NEVER_READY_IMAGE}`, '--out', out],
      { KIT_CONTAINER_STARTUP_TIMEOUT_MS: '30000' },
      50_000,
      // Well after the container was created, well before its startup timeout.
      { when: /starting payment-sandbox:never-ready/, signal: 'SIGINT', afterMs: 2_000 },
    );
    expect(run.code, run.stdout + run.stderr).toBe(130);
  });

  test('should remove the container when the run is interrupted', async () => {
    test.setTimeout(120_000);
    const run = await runKitCommand(
      'certify',
      ['--target', `container:${DEFAULT_SANDBOX_IMAGE}`, '--out', out],
      {},
      110_000,
      { when: /started at http/, signal: 'SIGINT' },
    );
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(run.stderr).toContain("certify: SIGINT: stopping the run and the target's container");
  });
});
