import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PAYMENT_POSTBACK, post } from '../../../fixtures/self/capture-harness.js';
import { readEvidence } from '../../../src/capture/evidence-log.js';
import { kitRoot } from '../../../src/kit-root.js';

test.describe('npm run capture', () => {
  test.setTimeout(60_000);

  test('should lose no acknowledged postback when its process is killed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kit-capture-cli-'));
    const evidence = path.join(dir, 'postbacks.jsonl');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/capture.ts', '--capture-port', '0', '--evidence', evidence],
      { cwd: kitRoot },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await expect.poll(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], { timeout: 20_000 }).toBeDefined();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? '';
      expect(out).toContain(`register ${url}/pb/merchant as the merchant's postback URL`);
      const sent = await Promise.all(
        Array.from({ length: 200 }, (_, i) => post(`${url}/pb/merchant`, { ...PAYMENT_POSTBACK, id: `p-${i}` })),
      );
      expect(sent.every((s) => 'status' in s && s.status === 200)).toBe(true);
      child.kill('SIGKILL');
      await once(child, 'exit');
      // The server runs in a process of its own (its heap bounded): killed with the command, it does not live on.
      await expect
        .poll(async () => 'error' in (await post(`${url}/pb/merchant`, PAYMENT_POSTBACK, { timeoutMs: 1_000 })), {
          timeout: 10_000,
        })
        .toBe(true);
      const { lines, problems } = await readEvidence(evidence);
      expect(problems).toEqual([]);
      const ids = lines.flatMap((l) =>
        l.type === 'attempt'
          ? [(JSON.parse(Buffer.from(l.attempt.body, 'base64').toString()) as { id: string }).id]
          : [],
      );
      expect(new Set(ids).size).toBe(200);
      // One line per attempt on stdout, checked with the sandbox profile (unsigned bodies: no publicKey).
      expect(out).toMatch(/\/pb\/merchant #1 at .* payment SUCCESS, answered 200; findings: /);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('should refuse a bad port with one line and exit 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/capture.ts', '--capture-port', 'nine'], {
      cwd: kitRoot,
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(err).toContain('capture: --capture-port must be 0 to 65535 (got nine)');
  });
});
