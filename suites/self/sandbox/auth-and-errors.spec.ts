import { credentialsOf } from '../../../fixtures/self/test-keys.js';
import { expect, type SandboxHarness, test } from '../../../fixtures/self/sandbox-harness.js';
import { OPERATION_NAMES, type OperationName } from '../../../src/contract/operations.js';
import {
  changedAfterSigning,
  rawRequest,
  withoutMember,
  withTamperedHash,
} from '../../../src/client/request-variants.js';
import { BodySigner } from '../../../src/signing/body-signer.js';
import { builtinScheme } from '../../../src/signing/builtin-schemes.js';

/** A valid body for every operation, so that each test changes exactly one thing. */
function validFields(sbx: SandboxHarness, operation: OperationName): Record<string, unknown> {
  switch (operation) {
    case 'createPayIn':
      return sbx.fieldsFor('payIn');
    case 'createPayOut':
      return sbx.fieldsFor('payOut');
    case 'paymentStatus':
    case 'complaintStatus':
      return { paymentId: 'p-unknown' };
    case 'paymentsList':
      return { createdAtFrom: 0, createdAtTo: 1 };
    case 'paymentMethods':
      return {};
    case 'mediaUpload':
      return { fileName: 'r.png', contentType: 'image/png', data: 'iVBORw0KGgo=' };
    case 'complaintCreate':
      return { paymentId: 'p-unknown', postBackUrl: 'http://127.0.0.1:9/pb' };
    case 'smsConfirm':
      return { paymentId: 'p-unknown', code: '1' };
  }
}

test.describe('authentication, every operation (§5.4, §7)', () => {
  for (const operation of OPERATION_NAMES) {
    test(`${operation}: NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED`, async ({ sbx }) => {
      const signed = sbx.api.prepareUnchecked(operation, validFields(sbx, operation));
      const stranger = new BodySigner(builtinScheme('rsa-sha256'), credentialsOf('stranger', 'rsa-sha256'));
      const cases: [string, Promise<{ status: number; json: unknown }>, string][] = [
        ['no publicKey', sbx.api.dispatch(withoutMember(signed, 'publicKey')), 'NO_LOGIN'],
        [
          'empty publicKey (an invalid key)',
          sbx.api.dispatch(changedAfterSigning(signed, { publicKey: '' })),
          'NO_KEY',
        ],
        ['null publicKey', sbx.api.dispatch(changedAfterSigning(signed, { publicKey: null })), 'NO_LOGIN'],
        ['no hash', sbx.api.dispatch(withoutMember(signed, 'hash')), 'NO_TOKEN'],
        ['empty hash (a failed check)', sbx.api.dispatch(changedAfterSigning(signed, { hash: '' })), 'UNAUTHORIZED'],
        [
          'a stranger key',
          sbx.api.dispatch({ ...signed, ...prepared(operation, stranger.sign(validFields(sbx, operation))) }),
          'NO_KEY',
        ],
        ['a publicKey that is a number', sbx.api.dispatch(changedAfterSigning(signed, { publicKey: 42 })), 'NO_KEY'],
        ['a tampered hash', sbx.api.dispatch(withTamperedHash(signed, 'base64') ?? signed), 'UNAUTHORIZED'],
        ['a body changed after signing', sbx.api.dispatch(changedAfterSigning(signed, { extra: 1 })), 'UNAUTHORIZED'],
        ['a hash that is not a string', sbx.api.dispatch(changedAfterSigning(signed, { hash: 5 })), 'UNAUTHORIZED'],
      ];
      for (const [name, sending, code] of cases) {
        const exchange = await sending;
        expect([exchange.status, exchange.json], name).toEqual([401, { error: code }]);
      }
    });
  }

  test('should check in the design brief order: parse, NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED, then the body', async ({
    sbx,
  }) => {
    const signed = sbx.api.prepareUnchecked('createPayIn', { amount: 'not a number' });
    // Invalid body and missing publicKey: authentication first.
    const noLogin = await sbx.api.dispatch(withoutMember(signed, 'publicKey'));
    expect([noLogin.status, noLogin.json]).toEqual([401, { error: 'NO_LOGIN' }]);
    // Both missing: NO_LOGIN before NO_TOKEN.
    const both = await sbx.api.dispatch(withoutMember(withoutMember(signed, 'hash'), 'publicKey'));
    expect(both.json).toEqual({ error: 'NO_LOGIN' });
    // Unknown key and no hash: NO_TOKEN before NO_KEY.
    const noToken = await sbx.api.dispatch(
      withoutMember(changedAfterSigning(signed, { publicKey: 'someone' }), 'hash'),
    );
    expect(noToken.json).toEqual({ error: 'NO_TOKEN' });
    // Signed but invalid: 400 with the reasons.
    const invalid = await sbx.api.dispatch(signed);
    expect(invalid.status).toBe(400);
    expect((invalid.json as { error: string }).error).toMatch(/^invalid body: .*\/amount: must be number/);
    // Not JSON at all: 400 before anything else.
    const garbage = await sbx.api.dispatch(rawRequest('createPayIn', '{"publicKey":', 'truncated JSON'));
    expect(garbage.status).toBe(400);
    expect((garbage.json as { error: string }).error).toMatch(/^the body is not valid JSON/);
  });

  test('should answer 400 to bodies that are not UTF-8, not objects, or too large', async ({ sbx }) => {
    const cases: [string, Buffer | string, RegExp][] = [
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), /not valid UTF-8/],
      ['an array', '[]', /must be a JSON object/],
      ['a string', '"hello"', /must be a JSON object/],
      ['nothing', '', /not valid JSON/],
      ['a huge body', `{"x":"${'a'.repeat(300 * 1024)}"}`, /larger than 262144 bytes/],
    ];
    for (const [name, bytes, message] of cases) {
      const exchange = await sbx.api.dispatch(rawRequest('paymentStatus', bytes, name));
      expect(exchange.status, name).toBe(400);
      expect((exchange.json as { error: string }).error, name).toMatch(message);
    }
  });

  test('should answer 404 NOT_FOUND on paths and methods that are not operations', async ({ sbx }) => {
    for (const [method, path] of [
      ['POST', '/api/payments/v1/refund'],
      ['GET', '/api/payments/v1/pay_in'],
      ['POST', '/'],
    ] as const) {
      const response = await fetch(`${sbx.sandbox.url}${path}`, { method, signal: AbortSignal.timeout(5_000) });
      expect([response.status, await response.json()], `${method} ${path}`).toEqual([404, { error: 'NOT_FOUND' }]);
    }
  });
});

function prepared(operation: OperationName, body: Record<string, unknown>) {
  return { operation, body, bytes: Buffer.from(JSON.stringify(body)), variant: 'signed by a stranger' };
}
