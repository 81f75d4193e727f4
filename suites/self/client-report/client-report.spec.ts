/**
 * `npm run report:client` on recordings of a merchant's client against the sandbox (`--record`): a careful client
 * passes every CLIENT requirement; a sloppy one fails each through its own requirement, with the part of the
 * signing input it got wrong; a recording that is not one is exit 2, and its bad lines are named, not fatal.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { carefulClient, sloppyClient } from '../../../fixtures/self/recorded-clients.js';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { reportClient } from '../../../src/client-report/client-report-cli.js';
import { parseRecording, readRecording } from '../../../src/client-report/read-recording.js';
import { getContract } from '../../../src/contract/contract.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { CLIENT_REGISTRY } from '../../../src/requirements/registry.js';
import { MAX_RECORDING_BYTES, recordTo } from '../../../src/sandbox/recording.js';

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
    expect(problems('CLIENT-MERCHANT-PAYMENT-ID')).toEqual([
      ['a payment created without merchantPaymentId', 1],
      ['one merchantPaymentId for two payments', 1],
    ]);
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

test.describe('a bounded recording (issue 33)', () => {
  test('should stop at its cap with a last line saying so, and the report judge what it holds and name where it stopped', async () => {
    const file = path.join(dir, 'capped.jsonl');
    const stops: string[] = [];
    const capBytes = 4_000;
    await carefulClient(file, await loadProfile(), { capBytes, onStop: (why) => stops.push(why) });
    expect(statSync(file).size).toBeLessThanOrEqual(capBytes);
    expect(stops).toEqual([expect.stringMatching(/stopped \(it reached its cap of 4000 bytes\)/)]);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const recording = parseRecording(readFileSync(file, 'utf8'));
    expect(recording.badLines).toBe(0);
    expect(recording.exchanges.length, 'the exchanges before the cap are kept').toBeGreaterThan(0);
    expect(recording.exchanges).toHaveLength(lines.length - 1);
    expect(recording.stopped?.line).toBe(lines.length);
    expect(recording.stopped?.mark).toMatchObject({ stopped: 'size-cap', capBytes });

    const out = path.join(dir, 'capped');
    expect(await reportClient([file, '--out', out])).not.toBe(2);
    const report = reportIn(out);
    expect(report.summary.fail, 'a cut session is no defect of the client').toBe(0);
    expect(report.warnings).toContainEqual(
      expect.stringMatching(new RegExp(`stopped recording at line ${lines.length} \\(its cap of 4000 bytes`)),
    );
  });

  test('should stop, not crash, when the file can no longer be written, and say so once', () => {
    const folder = path.join(dir, 'gone');
    mkdirSync(folder);
    const stops: string[] = [];
    const record = recordTo(path.join(folder, 'r.jsonl'), { onStop: (why) => stops.push(why) });
    rmSync(folder, { recursive: true });
    const exchange = {
      at: new Date(),
      method: 'POST',
      path: '/x',
      request: Buffer.from('{}'),
      status: 200,
      response: '{}',
    };
    expect(() => {
      record(exchange);
      record(exchange);
    }).not.toThrow();
    expect(stops).toEqual([expect.stringMatching(/stopped \(writing failed: ENOENT\)/)]);
  });

  test('should refuse a file larger than any recording the sandbox writes, without reading it', () => {
    const huge = path.join(dir, 'huge.jsonl');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_RECORDING_BYTES + 1);
    expect(() => readRecording(huge)).toThrow(
      /is larger than a recording can be \(268435457 bytes, at most 268435456\)/,
    );
  });
});
