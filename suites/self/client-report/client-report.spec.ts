/**
 * `npm run report:client` on recordings of a merchant's client against the sandbox (`--record`): a careful client
 * passes every CLIENT requirement; a sloppy one fails each through its own requirement, with the part of the
 * signing input it got wrong; a recording that is not one is exit 2, and its bad lines are named, not fatal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { carefulClient, sloppyClient } from '../../../fixtures/self/recorded-clients.js';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { reportClient } from '../../../src/client-report/client-report-cli.js';
import { parseRecording } from '../../../src/client-report/read-recording.js';
import { getContract } from '../../../src/contract/contract.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { CLIENT_REGISTRY } from '../../../src/requirements/registry.js';

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-client-'));
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function reportIn(out: string): ConformanceReport {
  const json: unknown = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8'));
  const validation = getContract().validate('report/conformance', json);
  if (!validation.ok) throw new Error(`conformance.json breaks its schema: ${JSON.stringify(validation.findings)}`);
  return validation.value;
}

test.describe('npm run report:client', () => {
  test('should pass every CLIENT requirement on a careful client', async () => {
    const file = path.join(dir, 'careful.jsonl');
    await carefulClient(file, await loadProfile());
    const out = path.join(dir, 'careful');
    expect(await reportClient([file, '--out', out])).toBe(0);
    const report = reportIn(out);
    expect(report.target.kind).toBe('client-recording');
    expect(report.requirements.map((r) => [r.id, r.verdict])).toEqual(CLIENT_REGISTRY.map((r) => [r.id, 'PASS']));
  });

  test('should find each defect of a sloppy client through its own requirement', async () => {
    const file = path.join(dir, 'sloppy.jsonl');
    await sloppyClient(file, await loadProfile());
    const out = path.join(dir, 'sloppy');
    expect(await reportClient([file, '--out', out])).toBe(1);
    const report = reportIn(out);
    const byId = Object.fromEntries(report.requirements.map((r) => [r.id, r]));
    expect(report.requirements.map((r) => [r.id, r.verdict])).toEqual(CLIENT_REGISTRY.map((r) => [r.id, 'FAIL']));
    const problems = (id: string) => (byId[id]?.findings ?? []).map((f) => [f.problem, f.count]);
    expect(problems('CLIENT-REQUEST-SCHEMA')).toEqual([[expect.stringContaining('/amount'), 1]]);
    expect(problems('CLIENT-SIGNATURE')).toEqual([
      [
        'the hash verifies over another signing input: members all-but-public-key-and-hash where the profile states all-but-hash',
        1,
      ],
    ]);
    expect(problems('CLIENT-MERCHANT-PAYMENT-ID')).toEqual([['a payment created without merchantPaymentId', 1]]);
    expect(problems('CLIENT-STATUS-POLLING')).toEqual([
      ['the status of one payment checked again sooner than the 1000 ms the profile allows', 4],
    ]);
    expect(problems('CLIENT-NEXT-ID')).toEqual([
      ['the same list asked again from its start after an answer with a nextId', 1],
    ]);
    expect(problems('CLIENT-PAYOUT-IDEMPOTENT')).toEqual([
      ['a payout whose creation answered a 5xx repeated under a new merchantPaymentId', 1],
    ]);
    // The evidence names the line of the recording and shows the request as sent.
    expect(byId['CLIENT-SIGNATURE']?.evidence[0]?.test).toMatch(/^recording line \d+$/);
    expect(byId['CLIENT-SIGNATURE']?.evidence[0]?.request).toContain('"publicKey"');
    const md = readFileSync(path.join(out, 'conformance.md'), 'utf8');
    expect(md).toContain('# Client conformance report');
    // No private key of the merchant ever reaches a report.
    expect(md).not.toContain('PRIVATE KEY');
  });

  test('should leave the polling requirement UNSPECIFIED when the profile states no interval', async () => {
    const file = path.join(dir, 'careful.jsonl');
    const profile = await loadProfile();
    await carefulClient(file, profile);
    const text = readFileSync(path.join(path.dirname(profile.file), 'sandbox.json'), 'utf8');
    const settings = JSON.parse(text) as Record<string, unknown>;
    delete settings.client;
    const profileFile = path.join(path.dirname(profile.file), `.client-report-${process.pid}.json`);
    writeFileSync(profileFile, JSON.stringify(settings));
    try {
      const out = path.join(dir, 'unstated');
      expect(await reportClient([file, '--profile', profileFile, '--out', out])).toBe(0);
      const polling = reportIn(out).requirements.find((r) => r.id === 'CLIENT-STATUS-POLLING');
      expect(polling?.verdict).toBe('UNSPECIFIED');
      expect(polling?.reason).toContain('client.minStatusIntervalMs');
    } finally {
      rmSync(profileFile, { force: true });
    }
  });

  test('should name bad lines and go on, and refuse a recording with nothing in it (exit 2)', async () => {
    const parsed = parseRecording(
      [
        'not json',
        '{"at":"2026-11-24T10:00:00.000Z","method":"POST","path":"/x","request":"","status":200,"response":""}',
        '{"at":"yesterday"}',
        '',
      ].join('\n'),
    );
    expect(parsed.exchanges.map((e) => e.line)).toEqual([2]);
    expect(parsed.badLines).toBe(2);
    expect(parsed.problems[0]).toMatch(/^line 1: not JSON/);
    expect(parsed.problems[1]).toMatch(/^line 3: /);

    const empty = path.join(dir, 'empty.jsonl');
    writeFileSync(empty, 'garbage\n');
    appendFileSync(empty, '{"half": ');
    const run = await runKitCommand('report-client', [empty, '--out', path.join(dir, 'none')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^report:client: .*holds no recorded exchange \(line 1: not JSON/m);
  });
});
