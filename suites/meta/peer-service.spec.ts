/**
 * The kit against the independent Python service of ../shared/peers (design brief §9), as `npm test` can afford it:
 * `discover` proposes, from a profile that states none of them, the settings its README documents; and the peer
 * fault matrix (npm run peer-faults) runs, detects two of its faults through their requirements with nothing else
 * failing, and writes its table. `.ci/run` certifies the peer whole with one and two workers and runs all its faults.
 * Where ../shared/peers is absent these tests skip naming why; CI sets KIT_REQUIRE_PEERS=1, which makes them run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DISCOVERED_CONVENTIONS } from '../../src/discover/discover.js';
import { runKitCommand } from '../../fixtures/self/kit-command.js';
import { writeProfile } from '../../fixtures/self/profile-files.js';
import { PYTHON_SERVICE_PROFILE, pythonServiceDir, startPythonService } from '../../src/peers/python-service.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { profileWithAbsolutePaths } from '../../src/profile/profile-copy.js';
import { signingInputSpec, sameSigningInput } from '../../src/signing/signing-input.js';

const required = (process.env.KIT_REQUIRE_PEERS ?? '') === '1';

function needPeer(): void {
  const dir = pythonServiceDir();
  if (typeof dir === 'string') return;
  if (required) throw new Error(`KIT_REQUIRE_PEERS=1, yet ${dir.missing}`);
  test.skip(true, dir.missing);
}

test.describe('the independent Python service', () => {
  let out = '';

  test.beforeEach(() => {
    needPeer();
    out = mkdtempSync(path.join(tmpdir(), 'kit-peer-'));
  });

  test.afterEach(() => {
    if (out !== '') rmSync(out, { recursive: true, force: true });
    out = '';
  });

  test('should have discover propose the settings its README documents, from a profile that states none', async () => {
    test.setTimeout(120_000);
    const truth = profileWithAbsolutePaths(PYTHON_SERVICE_PROFILE);
    const { conventions: _stated, timing: _timing, ...known } = truth;
    const bare = writeProfile(path.join(out, 'bare.json'), {
      ...known,
      signing: {
        scheme: truth.signing.scheme,
        publicKey: truth.signing.publicKey,
        signingKey: truth.signing.signingKey,
      },
      postbacks: { scheme: truth.postbacks.scheme, servicePublicKey: truth.postbacks.servicePublicKey },
    });
    const peer = await startPythonService();
    try {
      const proposedFile = path.join(out, 'proposed.json');
      const run = await runKitCommand('discover', ['--target', peer.url, '--profile', bare, '--out', proposedFile]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/: (\d+) of \1 settings proposed, 0 inconclusive/);
      const proposed = (await loadProfile(proposedFile)).settings;
      // Every convention discover decides is the README's; the retry schedule is only seen (its end cannot be), and
      // the rest of the README's conventions are read from it, not probed.
      const pick = (conventions: object | undefined) =>
        Object.fromEntries(Object.entries(conventions ?? {}).filter(([name]) => DISCOVERED_CONVENTIONS.includes(name)));
      expect(pick(proposed.conventions)).toEqual(pick(truth.conventions));
      // The signing inputs verify what the README's do: jcs and sorted-compact with raw text sign alike here.
      for (const side of ['signing', 'postbacks'] as const) {
        const found = signingInputSpec(proposed[side]);
        const stated = signingInputSpec(truth[side]);
        expect(found.members, side).toBe(stated.members);
        expect(found.hashEncoding, side).toBe(stated.hashEncoding);
        expect(
          sameSigningInput(found, stated) || (found.canonicalForm === 'jcs' && stated.nonAscii === 'raw'),
          `${side}: ${JSON.stringify(found)} against the README's ${JSON.stringify(stated)}`,
        ).toBe(true);
      }
      expect(run.stdout).toMatch(/conventions\.postbackRetry: SEEN, NOT PROPOSED — attempts at \+0 ms, \+\d+ ms/);
    } finally {
      await peer.stop();
    }
  });

  test('should detect two of its faults through their requirements, and nothing else, in npm run peer-faults', async () => {
    test.setTimeout(300_000);
    const run = await runKitCommand('peer-faults', ['--fault', 'FX13', '--fault', 'FX17', '--out', out], {}, 280_000);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/FX13: detected by LIST-FILTER-CURRENCY \(/);
    expect(run.stdout).toMatch(/FX17: detected by AUTH-NO-TOKEN \(/);
    const report = JSON.parse(readFileSync(path.join(out, 'peer-faults.json'), 'utf8')) as {
      totals: { faults: number; detected: number; collateral: number; falseAlarms: number; ok: boolean };
    };
    expect(report.totals).toEqual(
      expect.objectContaining({ faults: 2, detected: 2, collateral: 0, falseAlarms: 0, ok: true }),
    );
  });
});

test('should refuse --with-faults without --certify, naming why', async () => {
  const run = await runKitCommand('peer-faults', ['--with-faults']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('--with-faults goes with --certify');
});
