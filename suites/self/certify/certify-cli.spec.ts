/**
 * `npm run certify` as its users meet it: the exit codes of design brief §5, one clear line when a run cannot be
 * carried out, and a failure under a sandbox fault shown with its evidence in every report format.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { runCertify as certify } from '../../../fixtures/self/kit-command.js';
import { runPlaywright } from '../../../src/runner/playwright-run.js';

/** How many tests a whole certification selects. */
/** The tests a certification of the embedded sandbox runs: the conformance project's and (an external method) the page's. */
async function certifiedTestCount(): Promise<number> {
  const listing = await runPlaywright(['--list', '--project=conformance', '--project=browser'], { timeoutMs: 60_000 });
  return listing.tests.filter((t) => t.project === 'conformance' || t.project === 'browser').length;
}

test.describe('npm run certify', () => {
  test('should print its flags and examples with --help, and exit 0', async () => {
    const run = await certify(['--help']);
    expect(run.code).toBe(0);
    const flags = ['--target', '--profile', '--out', '--capture-public-url', '--grep', '--deep', '--workers'];
    for (const flag of [...flags, '--max-minutes', '--gate']) {
      expect(run.stdout).toContain(flag);
    }
    expect(run.stdout).toContain('Examples:');
  });

  for (const [name, args, message] of [
    ['an unknown flag', ['--bogus'], "certify: Unknown option '--bogus' (see --help)"],
    [
      'a profile that does not exist',
      ['--profile', '/nonexistent/profile.json'],
      'certify: profile /nonexistent/profile.json: cannot read the file (ENOENT)',
    ],
    [
      'an unreachable target',
      ['--target', 'http://127.0.0.1:1'],
      'certify: cannot reach the target at http://127.0.0.1:1: connect ECONNREFUSED',
    ],
    ['a bad port', ['--capture-port', 'eighty'], 'certify: --capture-port must be a port number (got eighty)'],
    [
      'a bad time limit',
      ['--max-minutes', 'soon'],
      'certify: --max-minutes must be a number of minutes, 0 for no limit (got soon)',
    ],
    ['a bad gate', ['--gate', 'lenient'], 'certify: --gate must be profile or spec (got lenient)'],
  ] as const) {
    test(`should exit 2 with one clear line for ${name}`, async () => {
      const run = await certify(args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toContain(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  }

  test('should exit 2 and say why when --grep selects no conformance test', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'kit-certify-'));
    try {
      const run = await certify(['--grep', 'NO-SUCH-TEST', '--out', out]);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain('Conformance: INCOMPLETE (exit 2)');
      expect(run.stdout).toContain('error: no conformance test was selected: nothing was certified (check --grep)');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('should stop at --max-minutes with exit 2, and report what ran without failing what did not', async () => {
    test.setTimeout(120_000);
    const out = mkdtempSync(path.join(tmpdir(), 'kit-certify-'));
    try {
      // Six seconds: a whole certification of the embedded sandbox takes about fifteen.
      const run = await certify(['--max-minutes', '0.1', '--out', out]);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stdout).toContain('Conformance: INCOMPLETE (exit 2)');
      expect(run.stdout).toContain('error: the run was stopped by its time limit (--max-minutes 0.1)');

      const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
      expect(report.outcome).toBe('incomplete');
      // A test the run stopped is no failure of the target, and no error line carries a colour code.
      expect(report.summary.fail).toBe(0);
      expect(report.errors?.join('\n')).not.toContain('\u001b[');
      const stopped = report.requirements.filter((r) => r.reason?.includes('the run was stopped before this test'));
      expect(stopped.length).toBeGreaterThan(0);
      for (const requirement of stopped) expect(requirement.verdict).toBe('NOT VERIFIED');
      // Every conformance test is accounted for, the ones never reached as skipped.
      const { passed, failed, skipped } = report.summary.tests;
      const listed = await certifiedTestCount();
      expect(passed + failed + skipped).toBe(listed);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('should exit 1 under a sandbox fault and show the failure with its evidence in every report', async () => {
    test.setTimeout(180_000);
    const out = mkdtempSync(path.join(tmpdir(), 'kit-certify-'));
    try {
      const run = await certify(['--grep', '@req:AUTH-NO-LOGIN(?=\\s|$)', '--out', out], {
        KIT_SANDBOX_FAULTS: 'auth-missing-publickey-gives-no-key',
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain('Conformance: NOT-CONFORMANT (exit 1)');
      const json = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as {
        outcome: string;
        requirements: { id: string; verdict: string; evidence: { response?: string }[] }[];
      };
      expect(json.outcome).toBe('not-conformant');
      const failed = json.requirements.find((r) => r.id === 'AUTH-NO-LOGIN');
      expect(failed?.verdict).toBe('FAIL');
      expect(failed?.evidence[0]?.response).toContain('{"error":"NO_KEY"}');
      for (const file of ['conformance.md', 'conformance.html', 'junit.xml']) {
        const text = readFileSync(path.join(out, file), 'utf8');
        expect(text, file).toContain('AUTH-NO-LOGIN');
        expect(text, file).toMatch(/NO_KEY/);
      }
      expect(readFileSync(path.join(out, 'html', 'index.html'), 'utf8')).toContain('<html');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('should exit 1 on a FAIL of a convention the profile states, and 0 for it with --gate spec', async () => {
    test.setTimeout(180_000);
    // AUTH-CHECK-ORDER is a profile-level requirement: the profile states authCheckOrder, the fault breaks it.
    const args = ['--grep', '@req:AUTH-CHECK-ORDER(?=\\s|$)'];
    const fault = { KIT_SANDBOX_FAULTS: 'auth-validation-first' };
    const read = (dir: string) =>
      JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
        outcome: string;
        gate: string;
        summary: { fail: number; failSpec: number };
      };
    const profileGate = mkdtempSync(path.join(tmpdir(), 'kit-gate-'));
    const specGate = mkdtempSync(path.join(tmpdir(), 'kit-gate-'));
    try {
      const strict = await certify([...args, '--out', profileGate], fault);
      expect(strict.code, strict.stderr).toBe(1);
      expect(read(profileGate)).toMatchObject({
        outcome: 'not-conformant',
        gate: 'profile',
        summary: { fail: 1, failSpec: 0 },
      });
      const spec = await certify([...args, '--gate', 'spec', '--out', specGate], fault);
      expect(spec.code, spec.stderr).toBe(0);
      expect(read(specGate), 'the FAIL is still reported').toMatchObject({
        outcome: 'conformant',
        gate: 'spec',
        summary: { fail: 1, failSpec: 0 },
      });
      expect(readFileSync(path.join(specGate, 'conformance.md'), 'utf8')).toContain(
        'AUTH-CHECK-ORDER (§5.4, §7): breaks a convention the profile states',
      );
    } finally {
      rmSync(profileGate, { recursive: true, force: true });
      rmSync(specGate, { recursive: true, force: true });
    }
  });
});
