/**
 * What a failing conformance test leaves for the report: a message that names the requirement and its §, and the
 * exchanges (request and response) as an attachment, with no secret in either.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runPlaywright, type RunTest } from '../../src/runner/playwright-run.js';
import { kitPath } from '../../src/kit-root.js';

/** Secrets of profiles/sandbox.json: the merchant's private key (each base64 line) and the control token. */
function sandboxSecrets(): string[] {
  const key = readFileSync(kitPath('fixtures', 'keys', 'merchant-ed25519.private.pem'), 'utf8');
  const token = readFileSync(kitPath('fixtures', 'keys', 'sandbox-control.token'), 'utf8').trim();
  return [token, ...key.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'))];
}

test.describe('evidence of a failing conformance test', () => {
  test.describe.configure({ mode: 'default' });
  test.setTimeout(120_000);

  let failing: RunTest[];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const run = await runPlaywright(['--project=conformance', '--grep', '@req:AUTH-NO-LOGIN(?=\\s|$)'], {
      env: { KIT_SANDBOX_FAULTS: 'auth-missing-publickey-gives-no-key' },
      timeoutMs: 100_000,
    });
    failing = run.tests.filter((t) => t.project === 'conformance' && t.outcome === 'failed');
  });

  test('should name the requirement, its § and what came back', () => {
    expect(failing.length).toBeGreaterThan(0);
    for (const t of failing) {
      expect(t.error).toContain('requirements: AUTH-NO-LOGIN (§5.4, §7)');
      expect(t.error).toContain('expected error 401 NO_LOGIN');
      expect(t.error).toContain('got: 401 {"error":"NO_KEY"}');
    }
  });

  test('should attach every exchange of the test, request and response', () => {
    for (const t of failing) {
      const attachment = t.attachments.find((a) => a.name === 'exchanges');
      expect(attachment?.contentType, t.title).toBe('application/json');
      const exchanges = JSON.parse(attachment?.text ?? '[]') as {
        request: { method: string; url: string; body: string; variant: string };
        response: { status: number; body: string };
      }[];
      expect(exchanges.at(-1)).toMatchObject({
        request: { method: 'POST', variant: 'signed, then without publicKey' },
        response: { status: 401, body: '{"error":"NO_KEY"}' },
      });
      expect(exchanges.at(-1)?.request.body).not.toContain('"publicKey"');
    }
  });

  test('should leave no secret in messages or attachments', () => {
    const secrets = sandboxSecrets();
    const texts = failing.flatMap((t) => [t.error ?? '', ...t.attachments.map((a) => a.text)]);
    const leaks = secrets.filter((secret) => texts.some((text) => text.includes(secret)));
    expect(leaks, 'secrets found in evidence').toHaveLength(0);
  });
});

test.describe('evidence of a failing postback test', () => {
  test.setTimeout(120_000);

  test('should attach every postback its endpoints received, with the checks and the answers given', async () => {
    const run = await runPlaywright(['--project=conformance', '--grep', '@req:PB-PAYMENT-CURRENCY(?=\\s|$)'], {
      env: { KIT_SANDBOX_FAULTS: 'postback-currency-code' },
      timeoutMs: 100_000,
    });
    const failing = run.tests.filter((t) => t.project === 'conformance' && t.outcome === 'failed');
    // One test per method role the sandbox's profile names (payIn, payOut, external).
    expect(failing).toHaveLength(3);
    for (const failed of failing) {
      const attachment = failed.attachments.find((a) => a.name === 'postbacks');
      const evidence = JSON.parse(attachment?.text ?? '[]') as {
        endpoint: string;
        attempts: { body: string; reply: unknown; check: { findings: { pointer?: string }[] } }[];
      }[];
      expect(evidence[0]?.endpoint, failed.title).toBe('payment postbacks');
      // The body exactly as received, as text.
      expect(JSON.parse(evidence[0]?.attempts[0]?.body ?? '{}')).toHaveProperty('currencyCode');
      expect(evidence[0]?.attempts[0]?.reply).toEqual({ answer: 'status', status: 200 });
      expect(evidence[0]?.attempts[0]?.check.findings.map((f) => f.pointer)).toContain('/currency');
    }
  });
});
