/**
 * The fault matrices in shards (faults --shard i/n, receiver-faults --shard i/n, then --merge): the parts of all
 * shards judge to what one run gives (every fault detected, no collateral, exit 0); a missing part is exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-matrix-shards-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('should judge the sandbox fault matrix from its shards as one run would', async () => {
  test.setTimeout(240_000);
  const faults = ['--fault', 'payment-method-id-is-account-id', '--fault', 'auth-signature-unchecked'];
  for (const shard of ['1/2', '2/2']) {
    const run = await runKitCommand('faults', [...faults, '--shard', shard, '--out', path.join(dir, `f${shard[0]}`)]);
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
  }
  const merged = await runKitCommand('faults', ['--merge', path.join(dir, 'f1'), path.join(dir, 'f2'), '--out', dir]);
  expect(merged.code, merged.stdout.slice(-2000) + merged.stderr).toBe(0);
  const report = JSON.parse(readFileSync(path.join(dir, 'faults.json'), 'utf8')) as {
    summary: { faults: number; detected: number; collateral: number };
    clean: { fail: number; pass: number };
  };
  expect(report.summary).toMatchObject({ faults: 2, detected: 2, collateral: 0 });
  expect(report.clean.fail).toBe(0);
  expect(report.clean.pass).toBeGreaterThan(300);

  const incomplete = await runKitCommand('faults', ['--merge', path.join(dir, 'f1'), '--out', dir]);
  expect(incomplete.code).toBe(2);
  expect(incomplete.stderr).toContain('part 2/2 missing: nothing judged');
});

test('should judge the receiver fault matrix from its shards as one run would', async () => {
  test.setTimeout(240_000);
  const faults = [
    '--fault',
    'rejects-declined',
    '--fault',
    'requires-merchant-ids',
    '--fault',
    'rejects-another-reason',
  ];
  for (const shard of ['1/2', '2/2']) {
    const out = path.join(dir, `r${shard[0]}`);
    const run = await runKitCommand('receiver-faults', [...faults, '--shard', shard, '--out', out]);
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
  }
  const out = path.join(dir, 'receiver');
  const merged = await runKitCommand('receiver-faults', [
    '--merge',
    path.join(dir, 'r1'),
    path.join(dir, 'r2'),
    '--out',
    out,
  ]);
  expect(merged.code, merged.stdout + merged.stderr).toBe(0);
  const report = JSON.parse(readFileSync(path.join(out, 'receiver-faults.json'), 'utf8')) as {
    totals: { faults: number; detected: number; collateral: number; cleanFail: number; wallSeconds: number };
  };
  expect(report.totals).toMatchObject({ faults: 3, detected: 3, collateral: 0, cleanFail: 0 });
  // The matrix's time is its longest shard's (they run at once), not the merge's own instant.
  expect(report.totals.wallSeconds).toBeGreaterThan(0);
  expect(merged.stdout).toMatch(/, [1-9]\d* s \(the longest of 2 shards\)/);
  const incomplete = await runKitCommand('receiver-faults', ['--merge', path.join(dir, 'r2'), '--out', out]);
  expect(incomplete.code).toBe(2);
  expect(incomplete.stderr).toContain('part 1/2 missing');
});
