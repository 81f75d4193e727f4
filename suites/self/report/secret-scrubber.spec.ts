/**
 * The scrubber runs first among the reporters and removes every known secret from what the others will write:
 * errors (and their causes), step titles and errors, stdout and stderr, annotations and text attachments, on disk
 * or in memory. Images and other binary attachments are left as they are.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import SecretScrubber from '../../../src/report/secret-scrubber.js';
import { REDACTED } from '../../../src/secrets/redaction.js';
import { Secret } from '../../../src/secrets/secret.js';

const TOKEN = new Secret('scrubber-canary-token-9f8e7d6c', 'test').reveal();

function step(title: string, steps: TestStep[] = []): TestStep {
  return { title, steps, annotations: [], error: { message: `step failed: ${TOKEN}` } } as unknown as TestStep;
}

test('should scrub every text of a result in place', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-scrubber-'));
  try {
    const onDisk = path.join(dir, 'exchanges.json');
    writeFileSync(onDisk, `{"authorization":"Bearer ${TOKEN}"}`);
    const png = Buffer.from(`\x89PNG ${TOKEN}`);
    const result = {
      errors: [{ message: `answered ${TOKEN}`, stack: `at ${TOKEN}`, cause: { value: TOKEN } }],
      steps: [step(`answered 404 ${TOKEN}`, [step(`inner ${TOKEN}`)])],
      stdout: [`printed ${TOKEN}`, Buffer.from(`bytes ${TOKEN}`)],
      stderr: [],
      annotations: [{ type: 'skip', description: `because ${TOKEN}` }],
      attachments: [
        { name: 'body', contentType: 'application/json', body: Buffer.from(`{"t":"${TOKEN}"}`) },
        { name: 'file', contentType: 'application/json', path: onDisk },
        { name: 'screenshot', contentType: 'image/png', body: png },
      ],
    } as unknown as TestResult;

    new SecretScrubber().onTestEnd({} as TestCase, result);

    const { screenshot, ...rest } = {
      ...result,
      screenshot: result.attachments[2],
      attachments: result.attachments.slice(0, 2).map((a) => ({ ...a, body: a.body?.toString('utf8') })),
      stdout: result.stdout.map(String),
    };
    const written = JSON.stringify(rest) + readFileSync(onDisk, 'utf8');
    expect(written).not.toContain(TOKEN);
    // 3 in the error, 4 in the steps, 2 in the output, 1 annotation, 2 attachments.
    expect(written.split(REDACTED).length - 1).toBe(12);
    expect(screenshot?.body).toEqual(png);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
