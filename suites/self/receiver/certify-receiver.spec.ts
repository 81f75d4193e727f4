/**
 * `npm run certify-receiver` as a merchant runs it: against a receiver by URL, against the embedded reference
 * receiver with a fault on, without a read-back (the effect requirements NOT VERIFIED, naming receiver.readBack),
 * and with what it cannot carry out (exit 2, one line). The whole matrix of faulty receivers is
 * `npm run receiver-faults` (.ci/run).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startReceiver } from '../../../examples/receivers/reference-receiver.js';
import { sandboxProfileCopy, writeProfile } from '../../../fixtures/self/profile-files.js';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { getContract } from '../../../src/contract/contract.js';
import { CertifyError } from '../../../src/certify/certify-cli.js';
import { parseReceiverArgs } from '../../../src/certify/receiver-cli.js';
import { kitPath } from '../../../src/kit-root.js';
import { RECEIVER_REGISTRY } from '../../../src/requirements/registry.js';

let out: string;

test.beforeEach(() => {
  out = mkdtempSync(path.join(tmpdir(), 'kit-receiver-'));
});

test.afterEach(() => {
  rmSync(out, { recursive: true, force: true });
});

function report(): ConformanceReport {
  const json: unknown = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8'));
  const validation = getContract().validate('report/conformance', json);
  if (!validation.ok) throw new Error(`conformance.json breaks its schema: ${JSON.stringify(validation.findings)}`);
  return validation.value;
}

/** The sandbox profile with its key files made absolute, written elsewhere, changed by `edit`. */
function profileWith(edit: (profile: Record<string, unknown>) => void): string {
  const text = readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8').replaceAll(
    '"../fixtures/',
    `"${kitPath('fixtures')}/`,
  );
  const profile = JSON.parse(text) as Record<string, unknown>;
  edit(profile);
  const file = path.join(out, 'profile.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

test.describe('npm run certify-receiver', () => {
  test.describe.configure({ timeout: 120_000 });

  test('should certify a receiver given by URL, every RECEIVER requirement PASS, exit 0', async () => {
    const profile = JSON.parse(readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8')) as {
      postbacks: { servicePublicKey: { file: string } };
    };
    const key = readFileSync(path.resolve(kitPath('profiles'), profile.postbacks.servicePublicKey.file), 'utf8');
    const receiver = await startReceiver({ servicePublicKey: key });
    try {
      const run = await runKitCommand('certify-receiver', ['--receiver', receiver.url, '--out', out], {}, 110_000);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const result = report();
      expect(result.target).toEqual({
        kind: 'receiver',
        url: receiver.url,
        merchantPaymentIdPrefix: expect.stringMatching(/^kit-[0-9a-f]{8}$/) as unknown,
      });
      expect(result.requirements.map((r) => [r.id, r.verdict])).toEqual(RECEIVER_REGISTRY.map((r) => [r.id, 'PASS']));
      expect(result.requirements.length).toBeGreaterThanOrEqual(12);
      // The kit's postbacks reached the receiver and were applied there.
      expect(receiver.store.payments.size).toBeGreaterThan(5);
    } finally {
      await receiver.close();
    }
  });

  test('should leave the effects NOT VERIFIED, naming receiver.readBack, when the profile has none', async () => {
    const file = profileWith((profile) => {
      delete profile.receiver;
    });
    const run = await runKitCommand('certify-receiver', ['--profile', file, '--out', out], {}, 110_000);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const verdicts = Object.fromEntries(report().requirements.map((r) => [r.id, r]));
    for (const id of [
      'RECEIVER-STATUS-RECORDED',
      'RECEIVER-RETRY-NO-SECOND-EFFECT',
      'RECEIVER-FLIP-APPLIED',
      'RECEIVER-COMPLAINT-FLIP-APPLIED',
      'RECEIVER-STALE-RETRY-IGNORED',
      'RECEIVER-REJECTED-NO-EFFECT',
    ]) {
      expect(verdicts[id]?.verdict, id).toBe('NOT VERIFIED');
      expect(verdicts[id]?.reason, id).toContain('receiver.readBack');
    }
    expect(verdicts['RECEIVER-REJECT-FORGED-HASH']?.verdict).toBe('PASS');
    expect(verdicts['RECEIVER-RETRY-ACK']?.verdict).toBe('PASS');
  });

  test('should fail a receiver that acknowledges forged postbacks, critical, even under --gate spec', async () => {
    const run = await runKitCommand(
      'certify-receiver',
      ['--fault', 'no-signature-check', '--gate', 'spec', '--out', out],
      {},
      110_000,
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const result = report();
    const failed = result.requirements.filter((r) => r.verdict === 'FAIL');
    expect(failed.map((r) => [r.id, r.critical])).toEqual([
      ['RECEIVER-REJECT-FORGED-HASH', true],
      ['RECEIVER-REJECT-TAMPERED', true],
    ]);
    expect(result.summary.failCritical).toBe(2);
    expect(failed[0]?.evidence[0]?.response).toContain('200');
    const md = readFileSync(path.join(out, 'conformance.md'), 'utf8');
    expect(md).toContain('# Receiver conformance report');
    expect(md).toContain('### RECEIVER-REJECT-FORGED-HASH (§5.3): CRITICAL, breaks the interface');
    expect(readFileSync(path.join(out, 'conformance.html'), 'utf8')).toContain(
      '<span class="critical">critical</span>',
    );
  });

  test('should exit 2 with one line when no receiver answers', async () => {
    const run = await runKitCommand('certify-receiver', ['--receiver', 'http://127.0.0.1:9/postbacks', '--out', out]);
    expect(run.code).toBe(2);
    // The default profile makes the shop expect the payment first: its setup call is what finds nobody there.
    expect(run.stderr).toMatch(
      /^certify-receiver: the shop could not be made to expect a payment: its setup call POST http:\/\/127\.0\.0\.1:9\/merchant\/orders answered nothing/m,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  test("should exit 2 before any check when the receiver refuses the kit's correctly signed postback", async () => {
    // A receiver that pins another service key: every check would fail with 401.
    const receiver = await startReceiver({
      servicePublicKey: readFileSync(kitPath('fixtures', 'keys', 'stranger-ed25519.public.pem'), 'utf8'),
    });
    try {
      const run = await runKitCommand('certify-receiver', ['--receiver', receiver.url, '--out', out], {}, 60_000);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toContain(`the receiver at ${receiver.url} refused a correctly signed postback with 401`);
      expect(run.stderr).toContain("does not pin the kit's service key");
      expect(run.stderr).toContain('ed25519 over all-but-hash, canonicalForm jcs, hashEncoding base64');
      expect(receiver.store.payments.size, 'no check ran').toBe(0);
    } finally {
      await receiver.close();
    }
  });

  test("should name a pinned key that lost its PEM's final newline when the receiver refuses the postback", async () => {
    const pinned = readFileSync(kitPath('fixtures', 'keys', 'service-ed25519.public.pem'), 'utf8');
    const receiver = await startReceiver({ servicePublicKey: pinned });
    try {
      const profile = sandboxProfileCopy();
      const file = writeProfile(path.join(out, 'profile.json'), {
        ...profile,
        postbacks: { ...profile.postbacks, servicePublicKey: { env: 'KIT_TEST_SERVICE_PEM' } },
      });
      const env = { KIT_TEST_SERVICE_PEM: pinned.replace(/\n$/, '') };
      const args = ['--receiver', receiver.url, '--profile', file, '--out', out];
      const run = await runKitCommand('certify-receiver', args, env, 60_000);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toContain('refused a correctly signed postback with 401');
      expect(run.stderr).toContain(
        'likely cause: the PEM text of postbacks.servicePublicKey does not end with a newline',
      );
    } finally {
      await receiver.close();
    }
  });

  test('should make the shop expect its payments by a command, and stop at a command that fails', async () => {
    const receiver = await startReceiver({
      servicePublicKey: readFileSync(kitPath('fixtures', 'keys', 'service-ed25519.public.pem'), 'utf8'),
    });
    try {
      const profile = sandboxProfileCopy();
      const script = kitPath('examples', 'receivers', 'expect-order.mjs');
      const withCommand = (ordersUrl: string) =>
        writeProfile(path.join(out, 'profile.json'), {
          ...profile,
          receiver: {
            ...profile.receiver,
            expectedPayments: { setup: { command: ['node', script, ordersUrl] }, unexpected: 'acknowledged' },
          },
        });
      const orders = new URL('/merchant/orders', receiver.url).toString();
      const run = await runKitCommand(
        'certify-receiver',
        ['--receiver', receiver.url, '--profile', withCommand(orders), '--out', out, '--grep', 'unexpected|expects'],
        {},
        110_000,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/[1-9]\d* setup calls made/);
      expect(report().summary.fail).toBe(0);
      const broken = await runKitCommand(
        'certify-receiver',
        ['--receiver', receiver.url, '--profile', withCommand(`${orders}-missing`), '--out', out],
        {},
        60_000,
      );
      expect(broken.code, broken.stdout + broken.stderr).toBe(2);
      expect(broken.stderr).toMatch(/its setup command "node" .*expect-order\.mjs.* exited 1 \("404 /);
    } finally {
      await receiver.close();
    }
  });

  for (const [what, answer, expected] of [
    [
      'answers GET but never a POST',
      'hang',
      /did not answer a signed postback \(POST\) within 5000 ms \(the preflight's wait; receiver\.timeoutMs 1000 ms\)/,
    ],
    [
      'answers a POST with 405',
      405,
      /answered a postback \(POST\) with 405 \("GET only"\): it takes no postbacks there/,
    ],
  ] as const) {
    test(`should exit 2 before any check when the receiver ${what}`, async () => {
      const server = createServer((request, response) => {
        if (request.method === 'GET') response.end('ok');
        else if (answer === 405) response.writeHead(405).end('GET only');
        // A hang: the request is never answered (closed with the server).
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postbacks`;
      const file = profileWith((profile) => {
        profile.receiver = { timeoutMs: 1_000 };
      });
      try {
        const run = await runKitCommand('certify-receiver', ['--receiver', url, '--profile', file, '--out', out]);
        expect(run.code, run.stdout + run.stderr).toBe(2);
        expect(run.stderr).toMatch(expected);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }

  test('should go on to the checks when a receiver answers too slowly but its state shows it took the postback', async () => {
    // It records every postback and never answers: the checks' finding (RECEIVER-ACK-…), not a setup problem.
    const recorded = new Set<string>();
    const server = createServer((request, response) => {
      if (request.method === 'GET') {
        const id = decodeURIComponent(request.url?.split('/').at(-1) ?? '');
        if (recorded.has(id)) response.end(JSON.stringify({ status: 'SUCCESS', credited: 1 }));
        else response.writeHead(404).end();
        return;
      }
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        const id = (JSON.parse(text) as { id?: unknown }).id;
        if (typeof id === 'string') recorded.add(id);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postbacks`;
    const file = profileWith((profile) => {
      profile.receiver = { timeoutMs: 1_000, readBack: { payment: { url: '/state/payments/{{paymentId}}' } } };
    });
    try {
      const run = await runKitCommand('certify-receiver', [
        '--receiver',
        url,
        '--profile',
        file,
        '--grep',
        '@req:RECEIVER-ACK-PAYMENT-SUCCESS(?=\\s|$)',
        '--out',
        out,
      ]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).not.toContain('did not answer');
      expect(report().requirements.find((r) => r.id === 'RECEIVER-ACK-PAYMENT-SUCCESS')?.verdict).toBe('FAIL');
      expect([...recorded].some((id) => /^kit-[0-9a-f]{8}-preflight$/.test(id))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('should refuse flags it cannot act on', () => {
    const refused = (args: string[]): string => {
      try {
        parseReceiverArgs(args);
      } catch (error) {
        if (error instanceof CertifyError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refused(['--fault', 'nope'])).toMatch(/^no faulty receiver is named nope/);
    expect(refused(['--fault', 'acks-non-json', '--receiver', 'http://127.0.0.1:1/'])).toContain('drop --receiver');
    expect(refused(['--receiver', 'ftp://merchant'])).toContain('--receiver must be an http(s) URL');
    expect(refused(['--gate', 'strict'])).toContain('--gate must be profile or spec');
    expect(refused(['--workers', '0'])).toContain('--workers must be a positive whole number');
    expect(parseReceiverArgs(['--help'])).toBe('help');
  });
});
