/**
 * One defect, one finding (design brief §8), end to end through `certify` and its reports, each on a purpose-built
 * defect of the sandbox: a test of two requirements fails only the one its check found broken; a broken precondition
 * fails its own requirement once and blocks its dependants (NOT VERIFIED, blockedBy, root cause first); an invariant
 * of every exchange is one passive finding with its count; a stale postback after a flip is caught in the quiet window
 * and named by its own requirement, the flip's stays PASS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runCertify } from '../../fixtures/self/kit-command.js';
import type { ConformanceReport, RequirementResult } from '../../generated/report/conformance.gen.js';

let out: string;

test.beforeEach(() => {
  out = mkdtempSync(path.join(tmpdir(), 'kit-one-finding-'));
});

test.afterEach(() => {
  rmSync(out, { recursive: true, force: true });
});

/** certify with the embedded sandbox under `fault`, only the tests `grep` selects; its report. */
async function certifyUnder(fault: string, grep: string): Promise<{ code: number | null; report: ConformanceReport }> {
  const run = await runCertify(['--grep', grep, '--out', out], { KIT_SANDBOX_FAULTS: fault });
  const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
  return { code: run.code, report };
}

function verdicts(report: ConformanceReport, ids: readonly string[]): Record<string, string> {
  const of = (id: string): RequirementResult | undefined => report.requirements.find((r) => r.id === id);
  return Object.fromEntries(ids.map((id) => [id, of(id)?.verdict ?? 'absent']));
}

const failing = (report: ConformanceReport): string[] =>
  report.requirements.filter((r) => r.verdict === 'FAIL').map((r) => r.id);

test.describe('one defect, one finding', () => {
  test.setTimeout(240_000);

  test('a test of two requirements fails only the one whose check found the defect', async () => {
    // The FAILED status is shown with another failedCode: the status is right, only the code is not.
    const { code, report } = await certifyUnder('payment-failed-code-renamed', 'is shown with that failedCode');
    expect(code).toBe(1);
    expect(verdicts(report, ['PAYMENT-FAILEDCODE-ENUM', 'STATUS-REFLECTS-OUTCOME'])).toEqual({
      'PAYMENT-FAILEDCODE-ENUM': 'FAIL',
      'STATUS-REFLECTS-OUTCOME': 'PASS',
    });
    expect(failing(report)).toEqual(['PAYMENT-FAILEDCODE-ENUM']);
  });

  test('a broken precondition fails its own requirement once and blocks its dependants, root cause first', async () => {
    // Creations answer without paymentId: every test that needs a payment of its own cannot begin.
    const { code, report } = await certifyUnder(
      'create-response-missing-payment-id',
      '@req:(CREATE-RESPONSE-SHAPE|STATUS-BY-PAYMENTID|STATUS-ECHOES-AMOUNT)(?=\\s|$)',
    );
    expect(code).toBe(1);
    expect(failing(report)).toEqual(['CREATE-RESPONSE-SHAPE']);
    for (const id of ['STATUS-BY-PAYMENTID', 'STATUS-ECHOES-AMOUNT']) {
      expect(
        report.requirements.find((r) => r.id === id),
        id,
      ).toMatchObject({
        verdict: 'NOT VERIFIED',
        blockedBy: ['CREATE-RESPONSE-SHAPE'],
      });
    }
    expect(report.summary.blocked).toBeGreaterThanOrEqual(2);
    const markdown = readFileSync(path.join(out, 'conformance.md'), 'utf8');
    const firstFailure = markdown.split('\n').find((line) => line.startsWith('### '));
    expect(firstFailure).toContain('CREATE-RESPONSE-SHAPE');
    expect(markdown).toMatch(/Blocks \d+ \(NOT VERIFIED until this is fixed\): .*STATUS-BY-PAYMENTID/);
    expect(markdown).toContain('blocked by CREATE-RESPONSE-SHAPE');
    const html = readFileSync(path.join(out, 'conformance.html'), 'utf8');
    expect(html).toContain('blocked by <a href="#CREATE-RESPONSE-SHAPE">CREATE-RESPONSE-SHAPE</a>');
  });

  test('an answer served with another media type is one passive finding, counted, and fails nothing else', async () => {
    const { code, report } = await certifyUnder(
      'status-json-as-text-plain',
      '@req:(STATUS-BY-PAYMENTID|STATUS-ECHOES-AMOUNT|STATUS-NOT-FOUND)(?=\\s|$)',
    );
    expect(code).toBe(1);
    expect(failing(report)).toEqual(['BODY-JSON-MEDIA-TYPE']);
    const finding = report.requirements.find((r) => r.id === 'BODY-JSON-MEDIA-TYPE');
    expect(finding?.findings).toHaveLength(1);
    expect(finding?.findings?.[0]).toMatchObject({
      operation: 'paymentStatus',
      problem: 'a JSON body served as text/plain',
    });
    expect(finding?.findings?.[0]?.count).toBeGreaterThan(1);
    expect(finding?.evidence[0]?.response).toContain('"status"');
    expect(verdicts(report, ['STATUS-BY-PAYMENTID', 'STATUS-ECHOES-AMOUNT'])).toEqual({
      'STATUS-BY-PAYMENTID': 'PASS',
      'STATUS-ECHOES-AMOUNT': 'PASS',
    });
    expect(readFileSync(path.join(out, 'conformance.md'), 'utf8')).toMatch(
      /- paymentStatus: a JSON body served as text\/plain, seen \d+ times/,
    );
  });

  test('a stale postback after a flip, long after the scenario, is caught in the quiet window', async () => {
    const { code, report } = await certifyUnder(
      'postback-late-stale-after-flip',
      'SUCCESS → FAILED: a new postback with the new status after the first',
    );
    expect(code).toBe(1);
    expect(verdicts(report, ['PB-FLIP-RESENT', 'PB-NO-STALE-RETRY'])).toEqual({
      'PB-FLIP-RESENT': 'PASS',
      'PB-NO-STALE-RETRY': 'FAIL',
    });
    expect(failing(report)).toEqual(['PB-NO-STALE-RETRY']);
    const stale = report.requirements.find((r) => r.id === 'PB-NO-STALE-RETRY');
    expect(stale?.evidence[0]?.message).toContain('within the quiet window');
    expect(stale?.evidence[0]?.message).toContain('brings back SUCCESS after FAILED was acknowledged');
  });
});
