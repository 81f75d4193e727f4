/**
 * Any network a merchant has (profile `tls`, HTTP_PROXY/HTTPS_PROXY/NO_PROXY): the embedded sandbox behind an HTTPS
 * front of a private CA, one that demands a client certificate, and a proxy that counts what it carried. A
 * certification through each passes; a wrong CA, a missing client certificate or a certificate for another host
 * stops the run at the preflight (exit 2) naming the TLS cause.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Tls } from '../../../generated/profile/profile.gen.js';
import { runCertify, runKitCommand } from '../../../fixtures/self/kit-command.js';
import { sandboxProfileCopy, writeProfile } from '../../../fixtures/self/profile-files.js';
import { countingProxy, httpsFront, makePki, type Pki } from '../../../fixtures/self/tls-lab.js';
import { startReceiver } from '../../../examples/receivers/reference-receiver.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/start-sandbox.js';

/** One quick requirement: what these tests prove is the way to the target, not the suites. */
const GREP = ['--grep', '@req:STATUS-NOT-FOUND(?=\\s|$)'];

let pki: Pki;
let sandbox: RunningSandbox;
let dir: string;

test.beforeAll(async () => {
  pki = makePki();
  dir = mkdtempSync(path.join(tmpdir(), 'kit-network-'));
  sandbox = await startSandbox({ profile: await loadProfile() });
});

test.afterAll(async () => {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(pki.dir, { recursive: true, force: true });
});

function profileWith(name: string, tls: Tls | undefined): string {
  const profile = sandboxProfileCopy();
  return writeProfile(path.join(dir, `${name}.json`), tls === undefined ? profile : { ...profile, tls });
}

function certify(target: string, profile: string, name: string, env: Record<string, string> = {}) {
  return runCertify(['--target', target, '--profile', profile, '--out', path.join(dir, name), ...GREP], env);
}

test.describe('HTTPS with a private CA', () => {
  test('should certify a target whose CA the profile names (tls.ca), and stop at the preflight without it', async () => {
    test.setTimeout(120_000);
    const front = await httpsFront(sandbox.url, pki);
    try {
      const trusted = await certify(front.url, profileWith('ca', { ca: { file: pki.caCert } }), 'ca');
      expect(trusted.code, trusted.stdout + trusted.stderr).toBe(0);
      expect(front.forwarded()).toBeGreaterThan(0);

      const untrusted = await certify(front.url, profileWith('no-ca', undefined), 'no-ca');
      expect(untrusted.code, untrusted.stdout).toBe(2);
      expect(untrusted.stderr).toMatch(/cannot reach the target .*TLS: .*CA the kit does not trust \(set tls\.ca\)/);

      const wrong = await certify(front.url, profileWith('wrong-ca', { ca: { file: pki.otherCaCert } }), 'wrong');
      expect(wrong.code, wrong.stdout).toBe(2);
      expect(wrong.stderr).toMatch(/TLS: .*CA the kit does not trust/);
    } finally {
      await front.close();
    }
  });

  test('should name a certificate for another host name', async () => {
    test.setTimeout(60_000);
    const front = await httpsFront(sandbox.url, pki, { cert: pki.otherHostCert, key: pki.otherHostKey });
    try {
      const run = await certify(front.url, profileWith('host', { ca: { file: pki.caCert } }), 'host');
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toMatch(/does not name the target's host name \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
    } finally {
      await front.close();
    }
  });

  test('should name an expired server certificate', async () => {
    test.setTimeout(60_000);
    const front = await httpsFront(sandbox.url, pki, { cert: pki.expiredCert, key: pki.expiredKey });
    try {
      const run = await certify(front.url, profileWith('expired', { ca: { file: pki.caCert } }), 'expired');
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toMatch(/TLS: the server certificate has expired \(CERT_HAS_EXPIRED\)/);
    } finally {
      await front.close();
    }
  });

  test('should say so in the warnings when the profile turns verification off', async () => {
    test.setTimeout(90_000);
    const front = await httpsFront(sandbox.url, pki);
    try {
      const run = await certify(front.url, profileWith('no-verify', { verify: false }), 'no-verify');
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout + run.stderr).toContain("tls.verify is false: the target's certificate was not checked");
    } finally {
      await front.close();
    }
  });
});

test.describe('mutual TLS', () => {
  test('should present the client certificate the profile names, and name the refusal without it', async () => {
    test.setTimeout(120_000);
    const front = await httpsFront(sandbox.url, pki, { requireClientCert: true });
    try {
      const withCertificate = await certify(
        front.url,
        profileWith('mtls', {
          ca: { file: pki.caCert },
          clientCertificate: { file: pki.clientCert },
          clientKey: { file: pki.clientKey },
        }),
        'mtls',
      );
      expect(withCertificate.code, withCertificate.stdout + withCertificate.stderr).toBe(0);

      const without = await certify(front.url, profileWith('no-client', { ca: { file: pki.caCert } }), 'no-client');
      expect(without.code, without.stdout).toBe(2);
      expect(without.stderr).toMatch(
        /cannot reach the target .*TLS: .*(demand a client certificate|CERTIFICATE_REQUIRED)/,
      );
    } finally {
      await front.close();
    }
  });
});

test.describe("a merchant's receiver over mutual TLS", () => {
  test('should deliver postbacks with the client certificate, and name the refusal without it', async () => {
    test.setTimeout(120_000);
    const servicePublicKey = readFileSync(kitPath('fixtures', 'keys', 'service-ed25519.public.pem'), 'utf8');
    const receiver = await startReceiver({ servicePublicKey });
    const front = await httpsFront(new URL(receiver.url).origin, pki, { requireClientCert: true });
    const url = `${front.url}${new URL(receiver.url).pathname}`;
    const run = (name: string, tls: Tls) =>
      runKitCommand('certify-receiver', [
        ...['--receiver', url, '--profile', profileWith(name, tls), '--out', path.join(dir, name)],
        ...['--grep', '@req:RECEIVER-REJECT-MISSING-HASH(?=\\s|$)'],
      ]);
    try {
      const mutual = await run('receiver-mtls', {
        ca: { file: pki.caCert },
        clientCertificate: { file: pki.clientCert },
        clientKey: { file: pki.clientKey },
      });
      expect(mutual.code, mutual.stdout + mutual.stderr).toBe(0);
      expect(front.forwarded()).toBeGreaterThan(1);

      const without = await run('receiver-no-client', { ca: { file: pki.caCert } });
      expect(without.code, without.stdout).toBe(2);
      expect(without.stderr).toMatch(/could not be reached: TLS: .*(demand a client certificate|CERTIFICATE_REQUIRED)/);
    } finally {
      await front.close();
      await receiver.close();
    }
  });
});

test.describe('an HTTP proxy', () => {
  test('should send every request to the target through HTTPS_PROXY, and none of them when NO_PROXY names it', async () => {
    test.setTimeout(120_000);
    const front = await httpsFront(sandbox.url, pki);
    const proxy = await countingProxy();
    const profile = profileWith('proxied', { ca: { file: pki.caCert } });
    try {
      const env = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: '' };
      const proxied = await certify(front.url, profile, 'proxied', env);
      expect(proxied.code, proxied.stdout + proxied.stderr).toBe(0);
      const host = new URL(front.url).host;
      expect(proxy.carried().get(host) ?? 0, 'connections tunnelled to the target').toBeGreaterThan(0);
      // The kit's own local servers (capture) are never proxied: only the target's host went through.
      expect([...proxy.carried().keys()]).toEqual([host]);

      const before = proxy.carried().get(host) ?? 0;
      const direct = await certify(front.url, profile, 'direct', { ...env, NO_PROXY: '127.0.0.1' });
      expect(direct.code, direct.stdout + direct.stderr).toBe(0);
      expect(proxy.carried().get(host) ?? 0).toBe(before);
    } finally {
      await proxy.close();
      await front.close();
    }
  });
});
