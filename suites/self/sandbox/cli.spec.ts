import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { RecordingServer } from '../../../fixtures/self/recording-server.js';
import { ApiClient } from '../../../src/client/api-client.js';
import { SandboxControl } from '../../../src/control/sandbox-control-client.js';
import { kitRoot } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly stderr: () => string;
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
}

function run(args: readonly string[]): {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts', ...args], { cwd: kitRoot });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

async function start(args: readonly string[]): Promise<Started> {
  const { child, stdout, stderr } = run(args);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await expect.poll(() => /listening on (http:\/\/\S+)/.exec(stdout())?.[1], { timeout: 20_000 }).toBeDefined();
  const url = /listening on (http:\/\/\S+)/.exec(stdout())?.[1] ?? '';
  return { child, url, stderr, exited };
}

test.describe('npm run sandbox', () => {
  test.setTimeout(60_000);

  test('should print where it listens, serve, and stop gracefully on SIGTERM, finishing requests in flight', async () => {
    const profile = await loadProfile();
    const token = profile.controlToken;
    if (token === undefined) throw new Error('no control token');
    const sandbox = await start(['--port', '0', '--fault', 'payment-status-lowercase']);
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const receiver = await RecordingServer.start();
    const api = new ApiClient({ baseUrl: sandbox.url, profile });
    const control = new SandboxControl({ baseUrl: sandbox.url, token });
    try {
      const fixture = profile.settings.merchant.paymentMethods.payIn;
      const created = await api.createPayIn({
        accountId: fixture.accountId,
        paymentMethodId: fixture.id,
        amount: fixture.amount,
        clientFieldsValues: fixture.clientFieldsValues,
        postBackUrl: `${receiver.url}/pb`,
      });
      const paymentId = (created.json as { paymentId: string }).paymentId;
      expect(((await api.paymentStatus({ paymentId })).json as { status: string }).status).toBe('pending');
      // The first postback fails, so a retry is pending when the sandbox stops; the second attempt is slow and in
      // flight (inside a control call) when SIGTERM arrives: that call must still get its answer.
      receiver.script('/pb', [{ status: 500 }, { status: 500, delayMs: 1_000 }]);
      await control.setOutcome(paymentId, { status: 'SUCCESS' });
      await receiver.waitFor('/pb', 1);
      const advancing = control.advance(6_000);
      await receiver.waitFor('/pb', 2);
      sandbox.child.kill('SIGTERM');
      expect((await advancing).mode).toBe('virtual');
      const [code] = await sandbox.exited;
      expect(code).toBe(0);
      expect(sandbox.stderr()).toMatch(/SIGTERM: stopping/);
      expect(sandbox.stderr()).toMatch(/stopped: 1 pending postback deliveries dropped/);
    } finally {
      await api.close();
      await control.close();
      await receiver.close();
      if (sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL');
    }
  });

  test('should serve the foreign flavour with its own profile, faults included', async () => {
    const profile = await loadProfile('profiles/foreign-sandbox.json');
    const sandbox = await start(['--port', '0', '--flavor', 'foreign', '--fault', 'error-unknown-payment-200']);
    const api = new ApiClient({ baseUrl: sandbox.url, profile });
    try {
      const answer = await api.paymentStatus({ paymentId: '4d2d2a52-0a6e-4bbd-9e30-2f4d4ad0a2f4' });
      expect(answer.request.url).toContain('/merchant-api/v2/payment/status');
      expect(answer.status, 'the fault answers 200 for an unknown payment').toBe(200);
    } finally {
      await api.close();
      sandbox.child.kill('SIGTERM');
      await sandbox.exited;
    }
  });

  test('should exit 2 with one clear line when it cannot start', async () => {
    for (const [args, message] of [
      [['--port', 'abc'], /--port must be 0 to 65535/],
      [['--port', '0', '--fault', 'nope'], /unknown fault\(s\) nope/],
      [['--port', '0', '--profile', 'profiles/none.json'], /cannot read the file/],
      [['--port', '0', '--clock', 'fast'], /--clock must be virtual or real/],
      [['--port', '0', '--flavor', 'exotic'], /--flavor must be reference, foreign, random/],
      [['--port', '0', '--flavor', 'foreign', '--clock', 'virtual'], /the foreign sandbox runs on a real clock only/],
      [['--port', '0', '--background-rate', '1000'], /--background-rate must be 0 to 100/],
    ] as const) {
      const { child, stderr } = run(args);
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code, args.join(' ')).toBe(2);
      expect(stderr(), args.join(' ')).toMatch(message);
      expect(stderr(), 'no stack trace').not.toMatch(/\n\s+at /);
    }
  });
});
