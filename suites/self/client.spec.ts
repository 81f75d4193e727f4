import { expect, test } from '@playwright/test';
import { ApiClient, MissingOperationError } from '../../src/client/api-client.js';
import type { Exchange } from '../../src/client/exchange.js';
import { OPERATION_NAMES } from '../../src/contract/operations.js';
import { RateLimiter } from '../../src/client/rate-limiter.js';
import { changedAfterSigning, rawRequest, withoutMember, withTamperedHash } from '../../src/client/request-variants.js';
import { SafetyError } from '../../src/client/safety-guard.js';
import { MAX_RESPONSE_BYTES, TransportError } from '../../src/client/transport.js';
import { loadProfile, type LoadedProfile } from '../../src/profile/load-profile.js';
import { decodeHash } from '../../src/signing/hash-encoding.js';
import { verifyBody } from '../../src/signing/body-signer.js';
import { canonicalJson } from '../../src/signing/canonical-json.js';
import { RecordingServer } from '../../fixtures/self/recording-server.js';
import { KitLimitError } from '../../src/kit-limit.js';
import { retryAfterMs, THROTTLE_ATTEMPTS, throttleWait } from '../../src/client/throttle.js';

const payIn = {
  accountId: 4101,
  paymentMethodId: 'sbx-card-in',
  amount: 100,
  merchantPaymentId: 'kit-client-1',
  clientFieldsValues: [{ key: 'cardholder', value: 'Zoë "Z" Ünal \\ €' }],
};

const PAY_IN_PATH = '/api/payments/v1/pay_in';

let server: RecordingServer;
let profile: LoadedProfile;

test.beforeEach(async () => {
  server = await RecordingServer.start();
  profile = await loadProfile();
});

test.afterEach(async () => {
  await server.close();
});

function clientFor(changes: Partial<LoadedProfile['settings']> = {}, baseUrl = server.url): ApiClient {
  return new ApiClient({ baseUrl, profile: { ...profile, settings: { ...profile.settings, ...changes } } });
}

function lastBody(): Buffer {
  const last = server.requests.at(-1);
  if (last === undefined) throw new Error('the server received nothing');
  return last.body;
}

function merchantTrust() {
  return { publicKey: profile.requestSigner.publicKey, secret: undefined };
}

test.describe('what goes on the wire', () => {
  test('should send the signed body as its canonical bytes, to the profile path, as JSON', async () => {
    const client = clientFor();
    const prepared = client.prepare('createPayIn', payIn);
    const exchange = await client.dispatch(prepared);
    await client.close();
    const received = server.requests[0];
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe(PAY_IN_PATH);
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body.equals(prepared.bytes), 'byte-exact').toBe(true);
    expect(exchange.request.body).toBe(prepared.bytes.toString('utf8'));
    const parsed = JSON.parse(lastBody().toString('utf8')) as Record<string, unknown>;
    expect(lastBody().toString('utf8')).toBe(canonicalJson(parsed));
  });

  test('should send the bytes it signed: the service can verify exactly what arrived', async () => {
    const client = clientFor();
    await client.createPayIn(payIn);
    await client.close();
    const arrived = JSON.parse(lastBody().toString('utf8')) as Record<string, unknown>;
    expect(verifyBody(arrived, profile.requestSigner.scheme, merchantTrust())).toEqual({ valid: true });
  });

  test('should keep a base URL path prefix', async () => {
    const client = clientFor({}, `${server.url}/gateway/`);
    await client.paymentStatus({ paymentId: 'p-1' });
    await client.close();
    expect(server.requests[0]?.url).toBe('/gateway/api/payments/v1/status');
  });

  test('should call every operation the profile names at its path', async () => {
    const client = clientFor();
    const auth = { paymentId: 'p-1' };
    await client.createPayIn(payIn);
    await client.createPayOut({ ...payIn, paymentMethodId: 'sbx-bank-out', merchantPaymentId: 'kit-client-2' });
    await client.paymentStatus(auth);
    await client.paymentsList({ createdAtFrom: 0, createdAtTo: 1 });
    await client.complaintStatus({ id: 'c-1' });
    await client.paymentMethods({ type: 'PAY_IN' });
    await client.mediaUpload({ fileName: 'r.png', contentType: 'image/png', data: 'iVBORw0KGgo=' });
    await client.complaintCreate({ paymentId: 'p-1', postBackUrl: 'http://127.0.0.1:9/pb' });
    await client.smsConfirm({ paymentId: 'p-1', code: '123456' });
    await client.close();
    expect(server.requests.map((r) => r.url)).toEqual(
      OPERATION_NAMES.map((op) => profile.settings.operations[op]?.path),
    );
    for (const request of server.requests) {
      const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      expect(verifyBody(body, profile.requestSigner.scheme, merchantTrust()), request.url).toEqual({ valid: true });
    }
  });
});

test.describe('raw mode for negative tests', () => {
  test('should drop a member without re-signing (NO_LOGIN, NO_TOKEN)', async () => {
    const client = clientFor();
    const signed = client.prepare('createPayIn', payIn);
    await client.dispatch(withoutMember(signed, 'publicKey'));
    await client.dispatch(withoutMember(signed, 'hash'));
    await client.close();
    const [noPublicKey, noHash] = server.requests.map(
      (r) => JSON.parse(r.body.toString('utf8')) as Record<string, unknown>,
    );
    expect(noPublicKey).toEqual(
      Object.fromEntries(Object.entries(signed.body ?? {}).filter(([k]) => k !== 'publicKey')),
    );
    expect(noHash).not.toHaveProperty('hash');
    expect(noHash?.publicKey).toBe(signed.body?.publicKey);
  });

  test('should change a body after signing so that only the signature check can catch it (UNAUTHORIZED)', async () => {
    const client = clientFor();
    const signed = client.prepare('createPayIn', payIn);
    const changed = changedAfterSigning(signed, { amount: 99, merchantUserId: 'u-2' });
    const tampered = withTamperedHash(signed, 'base64');
    if (tampered === undefined) throw new Error('a base64 hash must decode');
    await client.dispatch(changed);
    await client.dispatch(tampered);
    await client.close();
    const [afterChange, afterTamper] = server.requests.map(
      (r) => JSON.parse(r.body.toString('utf8')) as Record<string, unknown>,
    );
    expect(afterChange).toEqual({ ...signed.body, amount: 99, merchantUserId: 'u-2' });
    expect(verifyBody(afterChange ?? {}, profile.requestSigner.scheme, merchantTrust()).valid).toBe(false);
    const original = decodeHash(String(signed.body?.hash), 'base64');
    const altered = decodeHash(String(afterTamper?.hash), 'base64');
    expect(original?.length).toBe(altered?.length);
    const differingBits = [...(original ?? [])].reduce((n, byte, i) => n + popcount(byte ^ (altered?.[i] ?? 0)), 0);
    expect(differingBits, 'exactly one bit of the signature differs').toBe(1);
    expect({ ...afterTamper, hash: undefined }).toEqual({ ...signed.body, hash: undefined });
    expect(verifyBody(afterTamper ?? {}, profile.requestSigner.scheme, merchantTrust()).valid).toBe(false);
  });

  test('should sign a changed body when the test wants it valid but for one field (400 tests)', async () => {
    const client = clientFor();
    await client.dispatch(client.prepareUnchecked('createPayIn', { ...payIn, amount: 'one hundred' }));
    await client.close();
    const sent = JSON.parse(lastBody().toString('utf8')) as Record<string, unknown>;
    expect(sent.amount).toBe('one hundred');
    expect(verifyBody(sent, profile.requestSigner.scheme, merchantTrust())).toEqual({ valid: true });
  });

  test('should send arbitrary bytes exactly, with the content type asked for', async () => {
    const client = clientFor();
    const malformed = '{"publicKey": "k", "hash": ';
    const notUtf8 = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]);
    await client.dispatch(rawRequest('createPayIn', malformed, 'malformed JSON'));
    await client.dispatch(rawRequest('createPayIn', notUtf8, 'not UTF-8'));
    await client.dispatch(rawRequest('paymentStatus', '{}', 'form content type', 'application/x-www-form-urlencoded'));
    await client.close();
    expect(server.requests[0]?.body.toString('utf8')).toBe(malformed);
    expect(server.requests[1]?.body.equals(notUtf8)).toBe(true);
    expect(server.requests[2]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  test('should send a body JSON cannot canonicalise as JSON.stringify writes it', async () => {
    const client = clientFor();
    const signed = client.prepare('paymentStatus', { paymentId: 'p-1' });
    await client.dispatch(changedAfterSigning(signed, { paymentId: 'lone \ud800 surrogate' }));
    await client.close();
    expect(lastBody().toString('utf8')).toContain('"paymentId":"lone \\ud800 surrogate"');
  });
});

test.describe('what comes back', () => {
  test('should return status, headers, text, parsed JSON and timing, and show every exchange', async () => {
    server.reply(PAY_IN_PATH, { status: 401, body: '{"error":"NO_LOGIN"}', headers: { 'x-request-id': 'r-1' } });
    const seen: Exchange[] = [];
    const client = new ApiClient({ baseUrl: server.url, profile, onExchange: (e) => seen.push(e) });
    const exchange = await client.createPayIn(payIn);
    await client.close();
    expect(exchange.status).toBe(401);
    expect(exchange.headers['x-request-id']).toBe('r-1');
    expect(exchange.text).toBe('{"error":"NO_LOGIN"}');
    expect(exchange.json).toEqual({ error: 'NO_LOGIN' });
    expect(exchange.jsonError).toBeUndefined();
    expect(exchange.durationMs).toBeGreaterThanOrEqual(0);
    expect(seen).toEqual([exchange]);
  });

  test('should keep a body that is not JSON as text, saying why', async () => {
    server.reply(PAY_IN_PATH, { status: 500, body: '<html>Internal Server Error</html>' });
    server.reply('/api/payments/v1/status', { status: 200, body: '' });
    const client = clientFor();
    const html = await client.createPayIn(payIn);
    const empty = await client.paymentStatus({ paymentId: 'p' });
    await client.close();
    expect(html.json).toBeUndefined();
    expect(html.jsonError).toMatch(/JSON/);
    expect(html.text).toBe('<html>Internal Server Error</html>');
    expect(empty.jsonError).toBe('empty body');
  });

  test('should cut a huge body instead of holding it all', async () => {
    server.reply(PAY_IN_PATH, { status: 200, body: Buffer.alloc(MAX_RESPONSE_BYTES + 1024 * 1024, 0x61) });
    const client = clientFor();
    const exchange = await client.createPayIn(payIn);
    await client.close();
    expect(exchange.truncated).toBe(true);
    expect(exchange.text).toHaveLength(MAX_RESPONSE_BYTES);
  });

  test('should never follow a redirect', async () => {
    server.reply(PAY_IN_PATH, { status: 302, headers: { location: '/elsewhere' } });
    const client = clientFor();
    const exchange = await client.createPayIn(payIn);
    await client.close();
    expect(exchange.status).toBe(302);
    expect(exchange.headers.location).toBe('/elsewhere');
    expect(server.requests.map((r) => r.url)).toEqual([PAY_IN_PATH]);
  });
});

test.describe('every wait has a deadline', () => {
  for (const reply of ['hang', 'stall-body'] as const) {
    test(`should give up on a target that ${reply === 'hang' ? 'never answers' : 'stops mid-body'}`, async () => {
      server.reply(PAY_IN_PATH, reply);
      const client = clientFor();
      const error = await client
        .dispatch(client.prepare('createPayIn', payIn), { timeoutMs: 300 })
        .catch((e: unknown) => e);
      await client.close();
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).kind).toBe('timeout');
      expect(String(error)).toContain(`POST ${server.url}${PAY_IN_PATH}: no complete response within 300 ms`);
    });
  }

  test('should say when nothing listens or the connection drops', async () => {
    server.reply(PAY_IN_PATH, 'reset');
    const client = clientFor();
    const reset = await client.createPayIn(payIn).catch((e: unknown) => e);
    await client.close();
    expect(reset).toBeInstanceOf(TransportError);
    expect((reset as TransportError).kind).toBe('connection');
    const closed = await RecordingServer.start();
    const url = closed.url;
    await closed.close();
    const nowhere = clientFor({}, url);
    const refused = await nowhere.createPayIn(payIn).catch((e: unknown) => e);
    await nowhere.close();
    expect(String(refused)).toContain('ECONNREFUSED (nothing listens there)');
  });
});

test.describe('safety on shared environments', () => {
  test('should refuse payouts when the profile forbids them, before anything is sent', async () => {
    const client = clientFor({ safety: { ...profile.settings.safety, allowPayouts: false } });
    await expect(client.createPayOut({ ...payIn, paymentMethodId: 'sbx-bank-out' })).rejects.toThrow(SafetyError);
    await expect(client.dispatch(rawRequest('createPayOut', '{', 'malformed'))).rejects.toThrow(/allowPayouts/);
    await client.close();
    expect(server.requests).toEqual([]);
  });

  test('should refuse amounts above the cap and ids without the prefix, raw bodies included', async () => {
    const client = clientFor();
    await expect(client.createPayIn({ ...payIn, amount: 5_000_001 })).rejects.toThrow(
      "refused to send amount 5000001: above the profile's safety.maxAmount 5000000",
    );
    await expect(client.dispatch(rawRequest('createPayIn', '{"amount": 1e9}', 'big'))).rejects.toThrow(SafetyError);
    await expect(client.createPayIn({ ...payIn, merchantPaymentId: 'order-1' })).rejects.toThrow(
      /merchantPaymentId "order-1": it must start with the profile's safety\.merchantPaymentIdPrefix "kit-"/,
    );
    await client.paymentStatus({ merchantPaymentId: 'order-1' });
    await client.close();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/payments/v1/status']);
  });

  test('should say when the profile names no path for an operation', async () => {
    const { smsConfirm: _absent, ...operations } = profile.settings.operations;
    const client = clientFor({ operations });
    expect(client.supports('smsConfirm')).toBe(false);
    expect(client.supports('createPayIn')).toBe(true);
    await expect(client.smsConfirm({ paymentId: 'p', code: '1' })).rejects.toThrow(MissingOperationError);
    await client.close();
  });

  test('should space requests to the rate cap, concurrent callers included', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const released: number[] = [];
    const limiter = new RateLimiter(4, {
      now: () => now,
      sleep: (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    const take = () => limiter.take().then(() => released.push(now));
    await Promise.all([take(), take(), take()]);
    expect(released).toEqual([1_000, 1_250, 1_500]);
    now += 2_000;
    await take();
    expect(waits, 'no wait once an interval has passed').toEqual([250, 250]);
  });

  test('should not release a burst of overdue requests after the event loop stalled', async () => {
    let now = 0;
    const released: number[] = [];
    const limiter = new RateLimiter(10, {
      now: () => now,
      sleep: (ms) => {
        // The first sleep oversleeps by 500 ms, as a stalled event loop would.
        now += released.length === 1 ? ms + 500 : ms;
        return Promise.resolve();
      },
    });
    await Promise.all(Array.from({ length: 5 }, () => limiter.take().then(() => released.push(now))));
    expect(released).toEqual([0, 600, 700, 800, 900]);
  });
});

function popcount(byte: number): number {
  let count = 0;
  for (let b = byte; b > 0; b >>= 1) count += b & 1;
  return count;
}

test.describe('a target that asks the kit to slow down (429)', () => {
  test('should wait as Retry-After says and send the same bytes again, every exchange seen', async () => {
    server.script(PAY_IN_PATH, [
      { status: 429, headers: { 'retry-after': '0' }, body: '{"error":"slow down"}' },
      { status: 429, headers: { 'retry-after': new Date(Date.now() - 1000).toUTCString() } },
    ]);
    const seen: number[] = [];
    const waits: number[] = [];
    const client = new ApiClient({
      baseUrl: server.url,
      profile,
      onExchange: (exchange) => seen.push(exchange.status),
      onThrottle: (ms) => waits.push(ms),
    });
    const exchange = await client.dispatch(client.prepare('createPayIn', payIn));
    await client.close();
    expect(exchange.status).toBe(200);
    expect(seen).toEqual([429, 429, 200]);
    expect(waits).toEqual([0, 0]);
    const bodies = server.to(PAY_IN_PATH).map((r) => r.body.toString('utf8'));
    expect(new Set(bodies).size).toBe(1);
  });

  test('should give up with a kit limit, never a finding, when the 429s do not end', async () => {
    server.reply(PAY_IN_PATH, { status: 429, headers: { 'retry-after': '0' } });
    const client = clientFor();
    const failure = await client.dispatch(client.prepare('createPayIn', payIn)).catch((error: unknown) => error);
    await client.close();
    expect(failure).toBeInstanceOf(KitLimitError);
    expect((failure as Error).message).toContain('429 Too Many Requests 6 times');
    expect(server.to(PAY_IN_PATH)).toHaveLength(THROTTLE_ATTEMPTS);
  });

  test('should read Retry-After as seconds or an HTTP date, and refuse a wait beyond its patience', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(
      retryAfterMs(new Date(Date.parse('2026-01-01T00:00:10Z')).toUTCString(), Date.parse('2026-01-01T00:00:00Z')),
    ).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(throttleWait(2, undefined, 'POST /x')).toBe(1000);
    expect(throttleWait(3, undefined, 'POST /x')).toBe(2000);
    expect(() => throttleWait(2, '3600', 'POST /x')).toThrow(KitLimitError);
  });
});
