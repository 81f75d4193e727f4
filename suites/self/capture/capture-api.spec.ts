import { randomBytes } from 'node:crypto';
import { expect, PAYMENT_POSTBACK, post, test } from '../../../fixtures/self/capture-harness.js';
import { CaptureApiError, CaptureClient } from '../../../src/capture/capture-client.js';
import { CaptureTimeoutError } from '../../../src/capture/mailbox.js';
import { Secret } from '../../../src/secrets/secret.js';

test.describe('capture API (the capture server of a run, from the Playwright workers)', () => {
  test('should make endpoints, script them, wait for their attempts and list unknown paths', async ({ harness }) => {
    const token = randomBytes(24).toString('hex');
    const capture = await harness.start({ apiToken: token, publicUrl: 'http://tunnel.example:8443/' });
    const client = new CaptureClient(capture.url, new Secret(token, 'test token'));
    try {
      const endpoint = await client.createEndpoint({
        kind: 'payment',
        label: 'remote',
        script: [{ answer: 'status', status: 503 }],
      });
      expect(endpoint.url).toBe(`http://tunnel.example:8443/pb/${endpoint.token}`);
      const local = `${capture.url}/pb/${endpoint.token}`;
      const signed = harness.service.sign(PAYMENT_POSTBACK);
      expect(await post(local, signed)).toEqual({ status: 503 });
      await endpoint.script([{ answer: 'status', status: 202 }]);
      expect(await post(local, signed)).toEqual({ status: 202 });
      expect(await post(local, signed)).toEqual({ status: 200 });
      const attempts = await endpoint.waitForAttempts(3, 2_000);
      expect(attempts.map((a) => [a.attempt.n, a.check.signature, a.check.findings])).toEqual([
        [1, 'valid', []],
        [2, 'valid', []],
        [3, 'valid', []],
      ]);
      // A wait that ends short says what arrived.
      const waiting = endpoint.waitForAttempts(4, 300).catch((e: unknown) => e);
      expect(await waiting).toBeInstanceOf(CaptureTimeoutError);
      await post(`${capture.url}/hooks/payments`, signed);
      expect((await client.unknownAttempts()).map((a) => a.attempt.path)).toEqual(['/hooks/payments']);
      // Another process posting meanwhile ends a long wait early.
      const late = endpoint.waitForAttempts(4, 5_000);
      await post(local, signed);
      expect(await late).toHaveLength(4);
    } finally {
      await client.close();
    }
  });

  test("should give a shared endpoint's attempts about one id only (the merchant's URL holds every test's)", async ({
    harness,
  }) => {
    const token = randomBytes(24).toString('hex');
    const capture = await harness.start({ apiToken: token });
    const client = new CaptureClient(capture.url, new Secret(token, 'test token'));
    try {
      const endpoint = await client.createEndpoint({ kind: 'payment' });
      const local = `${capture.url}/pb/${endpoint.token}`;
      await post(local, harness.service.sign({ ...PAYMENT_POSTBACK, id: 'p-1' }));
      await post(local, harness.service.sign({ ...PAYMENT_POSTBACK, id: 'p-2', status: 'FAILED', failedCode: 'RISK' }));
      await post(local, Buffer.from('not json'));
      await post(local, harness.service.sign({ ...PAYMENT_POSTBACK, id: 'p-1', status: 'FAILED', failedCode: 'RISK' }));
      const about = await endpoint.attempts('p-1');
      expect(about.map((a) => [a.attempt.n, a.check.status])).toEqual([
        [1, 'SUCCESS'],
        [4, 'FAILED'],
      ]);
      expect(await endpoint.attempts('p-3')).toEqual([]);
      expect(await endpoint.attempts()).toHaveLength(4);
      await expect(endpoint.attempts('x'.repeat(201))).rejects.toThrow(/400 .*about must be/);
    } finally {
      await client.close();
    }
  });

  test('should refuse a wrong token and a body outside its schema', async ({ harness }) => {
    const token = randomBytes(24).toString('hex');
    const capture = await harness.start({ apiToken: token });
    const wrong = new CaptureClient(capture.url, new Secret(randomBytes(24).toString('hex'), 'wrong token'));
    const right = new CaptureClient(capture.url, new Secret(token, 'test token'));
    try {
      await expect(wrong.createEndpoint()).rejects.toThrow(/capture API POST endpoints: 401 .*bad or missing token/);
      await expect(right.createEndpoint({ kind: 'refund' as never })).rejects.toBeInstanceOf(CaptureApiError);
      await expect(right.createEndpoint({ kind: 'refund' as never })).rejects.toThrow(/400 .*kind/);
    } finally {
      await wrong.close();
      await right.close();
    }
  });
});
