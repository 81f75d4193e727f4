/**
 * A run whose capture server was flooded (issue 33) names what its bounds did in the report, and raises no FAIL for
 * it: the bodies were not the target's postbacks about any test's payment.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { post } from '../../../fixtures/self/capture-harness.js';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

test('should name in the report the oversize bodies the capture server refused during the run, with no FAIL', async () => {
  test.setTimeout(180_000);
  const out = mkdtempSync(path.join(tmpdir(), 'kit-flooded-'));
  try {
    const port = await freePort();
    const run = runKitCommand(
      'certify',
      ['--grep', '@req:PB-SIGNATURE-VALID', '--capture-port', String(port), '--out', out, '--workers', '1'],
      { KIT_CAPTURE_MAX_BODY_KB: '8' },
    );
    // While the run goes on: three bodies of 16 KiB to the merchant's URL, over the run's 8 KiB limit.
    await expect
      .poll(
        async () => {
          const sent = await post(`http://127.0.0.1:${port}/pb/merchant`, 'x'.repeat(16 * 1024));
          return 'status' in sent ? sent.status : 0;
        },
        { timeout: 60_000 },
      )
      .toBe(413);
    for (let i = 0; i < 2; i++)
      expect(await post(`http://127.0.0.1:${port}/pb/merchant`, 'y'.repeat(16 * 1024))).toEqual({ status: 413 });
    const done = await run;
    expect(done.code, done.stdout + done.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.warnings).toContain(
      "the capture server's bounds were reached: 3 postback(s) over the body limit answered 413",
    );
    expect(report.summary.fail).toBe(0);
    expect(report.requirements.find((r) => r.id === 'PB-SIGNATURE-VALID')?.verdict).toBe('PASS');
    expect(readFileSync(path.join(out, 'conformance.md'), 'utf8')).toContain('3 postback(s) over the body limit');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
