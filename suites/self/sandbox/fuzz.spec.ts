/**
 * Hostile and malformed bodies must never produce a 5xx, a crash or a hang (issue 3): every answer is a 4xx with an
 * {"error": string} body or a 200, and the sandbox still serves a valid request afterwards.
 */
import fc from 'fast-check';
import { expect, type SandboxHarness, test } from '../../../fixtures/self/sandbox-harness.js';
import { ApiClient } from '../../../src/client/api-client.js';
import { OPERATION_NAMES } from '../../../src/contract/operations.js';
import { rawRequest } from '../../../src/client/request-variants.js';

const operation = fc.constantFrom(...OPERATION_NAMES);

/** 200, or an error answer whose body is exactly {"error": string} (§7). */
function answerShape(exchange: { status: number; json: unknown; text: string }): string {
  if (exchange.status === 200) return '200';
  const body = exchange.json as Record<string, unknown> | undefined;
  const isErrorBody = body !== undefined && Object.keys(body).length === 1 && typeof body.error === 'string';
  return isErrorBody ? 'error body' : `${exchange.status} ${exchange.text.slice(0, 200)}`;
}

/** The client's safety caps protect shared environments; here they would stop the very bodies under test. */
function uncappedClient(sbx: SandboxHarness): ApiClient {
  const { settings } = sbx.profile;
  const safety = { ...settings.safety, maxAmount: Infinity, merchantPaymentIdPrefix: '', requestsPerSecond: 1e9 };
  return new ApiClient({ baseUrl: sbx.sandbox.url, profile: { ...sbx.profile, settings: { ...settings, safety } } });
}

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json({ maxDepth: 4 }),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(
    '{"__proto__": {"polluted": true}, "publicKey": "k", "hash": "h"}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '{"amount": 1e400, "publicKey": "k", "hash": "h"}',
    '{"publicKey": "k", "publicKey": "k2", "hash": "h"}',
    '\ufeff{"publicKey": "k"}',
    'null',
    '',
  ),
);

const hostileBytes = fc.oneof(
  hostileText.map((text) => Buffer.from(text, 'utf8')),
  fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d])),
);

test('should answer thousands of malformed or hostile bodies with 4xx or 200, never 5xx', async ({ sbx }) => {
  test.setTimeout(120_000);
  const api = uncappedClient(sbx);
  await fc.assert(
    fc.asyncProperty(operation, hostileBytes, async (op, bytes) => {
      const exchange = await api.dispatch(rawRequest(op, bytes, 'fuzz'));
      expect(exchange.status).toBeLessThan(500);
      expect(answerShape(exchange)).toMatch(/^(200|error body)$/);
    }),
    { numRuns: 2_000, seed: Number(process.env.FC_SEED ?? 20261121) },
  );
  await api.close();
  expect(sbx.log.filter((line) => line.startsWith('internal error'))).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((await sbx.create('payIn')).exchange.status).toBe(200);
});

test('should answer signed bodies of any shape with 4xx or 200, never 5xx', async ({ sbx }) => {
  test.setTimeout(120_000);
  const member = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom('', -1, 0, 1e21, null, [], {}),
  );
  const keys = fc.constantFrom(
    'accountId',
    'paymentMethodId',
    'amount',
    'clientFieldsValues',
    'merchantPaymentId',
    'paymentId',
    'id',
    'fromId',
    'take',
    'type',
    'status',
    'currencyCode',
    'createdAtFrom',
    'createdAtTo',
    'attachmentId',
    'postBackUrl',
    'data',
    'contentType',
    'fileName',
    'code',
    '__proto__',
    'unexpected',
  );
  const body = fc.dictionary(keys, member, { maxKeys: 10 });
  const api = uncappedClient(sbx);
  await fc.assert(
    fc.asyncProperty(operation, body, async (op, fields) => {
      const exchange = await api.dispatch(api.prepareUnchecked(op, fields));
      expect(exchange.status).toBeLessThan(500);
      expect(answerShape(exchange)).toMatch(/^(200|error body)$/);
    }),
    { numRuns: 1_500, seed: Number(process.env.FC_SEED ?? 20261122) },
  );
  await api.close();
  expect(sbx.log.filter((line) => line.startsWith('internal error'))).toEqual([]);
});
