/**
 * Shards (certify --shard i/n, report merge): a small certification of the sandbox under one fault, run whole and
 * as 3 shards one after another into one --out, then merged: the merged report has the same verdict for every
 * requirement, the same summary and exit code, and JUnit and HTML beside it. A missing or doubled shard is exit 2.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runCertify, runKitCommand } from '../../../fixtures/self/kit-command.js';
import { kitPath } from '../../../src/kit-root.js';
import { REPORTED_SETTINGS, SHARD_CAPTURE_BOUNDS_FILE, shardBlobDir } from '../../../src/certify/reporting-run.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';

const GREP = ['--grep', '@req:(AUTH-NO-LOGIN|STATUS-NOT-FOUND|STATUS-ECHOES-METHOD|LIST-SHAPE)(?=\\s|$)'];
/** A FAIL among the verdicts: the merge must keep it where the whole run has it. */
const FAULT = { KIT_SANDBOX_FAULTS: 'payment-method-id-is-account-id' };

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-shards-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const read = (folder: string): ConformanceReport =>
  JSON.parse(readFileSync(path.join(folder, 'conformance.json'), 'utf8')) as ConformanceReport;
const verdicts = (report: ConformanceReport): Record<string, string> =>
  Object.fromEntries(report.requirements.map((r) => [r.id, r.verdict]));
/**
 * The JUnit test cases as `suite › name: ok|FAIL`, each once. (The signing known answers run inside certify before
 * each shard, not as tests: a merged JUnit lists none of them, as the whole run's does not.)
 */
const allJunitCases = (folder: string): string[] => {
  const xml = readFileSync(path.join(folder, 'junit.xml'), 'utf8');
  return [...xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)"[^>]*>([\s\S]*?)<\/testcase>/g)].map(
    (m) => `${m[2] ?? ''} › ${m[1] ?? ''}: ${(m[3] ?? '').includes('<failure') ? 'FAIL' : 'ok'}`,
  );
};
const junitCases = (folder: string): string[] => [...new Set(allJunitCases(folder))].sort();
/** The certification's own cases, each of which must appear exactly once after a merge. */
const conformanceCases = (folder: string): string[] =>
  allJunitCases(folder)
    .filter((c) => !c.startsWith('suites/self/signing-vectors'))
    .sort();

test('should merge 3 shards into the report of the whole run: same verdicts, summary, exit code', async () => {
  test.setTimeout(240_000);
  const whole = await runCertify([...GREP, '--out', path.join(dir, 'whole')], FAULT);
  expect(whole.code, whole.stdout.slice(-2000) + whole.stderr).toBe(1);

  const parts = path.join(dir, 'parts');
  for (const shard of ['1/3', '2/3', '3/3']) {
    const run = await runCertify([...GREP, '--out', parts, '--shard', shard], FAULT);
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
    expect(run.stdout).toContain(`certify: shard ${shard} written to`);
  }
  // What a shard's capture server bounds did (its capture-setup writes this beside the shard's blob report when a
  // bound was reached) reaches the merged report's warnings, named by shard.
  const bounds = "the capture server's bounds were reached: 2 postback(s) over the body limit answered 413";
  writeFileSync(path.join(shardBlobDir(parts, { index: 2, total: 3 }), SHARD_CAPTURE_BOUNDS_FILE), bounds);
  const merged = await runKitCommand('report-merge', ['--out', path.join(dir, 'merged'), parts]);
  expect(merged.code, merged.stdout.slice(-2000) + merged.stderr).toBe(1);
  expect(read(path.join(dir, 'merged')).warnings).toContain(`shard 2/3: ${bounds}`);

  const a = read(path.join(dir, 'whole'));
  const b = read(path.join(dir, 'merged'));
  expect(verdicts(b)).toEqual(verdicts(a));
  expect(Object.values(verdicts(b))).toContain('FAIL');
  // Requests sent may differ by a poll or two (status checks wait on the target's clock): counted, not compared.
  const { requests: requestsA, ...summaryA } = a.summary;
  const { requests: requestsB, ...summaryB } = b.summary;
  expect(summaryB).toEqual(summaryA);
  for (const requests of [requestsA, requestsB]) {
    expect(requests?.total).toBeGreaterThan(0);
    expect(Object.keys(requests?.byArea ?? {}).sort()).toEqual(['auth', 'payments', 'properties']);
  }
  expect(b.outcome).toBe(a.outcome);
  const cases = junitCases(path.join(dir, 'whole'));
  expect(junitCases(path.join(dir, 'merged'))).toEqual(cases);
  expect(conformanceCases(path.join(dir, 'merged'))).toEqual(conformanceCases(path.join(dir, 'whole')));
  expect(cases.some((c) => c.endsWith(': FAIL'))).toBe(true);
  expect(existsSync(path.join(dir, 'merged', 'html', 'index.html'))).toBe(true);
  expect(existsSync(path.join(dir, 'merged', 'conformance.html'))).toBe(true);
});

test('should refuse to merge when a shard is missing, and a bad --shard (exit 2)', async () => {
  test.setTimeout(120_000);
  const parts = path.join(dir, 'incomplete');
  const run = await runCertify([...GREP, '--out', parts, '--shard', '2/3']);
  expect(run.code, run.stderr).toBe(0);
  const merged = await runKitCommand('report-merge', ['--out', path.join(dir, 'never'), parts]);
  expect(merged.code).toBe(2);
  expect(merged.stderr).toContain('shard 1/3, 3/3 missing: nothing merged');

  const bad = await runCertify(['--shard', '4/3']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--shard must be i/n with 1 ≤ i ≤ n (got 4/3)');
  const empty = await runKitCommand('report-merge', [dir]);
  expect(empty.code).toBe(2);
});

test("should carry every setting the reporters read into the shard's context", () => {
  const read = readdirSync(kitPath('src', 'report'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(kitPath('src', 'report', f), 'utf8').matchAll(/(?:env\('|process\.env\.)(KIT_[A-Z_]+)/g)].map(
        (m) => m[1] ?? '',
      ),
    );
  // Set by the merge itself, for its own output; KIT_CAPTURE_BOUNDS by the run's capture server when it stops (a merge:
  // from each shard's SHARD_CAPTURE_BOUNDS_FILE).
  const own = new Set(['KIT_REPORT_DIR', 'KIT_CALLER_CWD', 'KIT_CAPTURE_BOUNDS']);
  const missing = [...new Set(read)].filter(
    (name) => !own.has(name) && !(REPORTED_SETTINGS as readonly string[]).includes(name),
  );
  expect(missing).toEqual([]);
});
