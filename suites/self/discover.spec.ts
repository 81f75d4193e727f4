/**
 * `npm run discover` against both flavours of the sandbox, each started alone and given a profile with its paths
 * and keys but none of its open settings (and the design brief's default signing input): every setting of issue 16
 * must come back as the flavour's own profile states it — the flavour's truth — with evidence, and the proposed
 * profile must load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DISCOVERED_CONVENTIONS } from '../../src/discover/discover.js';
import { runKitCommand } from '../../fixtures/self/kit-command.js';
import { writeProfile } from '../../fixtures/self/profile-files.js';
import { kitPath } from '../../src/kit-root.js';
import { loadProfile, type ProfileSettings } from '../../src/profile/load-profile.js';
import { FLAVORS, type SandboxFlavor } from '../../src/sandbox/flavors/flavors.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/start-sandbox.js';
import { profileWithAbsolutePaths } from '../../src/profile/profile-copy.js';

/** The settings discover decides (issue 16, item 4; issue 37: the invalid body's status, what amounts[] covers). */
const CONVENTIONS = DISCOVERED_CONVENTIONS as readonly (keyof NonNullable<ProfileSettings['conventions']>)[];
const SIGNING = ['members', 'canonicalForm', 'hashEncoding'] as const;

const absolute = profileWithAbsolutePaths;

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-discover-'));
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the sandbox holds a SUCCESS payment; rejects, saying so, after `timeoutMs`. */
async function someSucceeded(sandbox: RunningSandbox, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (![...sandbox.context.payments.from()].some((p) => p.status === 'SUCCESS')) {
    if (Date.now() > deadline) throw new Error(`no payment of the sandbox succeeded within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const flavor of ['reference', 'foreign'] as const satisfies readonly SandboxFlavor[]) {
  test(`should propose every open setting of the ${flavor} flavour as its profile states it`, async () => {
    test.setTimeout(120_000);
    const truth = absolute(FLAVORS[flavor].profileFile);
    const sandbox = await startSandbox({ flavor, ...(flavor === 'reference' ? { clock: 'real' as const } : {}) });
    try {
      const { conventions: _open, $schema: _schema, ...known } = truth;
      const bare = writeProfile(path.join(dir, 'bare.json'), {
        ...known,
        signing: {
          scheme: truth.signing.scheme,
          publicKey: truth.signing.publicKey,
          signingKey: truth.signing.signingKey,
        },
        // The service's own signing input too: discover finds it on a postback of its own.
        postbacks: { scheme: truth.postbacks.scheme, servicePublicKey: truth.postbacks.servicePublicKey },
      });
      // Its payments settle on its real clock (another client's, four a second): amounts[] tells its unit only once
      // the set holds a succeeded payment, which a starved machine may not have reached when discover lists. A live
      // service is past that point; so is the test before it starts.
      if (flavor === 'foreign') await someSucceeded(sandbox, 30_000);
      const out = path.join(dir, 'proposed.json');
      const run = await runKitCommand('discover', ['--target', sandbox.url, '--profile', bare, '--out', out]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/: (\d+) of \1 settings proposed, 0 inconclusive/);
      const proposed = (await loadProfile(out)).settings;
      for (const name of CONVENTIONS) expect(proposed.conventions?.[name], name).toEqual(truth.conventions?.[name]);
      for (const name of SIGNING) expect(proposed.signing[name], name).toEqual(truth.signing[name] ?? defaultOf(name));
      for (const name of SIGNING) {
        expect(proposed.postbacks[name], `postbacks.${name}`).toEqual(truth.postbacks[name] ?? defaultOf(name));
      }
      // The retry schedule's start is seen on the probe's postbacks, never proposed: its end cannot be seen.
      expect(run.stdout).toMatch(/conventions\.postbackRetry: SEEN, NOT PROPOSED — attempts at \+0 ms, \+\d+ ms/);
      const evidence = JSON.parse(readFileSync(path.join(dir, 'proposed.evidence.json'), 'utf8')) as {
        decisions: { key: string; evidence: { request: string; status: number }[] }[];
      };
      for (const decision of evidence.decisions) expect(decision.evidence.length, decision.key).toBeGreaterThan(0);
      // The keys are the test keys of fixtures/keys; no private key text reaches the evidence.
      expect(readFileSync(path.join(dir, 'proposed.evidence.json'), 'utf8')).not.toContain('PRIVATE KEY');
    } finally {
      await sandbox.stop();
    }
  });
}

test('should say a probe is inconclusive instead of guessing, when no signing input verifies', async () => {
  test.setTimeout(60_000);
  const sandbox = await startSandbox({});
  try {
    const truth = absolute(kitPath('profiles', 'sandbox.json'));
    const wrongKey = writeProfile(path.join(dir, 'wrong.json'), {
      ...truth,
      // A key pair the sandbox never registered (profiles/sandbox.json signs with ed25519).
      signing: {
        scheme: 'rsa-sha256',
        publicKey: { file: kitPath('fixtures', 'keys', 'merchant-rsa.public.pem') },
        signingKey: { file: kitPath('fixtures', 'keys', 'merchant-rsa.private.pem') },
      },
    });
    const run = await runKitCommand('discover', [
      '--target',
      sandbox.url,
      '--profile',
      wrongKey,
      '--out',
      path.join(dir, 'p.json'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/: 0 of (\d+) settings proposed, \1 inconclusive/);
    expect(run.stdout).toMatch(/signing\.members: INCONCLUSIVE — no signing input verifies \(NO_KEY\)/);
    expect(run.stdout).toMatch(/conventions\.pageSize: INCONCLUSIVE — signed requests get 401 NO_KEY/);
  } finally {
    await sandbox.stop();
  }
});

test("should create no more payments than --max-creations allows, the postback probe's included", async () => {
  test.setTimeout(120_000);
  const sandbox = await startSandbox({ clock: 'real' });
  try {
    const file = writeProfile(path.join(dir, 'p.json'), absolute(kitPath('profiles', 'sandbox.json')));
    const created = () => [...sandbox.context.payments.from()].length;
    const none = await runKitCommand('discover', ['--target', sandbox.url, '--profile', file, '--max-creations', '0']);
    expect(none.code, none.stderr).toBe(0);
    expect(created(), 'payments created with --max-creations 0').toBe(0);
    expect(none.stdout).toMatch(
      /postbacks\.hashEncoding: INCONCLUSIVE — --max-creations leaves the postback probe no payment to create/,
    );
    const four = await runKitCommand('discover', ['--target', sandbox.url, '--profile', file, '--max-creations', '4']);
    expect(four.code, four.stderr).toBe(0);
    expect(created(), 'payments created with --max-creations 4').toBeLessThanOrEqual(4);
    // The postback probe got the one payment kept for it, and decided from its postback.
    expect(four.stdout).toMatch(/postbacks\.canonicalForm: "jcs"/);
  } finally {
    await sandbox.stop();
  }
});

test('should exit 2 with one line when the target cannot be reached', async () => {
  const file = writeProfile(path.join(dir, 'p.json'), absolute(kitPath('profiles', 'sandbox.json')));
  const run = await runKitCommand('discover', ['--target', 'http://127.0.0.1:1', '--profile', file]);
  expect(run.code).toBe(2);
  expect(run.stderr.trim()).toMatch(/^discover: the credentials preflight got no connection: .*ECONNREFUSED/);
});

function defaultOf(name: (typeof SIGNING)[number]): string {
  return { members: 'all-but-hash', canonicalForm: 'jcs', hashEncoding: 'base64' }[name];
}
