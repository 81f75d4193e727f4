/**
 * No false alarms (design brief §8): what the kit could not decide is never a FAIL. A property stopped by its budget
 * is NOT VERIFIED with how many cases ran; a requirement resting on a convention the profile does not state is
 * UNSPECIFIED, and the checks that need it skip naming the setting. Each is shown end to end, through `certify` and its
 * conformance.json, with a profile that differs from the sandbox's in that one point.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../fixtures/self/kit-command.js';
import { sandboxProfileCopy, writeProfile } from '../../fixtures/self/profile-files.js';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-no-false-alarms-'));
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function reportIn(out: string): ConformanceReport {
  return JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
}

const requirementOf = (report: ConformanceReport, id: string) => report.requirements.find((r) => r.id === id);

test('should report a property its budget stopped as NOT VERIFIED with the cases that ran, never FAIL', async () => {
  test.setTimeout(120_000);
  const profile = sandboxProfileCopy();
  // A budget of one second for far more cases than fit in it.
  const file = writeProfile(path.join(dir, 'tight.json'), {
    ...profile,
    timing: { ...profile.timing, propertyBudgetMs: 1_000 },
    propertyRuns: { numRuns: 100_000, deepNumRuns: 100_000 },
  });
  const out = path.join(dir, 'report');
  const run = await runKitCommand('certify', [
    ...['--profile', file, '--out', out, '--workers', '1'],
    ...['--grep', 'for any set, take and filters, the list keeps exactly the filtered set'],
  ]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const requirement = requirementOf(reportIn(out), 'LIST-PAGES-NO-DUPLICATE');
  expect(requirement?.verdict).toBe('NOT VERIFIED');
  expect(requirement?.reason).toMatch(
    /every test of it was skipped: \d+ of 100000 cases ran, no counterexample: the property's budget ran out \(1 s: .*timing\.propertyBudgetMs 1000\); seed \d+/,
  );
  expect(requirement?.evidence).toEqual([]);
});

test('should report a requirement resting on a convention the profile does not state as UNSPECIFIED', async () => {
  test.setTimeout(120_000);
  const profile = sandboxProfileCopy();
  const { statusWithoutLookupField: _unstated, ...conventions } = profile.conventions ?? {};
  const file = writeProfile(path.join(dir, 'silent.json'), { ...profile, conventions });
  const out = path.join(dir, 'report');
  const run = await runKitCommand('certify', [
    ...['--profile', file, '--out', out, '--workers', '1'],
    ...['--grep', '@req:(STATUS|COMPLAINT)-NO-LOOKUP-FIELD(?=\\s|$)'],
  ]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = reportIn(out);
  for (const id of ['STATUS-NO-LOOKUP-FIELD', 'COMPLAINT-NO-LOOKUP-FIELD']) {
    const requirement = requirementOf(report, id);
    expect(requirement?.verdict, id).toBe('UNSPECIFIED');
    expect(requirement?.reason, id).toBe(
      'not declared by the profile: conventions.statusWithoutLookupField (the status of a lookup with no lookup field, §7)',
    );
    // Its test did not run, and said why.
    expect(
      requirement?.tests.map((t) => [t.status, t.skipReason]),
      id,
    ).toEqual([['skipped', requirement?.reason]]);
  }
  expect(report.conventions?.find((c) => c.name === 'statusWithoutLookupField')).toMatchObject({
    declared: false,
    value: null,
    requirements: ['STATUS-NO-LOOKUP-FIELD', 'COMPLAINT-NO-LOOKUP-FIELD'],
  });
  expect(report.conventions?.find((c) => c.name === 'listTimestampUnit')).toMatchObject({
    declared: true,
    value: 'ms',
  });
  expect(readFileSync(path.join(out, 'conformance.md'), 'utf8')).toContain(
    '| statusWithoutLookupField | the status of a lookup with no lookup field (§7) | not stated | STATUS-NO-LOOKUP-FIELD, COMPLAINT-NO-LOOKUP-FIELD |',
  );
});

test('should raise no FAIL at all against the sandbox with a profile that states no convention and one method', async () => {
  test.setTimeout(240_000);
  const { conventions: _none, ...profile } = sandboxProfileCopy();
  const file = writeProfile(path.join(dir, 'bare.json'), {
    ...profile,
    merchant: { ...profile.merchant, paymentMethods: { payIn: profile.merchant.paymentMethods.payIn } },
  });
  const out = path.join(dir, 'report');
  const run = await runKitCommand('certify', ['--profile', file, '--out', out, '--workers', '2'], {}, 230_000);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = reportIn(out);
  expect(
    report.requirements.filter((r) => r.verdict === 'FAIL').map((r) => `${r.id}: ${r.evidence[0]?.message ?? ''}`),
  ).toEqual([]);
  // What the profile leaves out shows as such, never as passed.
  expect(requirementOf(report, 'AUTH-CHECK-ORDER')?.verdict).toBe('UNSPECIFIED');
  expect(requirementOf(report, 'CREATE-PAYOUT-OK')?.verdict).toBe('NOT VERIFIED');
  expect(report.conventions?.every((c) => !c.declared)).toBe(true);
  expect(report.summary.pass).toBeGreaterThan(40);
});
