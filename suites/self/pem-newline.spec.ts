/**
 * A PEM public key read from an environment variable that lost its final newline (issue 38): a counterpart that
 * compares publicKey exactly refuses every body, and the kit names that as the likely cause on both sides; a service
 * whose postbacks carry the key file's entire contents (§5.2) is not failed for the kit's truncated copy.
 */
import { expect, test } from '@playwright/test';
import type { CapturedAttempt } from '../../generated/capture/definitions.gen.js';
import { checkPostback } from '../../src/capture/postback-check.js';
import { getContract } from '../../src/contract/contract.js';
import { BodySigner } from '../../src/signing/body-signer.js';
import { builtinScheme } from '../../src/signing/builtin-schemes.js';
import { lostPemNewline, pemNewlineHint } from '../../src/signing/pem-newline.js';
import { testCredentials, testPublicKeyText } from '../../src/signing/test-keys.js';
import { PAYMENT_POSTBACK } from '../../fixtures/self/capture-harness.js';

const pem = testPublicKeyText('service', 'ed25519');
const truncated = pem.replace(/\n$/, '');
const scheme = builtinScheme('ed25519');

function attemptOf(body: Record<string, unknown>): CapturedAttempt {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    seq: 1,
    token: null,
    path: '/pb/merchant',
    n: 1,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bytes.toString('base64'),
    bodyBytes: bytes.length,
    truncated: false,
    receivedAt: '2026-11-27T10:00:00.000Z',
    monoMs: 1,
    reply: { answer: 'status', status: 200 },
  };
}

function check(sentKey: string, pinned: string) {
  const signer = new BodySigner(scheme, { ...testCredentials('service', 'ed25519'), publicKey: sentKey });
  const options = { contract: getContract(), verification: { scheme, key: { publicKey: pinned } } };
  return checkPostback(attemptOf(signer.sign({ ...PAYMENT_POSTBACK })), 'payment', options);
}

test('should tell a PEM that lost its final newline from one that has it, and say nothing of other keys', () => {
  expect(pem.endsWith('\n')).toBe(true);
  expect(lostPemNewline(pem)).toBe(false);
  expect(lostPemNewline(truncated)).toBe(true);
  expect(lostPemNewline('merchant-hmac-key-1')).toBe(false);
  expect(pemNewlineHint(pem, 'signing.publicKey')).toBe('');
  expect(pemNewlineHint(truncated, 'signing.publicKey')).toMatch(
    /likely cause: the PEM text of signing\.publicKey does not end with a newline.*environment variable/,
  );
});

test("should verify a postback carrying the key file's entire contents when the pinned copy lost its newline", () => {
  expect(check(pem, truncated).signature).toBe('valid');
  expect(check(pem, pem).signature).toBe('valid');
});

test('should fail a postback whose publicKey lost the newline the pinned file has, naming it', () => {
  const result = check(truncated, pem);
  expect(result.signature).toBe('unknown-public-key');
  const finding = result.findings.find((f) => f.rule === 'signature');
  expect(finding?.requirement).toBe('PB-PUBLIC-KEY-PINNED');
  expect(finding?.message).toContain("the pinned key's text with its white space changed");
});

test('should still fail another key, whatever its newline', () => {
  const other = testPublicKeyText('stranger', 'ed25519');
  expect(check(other, truncated).signature).toBe('unknown-public-key');
  expect(check(other.replace(/\n$/, ''), truncated).signature).toBe('unknown-public-key');
});
