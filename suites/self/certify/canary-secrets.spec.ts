/**
 * Secrets never reach a report (developers' guide; design brief §5). A certification runs against a hostile target:
 * a sandbox under two faults (so tests fail and evidence is written) behind a proxy that reflects the control token
 * into every answer. Its profile carries canaries for every secret (the merchant's signing secret, the service's
 * postback secret, the control token), and every file the run left is then searched for each, including the zip
 * inside Playwright's HTML report and base64-encoded forms. A marker that is not secret travels the same roads (a
 * client field value of every pay-in the tests create): finding it proves the search looks where a leak would be,
 * and finding the reflection redacted proves a secret did come back and was scrubbed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { runCertify } from '../../../fixtures/self/kit-command.js';
import { startReflectingProxy } from '../../../fixtures/self/reflecting-proxy.js';
import { filesContaining, placesContaining, readOutputFiles } from '../../../fixtures/self/report-files.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { REDACTED } from '../../../src/secrets/redaction.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

const canary = (what: string) => `canary-${what}-${randomBytes(12).toString('hex')}`;

interface CanaryProfile {
  readonly file: string;
  readonly secrets: Record<string, string>;
  readonly marker: string;
}

/** The sandbox profile with hmac signing both ways (so the secrets are plain strings) and canaries for every secret. */
function writeCanaryProfile(dir: string): CanaryProfile {
  const secrets = {
    merchantSigningSecret: canary('merchant-secret'),
    servicePostbackSecret: canary('service-secret'),
    controlToken: canary('control-token'),
    helperKey: canary('helper-key'),
  };
  const marker = `Ada Marker${randomBytes(6).toString('hex')}`;
  writeFileSync(path.join(dir, 'merchant.secret'), `${secrets.merchantSigningSecret}\n`);
  writeFileSync(path.join(dir, 'service.secret'), secrets.servicePostbackSecret);
  writeFileSync(path.join(dir, 'control.token'), secrets.controlToken);
  writeFileSync(path.join(dir, 'helper.key'), secrets.helperKey);
  const profile = JSON.parse(readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8')) as Record<string, unknown> & {
    merchant: { paymentMethods: { payIn: { clientFieldsValues: { key: string; value: string }[] } } };
  };
  delete profile.$schema;
  profile.signing = {
    scheme: 'hmac-sha256',
    publicKey: { value: 'canary-merchant-key-1' },
    signingKey: { file: 'merchant.secret' },
  };
  profile.postbacks = {
    scheme: 'hmac-sha256',
    servicePublicKey: { value: 'canary-service-key-1' },
    verificationKey: { file: 'service.secret' },
  };
  profile.control = { basePath: '/sandbox/v1', token: { file: 'control.token' } };
  // The test helpers' own header (outcome drivers): its key is a secret like the others.
  const outcomes = profile.outcomes as { httpHooks: { headers: Record<string, unknown> } };
  outcomes.httpHooks.headers = { 'X-Sandbox-Helper-Key': { file: 'helper.key' } };
  const [cardholder] = profile.merchant.paymentMethods.payIn.clientFieldsValues;
  if (cardholder === undefined) throw new Error('profiles/sandbox.json: the pay-in method lost its client fields');
  cardholder.value = marker;
  const file = path.join(dir, 'canary.profile.json');
  writeFileSync(file, JSON.stringify(profile, null, 2));
  return { file, secrets, marker };
}

test('should leave no secret in any output of a failing certification against a target that reflects them', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-canary-'));
  const profile = writeCanaryProfile(dir);
  const sandbox = await startSandbox({
    profile: await loadProfile(profile.file),
    faults: ['payment-drops-merchant-user-id', 'postback-bad-signature'],
    attemptTimeoutMs: 1_000,
  });
  const proxy = await startReflectingProxy(sandbox.url);
  try {
    const out = path.join(dir, 'reports');
    // The certification package too: its signing key is a secret like the others.
    const { privateKey } = generateKeyPairSync('ed25519');
    const packageKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(path.join(dir, 'package.key'), packageKey);
    const archive = path.join(dir, 'certification.zip');
    const run = await runCertify([
      ...['--target', proxy.url, '--profile', profile.file, '--out', out],
      ...['--package', archive, '--package-key', path.join(dir, 'package.key')],
      ...['--grep', '@req:(STATUS-ECHOES-MERCHANT-IDS|PB-SIGNATURE-VALID|ERROR-BODY-SHAPE)(?=\\s|$)'],
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(1);

    // Every file of the package, as a provider would unpack it, is searched with the run's outputs.
    for (const [name, bytes] of Object.entries(unzipSync(readFileSync(archive)))) {
      mkdirSync(path.dirname(path.join(out, 'unpacked', name)), { recursive: true });
      writeFileSync(path.join(out, 'unpacked', name), bytes);
    }
    const files = readOutputFiles(out);
    expect(files.map((f) => f.name)).toContain('unpacked/manifest.json');
    expect(filesContaining(files, profile.marker)).toContain('unpacked/reports/conformance.json');
    const names = files.map((f) => f.name);
    for (const expected of ['conformance.json', 'conformance.md', 'conformance.html', 'junit.xml', 'html/index.html']) {
      expect(names).toContain(expected);
    }
    // The HTML report's embedded data was opened and read.
    expect(names.some((n) => n.startsWith('html/index.html!'))).toBe(true);

    const reachedByMarker = filesContaining(files, profile.marker);
    expect(reachedByMarker).toEqual(expect.arrayContaining(['conformance.json', 'conformance.md', 'conformance.html']));
    expect(reachedByMarker.some((n) => n.startsWith('html/index.html!'))).toBe(true);
    const reflected = filesContaining(files, `Bearer ${REDACTED}`);
    expect(
      reflected.some((n) => n.startsWith('html/index.html!')),
      'the reflected token, redacted',
    ).toBe(true);

    const terminal = { name: 'terminal', text: run.stdout + run.stderr };
    for (const [name, secret] of Object.entries({ ...profile.secrets, packageKey })) {
      expect(placesContaining([...files, terminal], secret), `${name} leaked into`).toEqual([]);
    }
  } finally {
    await proxy.stop();
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
