/**
 * The certification package (certify --package, verify-package): a merchant's submission a provider can check with
 * the public key the merchant registered. Intact: exit 0 naming the outcome it attests; one byte changed in any file
 * of it, or another key: exit 1; not a package: exit 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import { runCertify, runKitCommand } from '../../../fixtures/self/kit-command.js';
import { kitPath } from '../../../src/kit-root.js';
import { MANIFEST_FILE, SIGNATURE_FILE, type PackageManifest } from '../../../src/package/package-format.js';
import { verifyPackage } from '../../../src/package/verify-package.js';

const merchantPublicKey = kitPath('fixtures', 'keys', 'merchant-ed25519.public.pem');
const strangerPublicKey = kitPath('fixtures', 'keys', 'stranger-ed25519.public.pem');

const DISCOVERED = { proposed: { conventions: { listTimestampUnit: 'ms' } } };

let dir: string;
let archive: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'kit-package-'));
  archive = path.join(dir, 'certification.zip');
  // What discover proposed, as the merchant keeps it beside the profile.
  writeFileSync(path.join(dir, 'shop.discovered.json'), JSON.stringify(DISCOVERED));
  const run = await runCertify([
    ...['--grep', '@req:STATUS-NOT-FOUND(?=\\s|$)', '--out', path.join(dir, 'reports')],
    ...['--package', archive, '--discovered', path.join(dir, 'shop.discovered.json')],
  ]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/package: .*certification\.zip \(\d+ files, signed by ed25519 key [0-9a-f]{16}…\)/);
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function entriesOf(file: string): Record<string, Uint8Array> {
  return unzipSync(readFileSync(file));
}

function rewritten(name: string, entries: Record<string, Uint8Array>): string {
  const file = path.join(dir, name);
  writeFileSync(file, zipSync(entries));
  return file;
}

test('should hold a manifest naming the run, the profile and every file with its SHA-256', () => {
  const entries = entriesOf(archive);
  const manifest = JSON.parse(Buffer.from(entries[MANIFEST_FILE] ?? []).toString('utf8')) as PackageManifest;
  expect(manifest.outcome).toBe('conformant');
  expect(manifest.kit.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(manifest.kit.commit).not.toBe('');
  expect(manifest.command).toEqual(expect.arrayContaining(['--package', archive]));
  expect(manifest.profile.file).toBe('profiles/sandbox.json');
  expect(manifest.profile.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(manifest.signer.publicKey.replace(/\s/g, '')).toBe(readFileSync(merchantPublicKey, 'utf8').replace(/\s/g, ''));
  const names = manifest.files.map((f) => f.path);
  expect(names).toEqual(
    expect.arrayContaining(['reports/conformance.json', 'reports/junit.xml', 'discovered/shop.discovered.json']),
  );
  expect(manifest.discovered).toEqual(DISCOVERED);
  expect(Object.keys(entries).sort()).toEqual([MANIFEST_FILE, SIGNATURE_FILE, ...names].sort());
});

test('should verify intact with the merchant key and print what it attests (exit 0)', async () => {
  const run = await runKitCommand('verify-package', [archive, '--public-key', merchantPublicKey]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Package intact \(exit 0\): \d+ files, signed by ed25519 key [0-9a-f]{64}/);
  expect(run.stdout).toContain('attests: CONFORMANT for target');
});

test('should find a one-byte change in every file of the package, the manifest and its signature included', () => {
  const entries = entriesOf(archive);
  for (const name of Object.keys(entries)) {
    // An empty file (no postbacks captured) changes by gaining its one byte.
    const bytes = entries[name]?.length ? Uint8Array.from(entries[name]) : Uint8Array.of(0x0a);
    const middle = Math.floor(bytes.length / 2);
    if (entries[name]?.length) bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    const result = verifyPackage(
      rewritten('changed.zip', { ...entries, [name]: bytes }),
      readFileSync(merchantPublicKey, 'utf8'),
    );
    expect(result.verdict, name).toBe('altered');
  }
});

test('should find a file added to or removed from the package', () => {
  const entries = entriesOf(archive);
  const key = readFileSync(merchantPublicKey, 'utf8');
  const added = verifyPackage(rewritten('added.zip', { ...entries, 'reports/extra.txt': Buffer.from('x') }), key);
  expect(added.verdict === 'altered' && added.problems).toEqual([
    'reports/extra.txt: in the archive, not in the manifest',
  ]);
  const { ['reports/junit.xml']: _removed, ...rest } = entries;
  const removed = verifyPackage(rewritten('removed.zip', rest), key);
  expect(removed.verdict === 'altered' && removed.problems).toEqual([
    'reports/junit.xml: listed in the manifest, missing from the archive',
  ]);
});

test('should take a hostile manifest for an altered package, never crash on it', () => {
  const entries = entriesOf(archive);
  const manifest = JSON.parse(Buffer.from(entries[MANIFEST_FILE] ?? []).toString('utf8')) as PackageManifest;
  const hostile = {
    ...manifest,
    files: [
      ...manifest.files,
      { path: 'constructor', sha256: '0', bytes: 1 },
      { path: '__proto__', sha256: '0', bytes: 1 },
    ],
  };
  const result = verifyPackage(
    rewritten('hostile.zip', { ...entries, [MANIFEST_FILE]: Buffer.from(JSON.stringify(hostile)) }),
    readFileSync(merchantPublicKey, 'utf8'),
  );
  expect(result.verdict).toBe('altered');
  expect(result.verdict === 'altered' && result.problems).toEqual(
    expect.arrayContaining([
      'constructor: listed in the manifest, missing from the archive',
      '__proto__: listed in the manifest, missing from the archive',
    ]),
  );
});

test('should refuse a package signed by another key (exit 1) and name what is not a package (exit 2)', async () => {
  const other = await runKitCommand('verify-package', [archive, '--public-key', strangerPublicKey]);
  expect(other.code, other.stderr).toBe(1);
  expect(other.stdout).toMatch(/manifest\.sig does not verify with the given key .*another key signed it/);

  const garbage = path.join(dir, 'garbage.zip');
  writeFileSync(garbage, 'not a zip at all');
  const unreadable = await runKitCommand('verify-package', [garbage, '--public-key', merchantPublicKey]);
  expect(unreadable.code).toBe(2);
  expect(unreadable.stderr).toMatch(/is not a zip archive/);

  const noManifest = rewritten('empty.zip', { 'reports/a.txt': Buffer.from('a') });
  const without = await runKitCommand('verify-package', [noManifest, '--public-key', merchantPublicKey]);
  expect(without.code).toBe(2);
  expect(without.stderr).toMatch(/holds no manifest\.json/);
});

test("should package a receiver's certification too", async () => {
  test.setTimeout(120_000);
  const receiverArchive = path.join(dir, 'receiver.zip');
  const run = await runKitCommand('certify-receiver', [
    ...['--grep', '@req:RECEIVER-REJECT-MISSING-HASH(?=\\s|$)', '--out', path.join(dir, 'receiver')],
    ...['--package', receiverArchive],
  ]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const result = verifyPackage(receiverArchive, readFileSync(merchantPublicKey, 'utf8'));
  expect(result.verdict).toBe('intact');
  expect(result.verdict === 'intact' && result.manifest.target).toMatchObject({ kind: 'receiver' });
});

test('should stop before the run when the profile holds no key a provider can verify (exit 2)', async () => {
  const hmacProfile = path.join(dir, 'hmac.json');
  const profile = JSON.parse(readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8')) as Record<string, unknown>;
  profile.signing = { scheme: 'hmac-sha256', publicKey: { value: 'k1' }, signingKey: { env: 'KIT_TEST_UNUSED' } };
  writeFileSync(hmacProfile, JSON.stringify(profile));
  const run = await runCertify(['--profile', hmacProfile, '--package', path.join(dir, 'never.zip')]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--package: the profile holds no merchant private key .*give --package-key FILE/);
});
