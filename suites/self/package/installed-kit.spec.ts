/**
 * The kit as a merchant installs it: packed (npm pack, which builds dist/), installed from the tarball into an empty
 * project, and run with npx from a folder of the merchant's, with a profile in another folder whose key paths are
 * relative to it. Playwright does not transpile TypeScript inside node_modules: this proves the package runs on
 * its compiled JavaScript alone, finds its own suites and schemas, and writes the reports where the user asked.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { packKit } from '../../../src/container/pack-kit.js';
import { kitPath } from '../../../src/kit-root.js';
import { runNode } from '../../../fixtures/self/kit-command.js';

let project: string;

const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, npm_config_yes: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** `npx payment-conformance …` in `cwd`, as the user types it. */
async function npx(cwd: string, args: readonly string[]) {
  const bin = path.join(project, 'node_modules', '.bin', 'payment-conformance');
  return runNode([bin, ...args], {}, 240_000, undefined, cwd);
}

test.beforeAll(() => {
  test.setTimeout(360_000);
  project = mkdtempSync(path.join(tmpdir(), 'kit-installed-'));
  const tarball = packKit(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'merchant-shop', private: true }));
  npm(['install', tarball], project);
});

test.afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

test('should ship compiled JavaScript only, with its schemas, profiles and the suites certify runs', () => {
  const installed = path.join(project, 'node_modules', 'payment-conformance-kit');
  const files = readdirSync(installed, { recursive: true }).map(String);
  // examples/ is documentation to read (a reference receiver, CI workflows), never run from the package.
  const sources = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('examples/'));
  expect(sources).toEqual([]);
  for (const expected of [
    'schemas/profile/profile.schema.json',
    'profiles/sandbox.json',
    'dist/playwright.config.js',
  ]) {
    expect(files).toContain(expected);
  }
  expect(files.some((f) => f.startsWith('dist/suites/') && f.endsWith('.spec.js'))).toBe(true);
  // The kit's own self-tests stay home.
  expect(files.some((f) => f.startsWith('dist/suites/meta/'))).toBe(false);
  expect(readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License');
});

test('should certify the embedded sandbox from a folder of the merchant (exit 0), reports written there', async () => {
  test.setTimeout(240_000);
  const work = path.join(project, 'ci');
  mkdirSync(work);
  // The profile elsewhere, its key files beside it: paths in a profile resolve against the profile's folder.
  const profiles = path.join(project, 'config', 'profiles');
  mkdirSync(profiles, { recursive: true });
  cpSync(kitPath('fixtures', 'keys'), path.join(project, 'config', 'fixtures', 'keys'), { recursive: true });
  cpSync(kitPath('profiles', 'sandbox.json'), path.join(profiles, 'shop.json'));

  const run = await npx(work, ['certify', '--profile', '../config/profiles/shop.json', '--out', 'out']);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
  expect(run.stdout).toContain('Conformance: CONFORMANT (exit 0)');
  expect(run.stdout).toContain('reports: out/conformance.{json,md,html}');
  const report = JSON.parse(readFileSync(path.join(work, 'out', 'conformance.json'), 'utf8')) as {
    summary: { fail: number; pass: number };
    profile: { file: string };
  };
  expect(report.summary.fail).toBe(0);
  expect(report.summary.pass).toBeGreaterThan(90);
  expect(report.profile.file).toBe(path.join('..', 'config', 'profiles', 'shop.json'));
});

test('should certify the embedded reference receiver (exit 0) and answer --version and --help', async () => {
  test.setTimeout(120_000);
  const run = await npx(project, ['certify-receiver', '--out', 'receiver']);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
  expect(existsSync(path.join(project, 'receiver', 'conformance.json'))).toBe(true);

  const version = await npx(project, ['--version']);
  const manifest = JSON.parse(readFileSync(kitPath('package.json'), 'utf8')) as { version: string };
  expect(version.stdout.trim()).toBe(manifest.version);
  const help = await npx(project, ['--help']);
  expect(help.code).toBe(0);
  for (const command of [
    'certify',
    'certify-receiver',
    'discover',
    'verify-package',
    'report diff',
    'openapi',
    'sign',
  ]) {
    expect(help.stdout).toContain(`  ${command} `);
  }
  const unknown = await npx(project, ['certfy']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('unknown command "certfy"');
});

test('should sign a body from standard input and export the contract with its signed examples, from the package', async () => {
  test.setTimeout(120_000);
  const bin = path.join(project, 'node_modules', '.bin', 'payment-conformance');
  const signed = await runNode([bin, 'sign'], {}, 60_000, undefined, project, '{"paymentId": "p-1"}');
  expect(signed.code, signed.stderr).toBe(0);
  const body = JSON.parse(signed.stdout) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['hash', 'paymentId', 'publicKey']);
  const exported = await npx(project, ['openapi', '--out', 'contract.json']);
  expect(exported.code, exported.stderr).toBe(0);
  const contract = JSON.parse(readFileSync(path.join(project, 'contract.json'), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples?: unknown }> } }>>;
  };
  const operations = Object.values(contract.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(4);
  for (const operation of operations) {
    expect(operation.requestBody.content['application/json']?.examples).toBeDefined();
  }
});
