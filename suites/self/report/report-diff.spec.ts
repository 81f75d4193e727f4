/**
 * `npm run report:diff` on crafted pairs of reports: a regression (exit 1), a new FAIL (exit 1), a fix and identical
 * reports (exit 0), and unreadable input (exit 2, one line).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import { sampleReport } from '../../../fixtures/self/sample-report.js';
import type { ConformanceReport, RequirementResult } from '../../../generated/report/conformance.gen.js';
import { diffReports } from '../../../src/report-diff/report-diff.js';
import { reportDiff } from '../../../src/report-diff/report-diff-cli.js';

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-diff-'));
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The sample report with some requirements' verdicts changed. */
function withVerdicts(changes: Readonly<Record<string, RequirementResult['verdict']>>): ConformanceReport {
  const report = sampleReport();
  return {
    ...report,
    requirements: report.requirements.map((r) => {
      const verdict = changes[r.id];
      if (verdict === undefined) return r;
      return verdict === 'FAIL'
        ? { ...r, verdict, evidence: [{ test: 't', message: `${r.id} broke\nmore` }] }
        : verdict === 'PASS'
          ? { ...r, verdict, evidence: [], reason: undefined }
          : { ...r, verdict, evidence: [], reason: 'skipped: the profile names no payOut method' };
    }) as RequirementResult[],
  };
}

function written(name: string, report: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof report === 'string' ? report : JSON.stringify(report));
  return file;
}

test.describe('report:diff', () => {
  test('should exit 1 on PASS → FAIL and PASS → NOT VERIFIED, naming each with why', () => {
    const base = withVerdicts({ 'CREATE-PAYIN-OK': 'PASS', 'LIST-TAKE': 'PASS' });
    const head = withVerdicts({ 'CREATE-PAYIN-OK': 'FAIL', 'LIST-TAKE': 'NOT VERIFIED' });
    const diff = diffReports(base, head);
    expect(diff.regressions.map((c) => [c.id, c.base, c.head, c.reason])).toEqual([
      ['CREATE-PAYIN-OK', 'PASS', 'FAIL', 'CREATE-PAYIN-OK broke'],
      ['LIST-TAKE', 'PASS', 'NOT VERIFIED', 'skipped: the profile names no payOut method'],
    ]);
    const md = path.join(dir, 'diff.md');
    expect(reportDiff([written('base.json', base), written('head.json', head), '--md', md])).toBe(1);
    expect(readFileSync(md, 'utf8')).toContain('| CREATE-PAYIN-OK | §4.1 | PASS | FAIL | CREATE-PAYIN-OK broke |');
  });

  test('should exit 1 on a new FAIL where the base had no verdict to lose', () => {
    const base = withVerdicts({ 'LIST-TAKE': 'NOT VERIFIED' });
    const head = withVerdicts({ 'LIST-TAKE': 'FAIL' });
    const diff = diffReports(base, head);
    expect(diff.newFails.map((c) => [c.id, c.base, c.head])).toEqual([['LIST-TAKE', 'NOT VERIFIED', 'FAIL']]);
    expect(diff.regressions).toEqual([]);
    expect(reportDiff([written('base.json', base), written('head.json', head)])).toBe(1);
  });

  test('should exit 0 on a fix, listing it, and on identical reports', () => {
    const base = sampleReport();
    const failed = base.requirements.filter((r) => r.verdict === 'FAIL').map((r) => r.id);
    expect(failed.length).toBeGreaterThan(0);
    const head = withVerdicts(Object.fromEntries(failed.map((id) => [id, 'PASS'])));
    const diff = diffReports(base, head);
    expect(diff.fixed.map((c) => c.id)).toEqual(failed);
    expect(reportDiff([written('base.json', base), written('head.json', head)])).toBe(0);
    expect(reportDiff([written('a.json', base), written('b.json', base)])).toBe(0);
    expect(diffReports(base, base)).toEqual({
      regressions: [],
      newFails: [],
      fixed: [],
      otherChanges: [],
      unchanged: base.requirements.length,
    });
  });

  test('should exit 2 with one line on unreadable input', async () => {
    const good = written('good.json', sampleReport());
    const cases: [string[], RegExp][] = [
      [[good, path.join(dir, 'missing.json')], /cannot read .*missing\.json \(ENOENT\)/],
      [[good, written('text.json', 'not json')], /.*text\.json is not JSON/],
      [[good, written('other.json', { hello: 'world' })], /.*other\.json is not a conformance report/],
      [[good], /give two reports/],
    ];
    for (const [args, message] of cases) {
      const run = await runKitCommand('report-diff', args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^report:diff: ${message.source}`, 'm'));
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
