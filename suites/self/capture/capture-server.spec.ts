import { expect, PAYMENT_POSTBACK, post, test } from '../../../fixtures/self/capture-harness.js';
import { readEvidence } from '../../../src/capture/evidence-log.js';
import { CaptureTimeoutError } from '../../../src/capture/mailbox.js';

test.describe('capture server: recording and answering (§6)', () => {
  test('should answer each attempt as scripted, then 200, and record each with its answer', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({
      kind: 'payment',
      script: [
        { answer: 'status', status: 500 },
        { answer: 'status', status: 404 },
        { answer: 'status', status: 201 },
        { answer: 'status', status: 204 },
        { answer: 'status', status: 302, headers: { location: '/elsewhere' } },
        { answer: 'hang' },
        { answer: 'reset' },
        { answer: 'slow-body', status: 200, chunks: 3, chunkDelayMs: 20 },
      ],
    });
    const body = harness.service.sign(PAYMENT_POSTBACK);
    const seen = [];
    for (let i = 0; i < 9; i++) seen.push(await post(endpoint.url, body, { timeoutMs: 500 }));
    expect(seen).toEqual([
      { status: 500 },
      { status: 404 },
      { status: 201 },
      { status: 204 },
      { status: 302 },
      { error: 'timeout' },
      { error: 'ECONNRESET' },
      { status: 200 },
      { status: 200 },
    ]);
    const attempts = await endpoint.waitForAttempts(9, 1_000);
    expect(attempts.map((a) => [a.attempt.n, a.attempt.reply.answer])).toEqual([
      [1, 'status'],
      [2, 'status'],
      [3, 'status'],
      [4, 'status'],
      [5, 'status'],
      [6, 'hang'],
      [7, 'reset'],
      [8, 'slow-body'],
      [9, 'status'],
    ]);
    const [first] = attempts;
    expect(Buffer.from(first?.attempt.body ?? '', 'base64').toString()).toBe(JSON.stringify(body));
    expect(first?.attempt.headers['content-type']).toBe('application/json');
    expect(first?.attempt.monoMs).toBeLessThan(attempts[8]?.attempt.monoMs ?? 0);
  });

  test('should record a request to a path no endpoint has as a finding, answered 404', async ({ harness }) => {
    expect(await post(`${harness.capture.url}/pb/0123456789abcdef0123456789abcdef`, {})).toEqual({ status: 404 });
    expect(await post(`${harness.capture.url}/webhook`, {})).toEqual({ status: 404 });
    expect(harness.capture.unknownAttempts.map((a) => [a.attempt.path, a.attempt.token])).toEqual([
      ['/pb/0123456789abcdef0123456789abcdef', null],
      ['/webhook', null],
    ]);
  });

  test('should keep parallel endpoints apart', async ({ harness }) => {
    const [a, b] = [await harness.capture.createEndpoint(), await harness.capture.createEndpoint()];
    await Promise.all([post(a.url, { id: 'a' }), post(b.url, { id: 'b' }), post(a.url, { id: 'a2' })]);
    expect(await a.attempts()).toHaveLength(2);
    expect((await b.attempts()).map((x) => Buffer.from(x.attempt.body, 'base64').toString())).toEqual(['{"id":"b"}']);
  });

  test('should end a wait with what did arrive', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({
      label: 'flip test',
      script: [{ answer: 'status', status: 500 }],
    });
    await post(endpoint.url, harness.service.sign(PAYMENT_POSTBACK));
    const error = await endpoint.waitForAttempts(2, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureTimeoutError);
    expect((error as Error).message).toMatch(
      /^expected 2 postback attempt\(s\) at flip test \(\/pb\/[a-f0-9]{32}\) within 200 ms; 1 arrived:\n#1 at .* payment SUCCESS, answered 500$/,
    );
  });
});

test.describe('capture server: checks (§2.5, §2.6, §5)', () => {
  test('should find nothing wrong with a correct payment postback signed by the service', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({ kind: 'payment' });
    await post(endpoint.url, harness.service.sign(PAYMENT_POSTBACK));
    const [attempt] = await endpoint.waitForAttempts(1, 1_000);
    expect(attempt?.check).toEqual({ kind: 'payment', status: 'SUCCESS', findings: [], signature: 'valid' });
  });

  test('should refuse a body signed with another key that carries its own public key', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({ kind: 'payment' });
    await post(endpoint.url, harness.stranger.sign(PAYMENT_POSTBACK));
    const [attempt] = await endpoint.waitForAttempts(1, 1_000);
    expect(attempt?.check.signature).toBe('unknown-public-key');
    expect(attempt?.check.findings.map((f) => f.requirement)).toEqual(['PB-PUBLIC-KEY-PINNED']);
  });

  test('should find a body changed after signing, and a shape the interface does not allow', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({ kind: 'any' });
    const { currency, ...rest } = PAYMENT_POSTBACK;
    await post(endpoint.url, { ...harness.service.sign(PAYMENT_POSTBACK), amount: 1 });
    await post(endpoint.url, harness.service.sign({ ...rest, currencyCode: currency }));
    const [changed, renamed] = await endpoint.waitForAttempts(2, 1_000);
    expect(changed?.check.signature).toBe('bad-signature');
    expect(changed?.check.findings.map((f) => f.requirement)).toEqual(['PB-SIGNATURE-VALID']);
    expect(renamed?.check.signature).toBe('valid');
    expect(renamed?.check.kind).toBe('payment');
    expect(renamed?.check.findings.every((f) => f.requirement === 'PB-PAYMENT-SHAPE')).toBe(true);
    expect(renamed?.check.findings.map((f) => f.pointer)).toContain('/currency');
  });

  test('should turn malformed postbacks into findings and keep serving', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({ kind: 'payment' });
    const bodies: [string, Buffer | string, Record<string, string>][] = [
      ['not JSON', '{"id": ', {}],
      ['empty', '', {}],
      ['1 MB', Buffer.alloc(1_000_000, 0x61), {}],
      ['wrong content-type', JSON.stringify(harness.service.sign(PAYMENT_POSTBACK)), { 'content-type': 'text/plain' }],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), {}],
      ['an array', '[1, 2]', {}],
    ];
    const answers = [];
    for (const [, body, headers] of bodies) answers.push(await post(endpoint.url, body, { headers }));
    // Beyond the body limit (256 KiB): 413, the size recorded, the body not buffered (issue 33).
    expect(answers).toEqual([200, 200, 413, 200, 200, 200].map((status) => ({ status })));
    const attempts = await endpoint.waitForAttempts(bodies.length, 1_000);
    const rules = attempts.map((a) => a.check.findings.map((f) => `${f.severity} ${f.rule}`));
    expect(rules).toEqual([
      ['error json'],
      ['error json'],
      ['error size', 'error json'],
      ['warning content-type'],
      ['error utf-8'],
      ['error json'],
    ]);
    expect(attempts[2]?.attempt).toMatchObject({ bodyBytes: 1_000_000, truncated: true });
    expect(attempts[2]?.attempt.reply).toEqual({ answer: 'status', status: 413 });
    expect(Buffer.from(attempts[2]?.attempt.body ?? '', 'base64')).toHaveLength(4096);
    expect(await post(endpoint.url, harness.service.sign(PAYMENT_POSTBACK))).toEqual({ status: 200 });
  });
});

test.describe('capture server: evidence', () => {
  test('should write each attempt to the evidence file before answering it', async ({ harness }) => {
    const endpoint = await harness.capture.createEndpoint({ label: 'evidence' });
    for (let i = 0; i < 5; i++) {
      expect(await post(endpoint.url, { i })).toEqual({ status: 200 });
      const { lines } = await readEvidence(harness.evidenceFile);
      expect(lines.filter((l) => l.type === 'attempt')).toHaveLength(i + 1);
    }
  });

  test('should record 10,000 postbacks from 64 concurrent senders exactly once, across a restart', async ({
    harness,
  }) => {
    test.setTimeout(120_000);
    const endpoint = await harness.capture.createEndpoint({ label: 'load' });
    // Senders keep what went wrong and one expect judges it: an expect per request would cost more than the request.
    const notAcknowledged: unknown[] = [];
    const send = async (from: number, to: number, url: string) => {
      let next = from;
      const sender = async () => {
        while (next < to) {
          const i = next++;
          const sent = await post(url, { i }, { timeoutMs: 30_000 });
          if (!('status' in sent) || sent.status !== 200) notAcknowledged.push({ i, sent });
        }
      };
      await Promise.all(Array.from({ length: 64 }, sender));
    };
    await send(0, 5_000, endpoint.url);
    await harness.capture.stop();
    const restarted = await harness.start({ resume: true });
    await send(5_000, 10_000, `${restarted.url}/pb/${endpoint.token}`);
    const attempts = restarted.endpoint(endpoint.token);
    expect(notAcknowledged).toEqual([]);
    const received = (await attempts?.waitForAttempts(10_000, 10_000)) ?? [];
    const ids = received.map((a) => (JSON.parse(Buffer.from(a.attempt.body, 'base64').toString()) as { i: number }).i);
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    expect(new Set(received.map((a) => a.attempt.seq)).size).toBe(10_000);
    const { lines, problems } = await readEvidence(harness.evidenceFile);
    expect(problems).toEqual([]);
    expect(lines.filter((l) => l.type === 'attempt')).toHaveLength(10_000);
  });
});
