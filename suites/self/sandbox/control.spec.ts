import { conforming } from '../../../fixtures/self/expect-schema.js';
import { expect, test } from '../../../fixtures/self/sandbox-harness.js';
import { ControlError, SandboxControl } from '../../../src/control/sandbox-control-client.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

test.describe('control API (sandbox README)', () => {
  test('should refuse every control call without the token, but serve the payment page and media', async ({ sbx }) => {
    const base = `${sbx.sandbox.url}/sandbox/v1`;
    for (const [method, path] of [
      ['GET', 'clock'],
      ['POST', 'clock/advance'],
      ['GET', 'deliveries'],
      ['PUT', 'faults'],
      ['POST', 'reset'],
    ] as const) {
      for (const authorization of [undefined, 'Bearer wrong-token', sbx.profile.controlToken?.reveal() ?? '']) {
        const response = await fetch(`${base}/${path}`, {
          method,
          headers: authorization === undefined ? {} : { authorization },
          signal: AbortSignal.timeout(5_000),
        });
        expect(response.status, `${method} ${path} with ${authorization ?? 'no token'}`).toBe(401);
      }
    }
    const { paymentId } = await sbx.create('external');
    const page = await fetch(`${base}/pay/${paymentId}`, { signal: AbortSignal.timeout(5_000) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('should tell and advance the virtual clock', async ({ sbx }) => {
    const before = await sbx.control.clock();
    expect(before.mode).toBe('virtual');
    const after = await sbx.control.advance(36 * 3_600_000);
    expect(after.nowMs - before.nowMs).toBeGreaterThanOrEqual(36 * 3_600_000);
    const { paymentId } = await sbx.create('payIn');
    expect(Date.parse((await sbx.control.payment(paymentId)).createdAt)).toBeGreaterThanOrEqual(after.nowMs);
  });

  test('should reset payments, complaints, media and deliveries, and keep nothing of them', async ({ sbx }) => {
    const { paymentId } = await sbx.create('payIn', { postBackUrl: `${sbx.receiver.url}/pb` });
    await sbx.control.setOutcome(paymentId, { status: 'SUCCESS' });
    await sbx.receiver.waitFor('/pb', 1);
    await sbx.control.reset();
    expect((await sbx.api.paymentStatus({ paymentId })).status).toBe(404);
    expect(await sbx.control.deliveries()).toEqual([]);
    const list = conforming(
      'payments/payments-list',
      (await sbx.api.paymentsList({ createdAtFrom: 0, createdAtTo: 4_102_444_800_000 })).json,
    );
    expect(list.total).toBe(0);
  });

  test('should answer 400 to a control body that breaks its schema, and 404 to unknown routes', async ({ sbx }) => {
    const base = `${sbx.sandbox.url}/sandbox/v1`;
    const headers = { authorization: `Bearer ${sbx.profile.controlToken?.reveal() ?? ''}` };
    const bad = await fetch(`${base}/clock/advance`, {
      method: 'POST',
      headers,
      body: '{"ms": -5}',
      signal: AbortSignal.timeout(5_000),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/\/ms: must be >= 1/);
    const unknown = await fetch(`${base}/nothing-here`, { headers, signal: AbortSignal.timeout(5_000) });
    expect(unknown.status).toBe(404);
    const failed = await fetch(`${base}/payments/no-such/outcome`, {
      method: 'POST',
      headers,
      body: '{"status":"FAILED"}',
      signal: AbortSignal.timeout(5_000),
    });
    expect(failed.status).toBe(404);
  });

  test('should send the user to the failure URL when they fail on the payment page, and settle FAILED', async ({
    sbx,
  }) => {
    const { paymentId } = await sbx.create('external', { redirectUrl: 'https://merchant.example/back' });
    const completed = await fetch(`${sbx.sandbox.url}/sandbox/v1/pay/${paymentId}/complete?result=failure`, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe('https://merchant.example/back');
    expect(await sbx.control.payment(paymentId)).toEqual(
      expect.objectContaining({ status: 'FAILED', failedCode: 'NO_AMOUNT' }),
    );
  });

  test('should refuse to advance a real-time clock', async () => {
    const profile = await loadProfile();
    const sandbox = await startSandbox({ profile, clock: 'real' });
    const token = profile.controlToken;
    if (token === undefined) throw new Error('no control token');
    const control = new SandboxControl({ baseUrl: sandbox.url, token });
    try {
      expect((await control.clock()).mode).toBe('real');
      const error = await control.advance(1_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      expect((error as ControlError).status).toBe(409);
    } finally {
      await control.close();
      await sandbox.stop();
    }
  });
});
