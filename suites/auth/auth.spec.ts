/**
 * §5 and the 401 rows of §7, on every operation: what a missing, foreign or garbage publicKey gets, what a hash that
 * does not check gets, and that a correctly signed body with non-ASCII text is accepted. What the interface leaves
 * open (a null or empty credential, which check comes first) is checked against the profile's conventions.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import {
  anotherValidFields,
  freeTextBody,
  invalidFields,
  validFields,
} from '../../fixtures/conformance/operation-bodies.js';
import { precondition } from '../../fixtures/conformance/checks.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { OPERATION_NAMES, type OperationName } from '../../src/contract/operations.js';
import { preparedFromBody, type PreparedRequest } from '../../src/client/prepared-request.js';
import type { RequirementId } from '../../src/requirements/registry.js';
import { changedAfterSigning, withoutMember } from '../../src/client/request-variants.js';
import { decodeHash, encodeHash, type HashEncoding } from '../../src/signing/hash-encoding.js';
import { randomBytes } from 'node:crypto';
import { invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';

/** The 401 codes of a publicKey and of a hash that count as missing, or as invalid (§5.4). */
const CREDENTIAL_CODES = {
  missing: ['NO_LOGIN', 'NO_TOKEN'],
  invalid: ['NO_KEY', 'UNAUTHORIZED'],
} as const;

type BasicCode = 'NO_LOGIN' | 'NO_TOKEN' | 'NO_KEY' | 'UNAUTHORIZED';

/** Each basic 401 of §5.4: its requirement, and the one thing wrong with a valid signed body that gets it. */
const BASIC_CASES: Record<
  BasicCode,
  { requirement: RequirementId; what: string; make: (signed: PreparedRequest, given: Preconditions) => PreparedRequest }
> = {
  NO_LOGIN: { requirement: 'AUTH-NO-LOGIN', what: 'without publicKey', make: (s) => withoutMember(s, 'publicKey') },
  NO_TOKEN: { requirement: 'AUTH-NO-TOKEN', what: 'without hash', make: (s) => withoutMember(s, 'hash') },
  NO_KEY: {
    requirement: 'AUTH-NO-KEY',
    what: 'a publicKey that is no key',
    make: (s) => changedAfterSigning(s, { publicKey: 'not-a-key-of-anyone' }),
  },
  UNAUTHORIZED: { requirement: 'AUTH-UNAUTHORIZED', what: 'a bad hash', make: (s, given) => given.tamperedHash(s) },
};

/**
 * The basic 401s a convention's check or the order's rests on. Each is a precondition (design brief §8): when a
 * basic code is broken its own test fails it, and a test that builds on it is blocked by it, not failed.
 */
async function basicCodesHold(
  api: ApiClient,
  given: Preconditions,
  operation: OperationName,
  codes: readonly BasicCode[],
): Promise<void> {
  const signed = api.prepareUnchecked(operation, validFields(operation, given));
  for (const code of codes) {
    const { requirement, what, make } = BASIC_CASES[code];
    const exchange = await api.dispatch(make(signed, given));
    await precondition(requirement, () => expect(exchange, `${what} (the basic ${code})`).toBeApiError(401, code));
  }
}

/** Characters each encoding writes: a hash with one outside them is not of that encoding. */
const ALPHABETS: Readonly<Record<HashEncoding, RegExp>> = {
  hex: /^[0-9a-f]*$/,
  base64: /^[A-Za-z0-9+/=]*$/,
  base64url: /^[A-Za-z0-9_-]*$/,
  'base64url-padded': /^[A-Za-z0-9_=-]*$/,
};

/**
 * Random bytes as long as the real signature, written in an encoding other than the profile's and with a character
 * the profile's encoding does not have: no signature of anything, and not even the profile's kind of text.
 */
function foreignHash(real: string, encoding: HashEncoding): string {
  const length = decodeHash(real, encoding)?.length ?? 64;
  const other: HashEncoding = encoding === 'hex' || encoding === 'base64' ? 'base64url' : 'base64';
  for (;;) {
    const text = encodeHash(randomBytes(length), other);
    if (!ALPHABETS[encoding].test(text)) return text;
  }
}

for (const operation of OPERATION_NAMES) {
  test.describe(`auth · ${operation}`, () => {
    test.beforeEach(({ given }) => {
      given.operation(operation);
    });

    test('without publicKey: 401 NO_LOGIN', verifies('AUTH-NO-LOGIN', operation), async ({ api, given }) => {
      const signed = api.prepareUnchecked(operation, validFields(operation, given));
      await expect(await api.dispatch(withoutMember(signed, 'publicKey'))).toBeApiError(401, 'NO_LOGIN');
    });

    test('without hash: 401 NO_TOKEN', verifies('AUTH-NO-TOKEN', operation), async ({ api, given }) => {
      const signed = api.prepareUnchecked(operation, validFields(operation, given));
      await expect(await api.dispatch(withoutMember(signed, 'hash'))).toBeApiError(401, 'NO_TOKEN');
    });

    test(
      "null publicKey and null hash: missing or invalid, as the profile's nullCredentials says",
      verifies('AUTH-NULL-CREDENTIALS', operation),
      async ({ api, given }) => {
        const [publicKeyCode, hashCode] = CREDENTIAL_CODES[given.convention('nullCredentials')];
        await basicCodesHold(api, given, operation, [publicKeyCode, hashCode]);
        const signed = api.prepareUnchecked(operation, validFields(operation, given));
        await expect(await api.dispatch(changedAfterSigning(signed, { publicKey: null }))).toBeApiError(
          401,
          publicKeyCode,
        );
        await expect(await api.dispatch(changedAfterSigning(signed, { hash: null }))).toBeApiError(401, hashCode);
      },
    );

    test(
      "another party's key, correctly signed: 401 NO_KEY",
      verifies('AUTH-NO-KEY', operation),
      async ({ api, given }) => {
        const body = given.stranger().signAsItself(validFields(operation, given));
        await expect(await api.dispatch(preparedFromBody(operation, body, 'signed by another party'))).toBeApiError(
          401,
          'NO_KEY',
        );
      },
    );

    test('a publicKey that is no key: 401 NO_KEY', verifies('AUTH-NO-KEY', operation), async ({ api, given }) => {
      const signed = api.prepareUnchecked(operation, validFields(operation, given));
      const garbage = changedAfterSigning(signed, { publicKey: 'not-a-key-of-anyone' });
      await expect(await api.dispatch(garbage)).toBeApiError(401, 'NO_KEY');
    });

    test(
      "empty publicKey and empty hash: invalid or missing, as the profile's emptyCredentials says",
      verifies('AUTH-EMPTY-CREDENTIALS', operation),
      async ({ api, given }) => {
        const [publicKeyCode, hashCode] = CREDENTIAL_CODES[given.convention('emptyCredentials')];
        await basicCodesHold(api, given, operation, [publicKeyCode, hashCode]);
        const signed = api.prepareUnchecked(operation, validFields(operation, given));
        await expect(await api.dispatch(changedAfterSigning(signed, { publicKey: '' }))).toBeApiError(
          401,
          publicKeyCode,
        );
        await expect(await api.dispatch(changedAfterSigning(signed, { hash: '' }))).toBeApiError(401, hashCode);
      },
    );

    test(
      'a body changed after signing: 401 UNAUTHORIZED',
      verifies('AUTH-UNAUTHORIZED', operation),
      async ({ api, given }) => {
        const signed = api.prepareUnchecked(operation, validFields(operation, given));
        const changed = changedAfterSigning(signed, anotherValidFields(operation, given));
        expect(changed.bytes.equals(signed.bytes), 'the change must alter the body').toBe(false);
        await expect(await api.dispatch(changed)).toBeApiError(401, 'UNAUTHORIZED');
      },
    );

    test(
      'the hash of another body: 401 UNAUTHORIZED',
      verifies('AUTH-UNAUTHORIZED', operation),
      async ({ api, given }) => {
        const body = api.prepareUnchecked(operation, validFields(operation, given));
        const other = api.prepareUnchecked(operation, anotherValidFields(operation, given));
        expect(other.body?.hash, 'the two bodies must differ').not.toEqual(body.body?.hash);
        await expect(await api.dispatch(changedAfterSigning(body, { hash: other.body?.hash }))).toBeApiError(
          401,
          'UNAUTHORIZED',
        );
      },
    );

    test(
      "the merchant's publicKey with another party's signature: 401 UNAUTHORIZED",
      verifies('AUTH-UNAUTHORIZED', operation),
      async ({ api, given }) => {
        const body = given.stranger().signAsMerchant(validFields(operation, given));
        const request = preparedFromBody(operation, body, "merchant's publicKey, signed by another party");
        await expect(await api.dispatch(request)).toBeApiError(401, 'UNAUTHORIZED');
      },
    );

    test(
      'a hash with one bit of its signature changed: 401 UNAUTHORIZED',
      verifies('AUTH-UNAUTHORIZED', operation),
      async ({ api, given }) => {
        const signed = api.prepareUnchecked(operation, validFields(operation, given));
        await expect(await api.dispatch(given.tamperedHash(signed))).toBeApiError(401, 'UNAUTHORIZED');
      },
    );

    test(
      "a hash that is no signature, written in another encoding than the profile's: 401 UNAUTHORIZED",
      verifies('AUTH-UNAUTHORIZED', operation),
      async ({ api, given }) => {
        const signed = api.prepareUnchecked(operation, validFields(operation, given));
        // A service that takes a hash it cannot read for a "legacy client" and skips the check fails here.
        const hash = foreignHash(String(signed.body?.hash), given.profile.requestSigner.input.hashEncoding);
        await expect(
          await api.dispatch(changedAfterSigning(signed, { hash })),
          `a random hash in another encoding: ${hash.slice(0, 40)}…`,
        ).toBeApiError(401, 'UNAUTHORIZED');
      },
    );

    test(
      "checks run in the profile's order: the credentials and the body, then NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED",
      verifies('AUTH-CHECK-ORDER', operation),
      async ({ api, given }) => {
        const bodyFirst = given.convention('authCheckOrder') === 'body-first';
        await basicCodesHold(api, given, operation, ['NO_LOGIN', 'NO_TOKEN', 'NO_KEY', 'UNAUTHORIZED']);
        // An invalid body with a credential problem: the body's refusal first (400, or the profile's
        // invalidBodyStatus), or the credential's 401 first.
        const refused = invalidBodyStatus(given.profile);
        const invalidThen = (code: string): [number, string | undefined] =>
          bodyFirst ? [refused, undefined] : [401, code];
        const invalid = api.prepareUnchecked(operation, invalidFields(operation, given).fields);
        // The invalid body's own refusal, correctly signed, is what a body-first order answers first.
        const invalidAnswer = await api.dispatch(invalid);
        await precondition('ERROR-INVALID-BODY-400', () =>
          expect(invalidAnswer, 'the invalid body, correctly signed').toBeApiError(refused),
        );
        await expect(
          await api.dispatch(withoutMember(invalid, 'publicKey')),
          'an invalid body without publicKey',
        ).toBeApiError(...invalidThen('NO_LOGIN'));
        await expect(
          await api.dispatch(changedAfterSigning(invalid, { publicKey: undefined, hash: undefined })),
          'an invalid body without publicKey and hash',
        ).toBeApiError(...invalidThen('NO_LOGIN'));
        await expect(await api.dispatch(given.tamperedHash(invalid)), 'an invalid body with a bad hash').toBeApiError(
          ...invalidThen('UNAUTHORIZED'),
        );
        // A valid body: the 401s in the order of §5.4, whichever comes first.
        const valid = api.prepareUnchecked(operation, validFields(operation, given));
        await expect(
          await api.dispatch(changedAfterSigning(valid, { publicKey: undefined, hash: undefined })),
          'without publicKey and hash',
        ).toBeApiError(401, 'NO_LOGIN');
        await expect(
          await api.dispatch(changedAfterSigning(valid, { publicKey: 'not-a-key-of-anyone', hash: undefined })),
          'an unknown key without hash',
        ).toBeApiError(401, 'NO_TOKEN');
        await expect(
          await api.dispatch(given.tamperedHash(changedAfterSigning(valid, { publicKey: 'not-a-key-of-anyone' }))),
          'an unknown key with a bad hash',
        ).toBeApiError(401, 'NO_KEY');
      },
    );

    const freeText = freeTextBody(operation);
    if (freeText !== undefined) {
      test(
        'a correctly signed body with non-ASCII text gets the answer its ASCII twin gets',
        verifies('AUTH-SIGNATURE-CANONICAL', operation),
        async ({ api, given }) => {
          const ascii = await api.dispatch(api.prepareUnchecked(operation, freeText(given, 'Zoe Omega Tokyo')));
          expect(ascii.status, 'the ASCII twin must pass authentication').not.toBe(401);
          const text = await api.dispatch(api.prepareUnchecked(operation, freeText(given, 'Zoë Ωμέγα 東京 🚀')));
          expect(text.status, `non-ASCII text answered ${text.status} ${text.text}`).toBe(ascii.status);
        },
      );
    }
  });
}
