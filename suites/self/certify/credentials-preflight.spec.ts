/**
 * The credentials preflight of `npm run certify` (issue 16): before any suite, one signed status check of an unknown
 * id. Wrong credentials stop the run within 10 s with one line naming the §7 code and its likely cause; a target
 * that reads them goes on. And the warnings for a user's usual mistakes on a target elsewhere.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import { sandboxProfileCopy, writeProfile } from '../../../fixtures/self/profile-files.js';
import { checkCredentials } from '../../../src/certify/credentials-check.js';
import { isLoopback, runWarnings } from '../../../src/certify/run-warnings.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile, type ServiceProfile } from '../../../src/profile/load-profile.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/start-sandbox.js';

let sandbox: RunningSandbox;
let dir: string;

test.beforeAll(async () => {
  sandbox = await startSandbox({ profile: await loadProfile() });
});

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-preflight-'));
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

test.afterAll(async () => {
  await sandbox.stop();
});

/** profiles/sandbox.json with `change` applied to its signing settings, written to a file of this test's. */
function profileWith(change: (signing: ServiceProfile['signing']) => ServiceProfile['signing']): string {
  const profile = sandboxProfileCopy();
  return writeProfile(path.join(dir, 'profile.json'), { ...profile, signing: change(profile.signing) });
}

/** A key pair the sandbox never registered (profiles/sandbox.json signs with ed25519). */
const OTHER_KEY = kitPath('fixtures', 'keys', 'merchant-rsa.public.pem');
const OTHER_SIGNER = kitPath('fixtures', 'keys', 'merchant-rsa.private.pem');

test.describe('the credentials preflight', () => {
  test('should stop the run with exit 2 in under 10 s naming NO_KEY when the publicKey is not the registered one', async () => {
    const file = profileWith((signing) => ({
      ...signing,
      scheme: 'rsa-sha256',
      publicKey: { file: OTHER_KEY },
      signingKey: { file: OTHER_SIGNER },
    }));
    const started = performance.now();
    const run = await runKitCommand('certify', ['--target', sandbox.url, '--profile', file, '--out', dir]);
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^certify: the credentials preflight got 401 NO_KEY from POST http:\/\/127\.0\.0\.1:\d+/);
    expect(lines[0]).toContain('signing.publicKey');
    // Not a timing assertion of performance: the bound on how long a user waits to learn the key is wrong.
    expect(seconds).toBeLessThan(10);
    expect(run.stdout).not.toContain('Running');
  });

  test('should name a PEM publicKey that lost its final newline as the likely cause of NO_KEY', async () => {
    const registered = readFileSync(kitPath('fixtures', 'keys', 'merchant-ed25519.public.pem'), 'utf8');
    const file = profileWith((signing) => ({ ...signing, publicKey: { env: 'KIT_TEST_MERCHANT_PEM' } }));
    const env = { KIT_TEST_MERCHANT_PEM: registered.replace(/\n$/, '') };
    const run = await runKitCommand('certify', ['--target', sandbox.url, '--profile', file, '--out', dir], env);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /got 401 NO_KEY .*likely cause: the PEM text of signing\.publicKey does not end with a newline/,
    );
  });

  test('should stop the run with exit 2 naming UNAUTHORIZED when the signing input differs from the target', async () => {
    const file = profileWith((signing) => ({ ...signing, canonicalForm: 'sorted-compact', hashEncoding: 'hex' }));
    const run = await runKitCommand('certify', ['--target', sandbox.url, '--profile', file, '--out', dir]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/the credentials preflight got 401 UNAUTHORIZED from POST .*: .*signing input/);
    expect(run.stderr).toContain('npm run discover');
  });

  test('should go on when the target answers 404 to the unknown id', async () => {
    const check = await checkCredentials(sandbox.url, await loadProfile());
    expect(check).toEqual({ ok: true, status: 404 });
  });

  test('should name a target that does not answer in time, within the preflight bound', async () => {
    const silent = await listening(createServer(() => undefined));
    try {
      const profile = await loadProfile();
      const check = await checkCredentials(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
        ...profile,
        settings: { ...profile.settings, timing: { ...profile.settings.timing, requestTimeoutMs: 300 } },
      });
      expect(check.ok).toBe(false);
      expect(check.ok ? '' : check.message).toMatch(
        /got no answer in time: POST .* no complete response within 300 ms/,
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  test('should name a target that refuses the connection', async () => {
    const check = await checkCredentials('http://127.0.0.1:1', await loadProfile());
    expect(check.ok ? '' : check.message).toMatch(/got no connection: .*ECONNREFUSED/);
  });

  test('should go on with a warning when the answer is neither 404 nor 401', async () => {
    const teapot = await listening(
      createServer((_request, response) => response.writeHead(418, { 'content-type': 'text/plain' }).end('no')),
    );
    try {
      const url = `http://127.0.0.1:${(teapot.address() as AddressInfo).port}`;
      const check = await checkCredentials(url, await loadProfile());
      expect(check.ok).toBe(true);
      expect(check.ok ? check.warning : '').toMatch(/got 418 from POST .*, not 404: check operations\.paymentStatus/);
    } finally {
      teapot.close();
    }
  });
});

test.describe('the warnings a run starts with', () => {
  test('should warn about a loopback capture URL, payouts and a local rate cap on a target elsewhere', async () => {
    const profile = await loadProfile();
    const warnings = runWarnings(profile, {
      target: 'https://staging.psp.example',
      captureHost: undefined,
      capturePublicUrl: undefined,
    });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/capture server listens on 127\.0\.0\.1 with no --capture-public-url/);
    expect(warnings[1]).toMatch(/payouts are allowed \(safety\.allowPayouts\) on staging\.psp\.example/);
    expect(warnings[2]).toMatch(/safety\.requestsPerSecond is \d+ on staging\.psp\.example/);
  });

  test('should not warn on this machine, nor about what the setting already took care of', async () => {
    const profile = await loadProfile();
    const here = { captureHost: undefined, capturePublicUrl: undefined };
    expect(runWarnings(profile, { target: undefined, ...here })).toEqual([]);
    expect(runWarnings(profile, { target: 'http://127.0.0.1:4010', ...here })).toEqual([]);
    expect(runWarnings(profile, { target: 'container:payment-sandbox:local', ...here })).toEqual([]);
    const careful = {
      ...profile,
      settings: {
        ...profile.settings,
        safety: { ...profile.settings.safety, allowPayouts: false, requestsPerSecond: 5 },
      },
    };
    const tunnelled = {
      target: 'https://staging.psp.example',
      captureHost: undefined,
      capturePublicUrl: 'https://t.example',
    };
    expect(runWarnings(careful, tunnelled)).toEqual([]);
  });

  test('should tell loopback hosts from others', () => {
    for (const host of ['127.0.0.1', '127.9.8.7', 'localhost', '[::1]', 'api.localhost'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['10.0.0.1', 'staging.psp.example', '128.0.0.1', 'localhost.example']) {
      expect(isLoopback(host)).toBe(false);
    }
  });
});

async function listening(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
