/**
 * `npm run faults` as CI runs it (the full matrix is CI's gate, .ci/run; about three minutes on two cores): here on
 * a few faults of different areas, so that `npm test` shows the command runs the clean suites and each fault's
 * tests, writes a faults.json its schema accepts, prints the table and exits 0; and that a request it cannot carry
 * out is one line and exit 2. Its judgement (missed faults, false alarms, gaps) is tested in suites/self/faults.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../fixtures/self/kit-command.js';
import { getContract } from '../../src/contract/contract.js';

const FAULTS = ['auth-missing-publickey-gives-no-key', 'list-page-skip', 'postback-no-retry-after-timeout'];

test.describe('npm run faults', () => {
  test('should run the clean suites and each fault, detect them all, and write faults.json', async () => {
    test.setTimeout(400_000);
    const out = mkdtempSync(path.join(tmpdir(), 'kit-faults-'));
    try {
      const run = await runKitCommand(
        'faults',
        [...FAULTS.flatMap((f) => ['--fault', f]), '--out', out, '--workers', '2'],
        {},
        380_000,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('Fault matrix: OK (exit 0)');
      const json: unknown = JSON.parse(readFileSync(path.join(out, 'faults.json'), 'utf8'));
      const validation = getContract().validate('report/faults', json);
      if (!validation.ok) throw new Error(`faults.json breaks its schema: ${JSON.stringify(validation.findings)}`);
      const report = validation.value;
      expect(report.clean.fail).toBe(0);
      expect(report.clean.pass).toBeGreaterThan(100);
      expect(report.faults.map((f) => [f.name, f.detected])).toEqual(FAULTS.map((f) => [f, true]));
      for (const fault of report.faults) {
        expect(fault.by.length, fault.name).toBeGreaterThan(0);
        expect(fault.breaks, fault.name).toEqual(expect.arrayContaining(fault.by.map((b) => b.requirement)));
        expect(run.stdout).toContain(fault.name);
      }
      expect(report.summary).toEqual({ faults: 3, detected: 3, missed: 0, unobservable: 0, collateral: 0, ok: true });
      expect(report.scope).toBe('targeted');
      // A progress line per fault as it finishes, before the table.
      expect(run.stdout).toMatch(/^\[3\/3\] \S+: detected by /m);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('should run the whole suite under a fault with --full and find it through its requirement alone', async () => {
    test.setTimeout(400_000);
    const out = mkdtempSync(path.join(tmpdir(), 'kit-faults-'));
    try {
      // A fault only the passive checks of every exchange see outside its own test: the whole suite must find it
      // through BODY-JSON-MEDIA-TYPE and fail nothing else.
      const run = await runKitCommand(
        'faults',
        ['--full', '--fault', 'status-json-as-text-plain', '--out', out, '--workers', '2'],
        {},
        380_000,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const report = JSON.parse(readFileSync(path.join(out, 'faults.json'), 'utf8')) as {
        scope: string;
        faults: { detected: boolean; collateral: string[]; tests: number }[];
        summary: { collateral: number };
      };
      expect(report.scope).toBe('full');
      expect(report.faults[0]).toMatchObject({ detected: true, collateral: [] });
      expect(report.faults[0]?.tests, 'the whole suite ran under the fault').toBeGreaterThan(300);
      expect(report.summary.collateral).toBe(0);
      expect(run.stdout).toContain('whole suite per fault');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  for (const [name, args, message] of [
    [
      'an unknown fault',
      ['--fault', 'no-such-fault'],
      'faults: unknown fault no-such-fault (see src/sandbox/README.md)',
    ],
    ['a bad worker count', ['--workers', 'many'], 'faults: --workers must be a positive whole number (got many)'],
    ['an unknown flag', ['--bogus'], "faults: Unknown option '--bogus' (see --help)"],
    ['an unknown flavour', ['--flavor', 'exotic'], 'faults: --flavor must be reference or foreign (got exotic)'],
    [
      'a minimum on the reference',
      ['--min-detected', '3'],
      'faults: --min-detected is for --flavor foreign: on the reference every fault must be detected',
    ],
  ] as const) {
    test(`should exit 2 with one line for ${name}`, async () => {
      const run = await runKitCommand('faults', args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(message);
    });
  }
});
