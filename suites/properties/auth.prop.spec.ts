/**
 * §5.4: for any body the target accepts as signed, any change made to it after signing (a member changed, added or
 * removed, at the top or inside) gets 401 UNAUTHORIZED, also right after the signed body itself went through: a
 * captured request replayed with a change (a service that remembers verified requests under a key that leaves a member
 * out accepts only such a replay, ../shared/peers' FX04). The kit signs, sends, then changes and sends again: the hash
 * no longer covers the body.
 */
import fc from 'fast-check';
import { expect, test, verifies } from '../../fixtures/index.js';
import { plainExpect } from '../../fixtures/conformance/plain-expect.js';
import { schemaFields, withFreshIds } from '../../fixtures/arbitraries/request-fields.js';
import { assertProperty } from '../../fixtures/conformance/property-runs.js';
import { precondition } from '../../fixtures/conformance/checks.js';
import { invalidFields, validFields } from '../../fixtures/conformance/operation-bodies.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../src/contract/operations.js';
import { getContract } from '../../src/contract/contract.js';
import { assertSafe, SafetyError } from '../../src/client/safety-guard.js';
import type { Safety } from '../../generated/profile/profile.gen.js';
import { preparedFromBody } from '../../src/client/prepared-request.js';
import { verifyBody } from '../../src/signing/body-signer.js';
import type { ApiClient } from '../../src/client/api-client.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';
import type { RequirementId } from '../../src/requirements/registry.js';

type Body = Record<string, unknown>;

function isSafe(operation: OperationName, body: Body, safety: Safety): boolean {
  try {
    assertSafe(operation, body, Buffer.from(JSON.stringify(body)), safety);
    return true;
  } catch (error) {
    if (error instanceof SafetyError) return false;
    throw error;
  }
}

/** One change to a body, and what it is (what a counterexample prints). */
interface Change {
  readonly what: string;
  apply(body: Body): Body;
  [fc.toStringMethod](): string;
}

function change(what: string, apply: (body: Body) => Body): Change {
  return { what, apply, [fc.toStringMethod]: () => what };
}

/**
 * The members a change may touch, in a fixed order: never publicKey and hash (a changed publicKey is another key,
 * NO_KEY; whether the hash covers publicKey is the profile's signing choice), so every change is one the signature
 * covers, whatever the profile's members and canonical form.
 */
function signedMembers(body: Body): string[] {
  return Object.keys(body)
    .filter((n) => n !== 'publicKey' && n !== 'hash')
    .sort();
}

/**
 * Changes a body can get: another valid or any value for a member, a member removed or added, a change inside a nested
 * value.
 */
function changes(validBodies: fc.Arbitrary<Body>): fc.Arbitrary<Change> {
  const anyValue = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
  const pickOne = (body: Body, pick: number) => signedMembers(body)[pick % Math.max(1, signedMembers(body).length)];
  return fc.oneof(
    // A member given the value another valid body has: the body stays valid, so the case decides something also
    // where only a service that checks credentials first must refuse an invalid one (a strict list body).
    fc.tuple(fc.nat(), validBodies).map(([pick, other]) =>
      change(`member #${pick} set to another valid value`, (body) => {
        const name = pickOne(body, pick);
        return name === undefined || !Object.hasOwn(other, name) ? body : { ...body, [name]: other[name] };
      }),
    ),
    fc.tuple(fc.nat(), anyValue).map(([pick, value]) =>
      change(`member #${pick} set to ${JSON.stringify(value)}`, (body) => ({
        ...body,
        [pickOne(body, pick) ?? 'kitAddedMember']: value,
      })),
    ),
    fc.nat().map((pick) =>
      change(`member #${pick} removed`, (body) => {
        const name = pickOne(body, pick);
        if (name === undefined) return { ...body, kitAddedMember: 1 };
        const { [name]: _removed, ...rest } = body;
        return rest;
      }),
    ),
    fc
      .string({ minLength: 1, maxLength: 8 })
      .map((value) =>
        change(`kitAddedMember = ${JSON.stringify(value)} added`, (body) => ({ ...body, kitAddedMember: value })),
      ),
    fc.string({ maxLength: 12 }).map((value) =>
      change(`a value inside a nested member extended with ${JSON.stringify(value)}`, (body) => {
        const nested = Object.entries(body).find(
          ([, v]) => Array.isArray(v) && v.length > 0 && typeof v[0] === 'object',
        );
        if (nested === undefined) return { ...body, kitAddedMember: [value] };
        const [name, list] = nested as [string, Record<string, unknown>[]];
        const [first, ...rest] = list;
        const key = Object.keys(first ?? {}).at(-1) ?? 'value';
        return { ...body, [name]: [{ ...first, [key]: `${String(first?.[key])}${value}!` }, ...rest] };
      }),
    ),
  );
}

/** Precondition of the property: `fields` with a bad hash get 401 UNAUTHORIZED, or `requirement` fails and blocks it. */
async function badHashRefused(
  api: ApiClient,
  given: Preconditions,
  fields: Readonly<Record<string, unknown>>,
  operation: OperationName,
  requirement: RequirementId,
): Promise<void> {
  const exchange = await api.dispatch(given.tamperedHash(api.prepareUnchecked(operation, fields)));
  await precondition(requirement, () =>
    expect(
      exchange,
      `${requirement === 'AUTH-CHECK-ORDER' ? 'an invalid' : 'a valid'} body with a bad hash`,
    ).toBeApiError(401, 'UNAUTHORIZED'),
  );
}

for (const operation of OPERATION_NAMES) {
  test(
    `${operation}: any change to a signed body after signing gets 401 UNAUTHORIZED`,
    verifies('AUTH-UNAUTHORIZED', operation),
    async ({ api, given }) => {
      given.operation(operation);
      if (operation === 'createPayOut') given.payouts();
      const credentialsFirst = given.profile.settings.conventions?.authCheckOrder === 'credentials-first';
      // What the cases rest on, each its own requirement's finding: a bad hash on a valid body gets 401 UNAUTHORIZED
      // (else the service does not check hashes at all), and, where the profile states credentials first, on an
      // invalid body too (else the order is wrong, AUTH-CHECK-ORDER's). A case that then fails is a hash the service
      // accepted for a body it was not made for.
      await badHashRefused(api, given, validFields(operation, given), operation, 'AUTH-UNAUTHORIZED');
      if (credentialsFirst) {
        await badHashRefused(api, given, invalidFields(operation, given).fields, operation, 'AUTH-CHECK-ORDER');
      }
      await assertProperty(
        given.profile,
        fc.asyncProperty(
          schemaFields(operation, given.profile),
          changes(schemaFields(operation, given.profile)),
          async (fields, change) => {
            const sent = withFreshIds(fields, () => given.merchantPaymentId());
            const signed = api.prepareUnchecked(operation, sent);
            const original = signed.body ?? {};
            // The change is made to the fields, then put on the wire as the target takes them (a list's bounds in ISO
            // 8601 where the profile says so: a change made to the wire text would no longer be the interface's body),
            // keeping the signed publicKey and hash, whatever the change did.
            const credentials = { publicKey: original.publicKey, hash: original.hash };
            const changedFields = { ...change.apply({ ...sent }), ...credentials };
            const tampered = { ...api.prepareUnchecked(operation, changedFields).body, ...credentials };
            fc.pre(JSON.stringify(tampered) !== JSON.stringify(original));
            const replay = preparedFromBody(operation, tampered, `signed, sent, then ${change.what}`);
            // A change the profile's own signing scheme does not see (Orbipay's OPS1 writes null and "" alike) leaves
            // the signature valid: the service is right to accept it, and the case decides nothing.
            const { requestSigner, merchantVerificationKey } = given.profile;
            fc.pre(
              !verifyBody(tampered, requestSigner.scheme, merchantVerificationKey, {
                input: requestSigner.input,
                bytes: replay.bytes,
              }).valid,
            );
            // Only a service that checks the credentials first must answer 401 to a change that also breaks the field
            // table; elsewhere (body-first, or an order the profile does not state) such a case decides nothing.
            fc.pre(credentialsFirst || getContract().validate(OPERATIONS[operation].request, changedFields).ok);
            // A change the profile's safety caps forbid sending (an amount above the cap, a merchantPaymentId without
            // the prefix) is not a case for this target: design brief §6 before coverage.
            fc.pre(isSafe(operation, tampered, given.profile.settings.safety));
            // The signed body goes first and must pass authentication (else the hash was never the kit's to trust);
            // the changed copy is its replay. Sending the change alone would miss a service that trusts a replay
            // (issue 31 tried one request a case: the peer's FX04 went unseen).
            plainExpect((await api.dispatch(signed)).status, 'the signed body itself passes authentication').not.toBe(
              401,
            );
            const exchange = await api.dispatch(replay);
            await expect(exchange, change.what).toBeApiError(401, 'UNAUTHORIZED');
          },
        ),
      );
    },
  );
}
