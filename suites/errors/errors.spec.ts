/**
 * §7 on every operation: 400 for a body that cannot be parsed or breaks the field table, 500 with an error body on
 * an unexpected failure (injected through sandbox control on a target of this worker's own), and the error body
 * {"error": string} on each. What the field tables leave open (a member given as null, a member they do not list)
 * is checked against the profile's conventions. The 401 rows are in suites/auth; 403 and 404 in the suites of their
 * operations.
 */
import { assertErrorBody, expectErrorAnswer, invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { expect, test, verifies } from '../../fixtures/index.js';
import { invalidFields, validFields } from '../../fixtures/conformance/operation-bodies.js';
import { memberSchemas } from '../../fixtures/arbitraries/schema-arbitrary.js';
import { notApplicable } from '../../fixtures/conformance/skip.js';
import type { Exchange } from '../../src/client/exchange.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../src/contract/operations.js';
import { rawRequest, withoutMember } from '../../src/client/request-variants.js';

/** Bodies no JSON parser takes as a JSON object (§7: "could not be parsed"). */
const UNPARSEABLE: readonly { name: string; bytes: Buffer }[] = [
  { name: 'not JSON (cut short)', bytes: Buffer.from('{"publicKey": "a", "hash": ', 'utf8') },
  { name: 'JSON, but an array', bytes: Buffer.from('[{"publicKey": "a", "hash": "b"}]', 'utf8') },
];

/** A JSON object but for bytes that are no UTF-8 inside a string: §4 names no encoding (nonUtf8Bodies). */
const NOT_UTF8 = Buffer.concat([
  Buffer.from('{"publicKey": "', 'utf8'),
  Buffer.from([0xff, 0xfe, 0xc3]),
  Buffer.from('"}'),
]);

/** The optional members of the operation's field table (§4): those a body may give as null. */
function optionalMembers(operation: OperationName): string[] {
  const { members, required } = memberSchemas(OPERATIONS[operation].request);
  return Object.keys(members).filter((member) => !required.includes(member));
}

/** An optional member that the valid body leaves out: the one a test sets to null. */
function absentOptionalMember(operation: OperationName, fields: Readonly<Record<string, unknown>>): string {
  const name = optionalMembers(operation).find((member) => !(member in fields));
  return name ?? notApplicable(`every optional member of ${operation} is in its valid body`);
}

/** What identifies an answer for a comparison: its status, and its exact §7 code for 401, 403 and 404. */
function answerOf(exchange: Exchange): string {
  const exact = exchange.status === 401 || exchange.status === 403 || exchange.status === 404;
  const code = exact ? (exchange.json as { error?: unknown } | undefined)?.error : undefined;
  return typeof code === 'string' ? `${exchange.status} ${code}` : String(exchange.status);
}

/**
 * The answer a body with one odd member must get: the profile's refusal of an invalid body (invalidBodyStatus, §7's
 * 400) when it says such a member is refused, else the answer of its twin without the member (a fresh one: creations
 * use new ids), which the member must not change.
 */
async function expectedAnswer(refused: number | undefined, twin: () => Promise<Exchange>): Promise<string> {
  return refused !== undefined ? String(refused) : answerOf(await twin());
}

for (const operation of OPERATION_NAMES) {
  test.describe(`errors · ${operation}`, () => {
    test.beforeEach(({ given }) => {
      given.operation(operation);
    });

    test(
      "a body not UTF-8: 400, or read with the bad bytes replaced, as the profile's nonUtf8Bodies says",
      verifies('ERROR-NOT-UTF8', operation),
      async ({ api, given }) => {
        const reading = given.convention('nonUtf8Bodies');
        const exchange = await api.dispatch(rawRequest(operation, NOT_UTF8, 'not UTF-8'));
        // Refused: a 400 (its body is ERROR-BODY-SHAPE's, checked passively). Read with the bad bytes replaced: the
        // answer of its twin, the same body spelling them U+FFFD.
        const text = Buffer.from(new TextDecoder('utf-8').decode(NOT_UTF8), 'utf8');
        const expected =
          reading === 'refused'
            ? '400'
            : answerOf(await api.dispatch(rawRequest(operation, text, 'the same body, its bad bytes as U+FFFD')));
        check('ERROR-NOT-UTF8', () => {
          expect(answerOf(exchange), `${exchange.text.slice(0, 200)} (${reading})`).toBe(expected);
        });
      },
    );

    for (const body of UNPARSEABLE) {
      test(
        `a body ${body.name}: 400 with an error body`,
        verifies(['ERROR-MALFORMED-400', 'ERROR-BODY-SHAPE'], operation),
        async ({ api }) => {
          expectErrorAnswer(
            await api.dispatch(rawRequest(operation, body.bytes, body.name)),
            400,
            'ERROR-MALFORMED-400',
          );
        },
      );
    }

    test(
      "a correctly signed body that breaks the field table: the profile's invalidBodyStatus (400) with an error body",
      verifies(['ERROR-INVALID-BODY-400', 'ERROR-BODY-SHAPE'], operation),
      async ({ api, given }) => {
        const invalid = invalidFields(operation, given);
        const exchange = await api.dispatch(api.prepareUnchecked(operation, invalid.fields));
        expectErrorAnswer(exchange, invalidBodyStatus(given.profile), 'ERROR-INVALID-BODY-400', {
          what: invalid.what,
        });
      },
    );

    // Only where the field table has an optional member (§4.7's media upload and SMS confirmation have none).
    if (optionalMembers(operation).length > 0) {
      test(
        "a member given as null: 400, or read as absent, as the profile's nullMembers says",
        verifies('ERROR-NULL-MEMBERS', operation),
        async ({ api, given }) => {
          const reading = given.convention('nullMembers');
          const fields = validFields(operation, given);
          const member = absentOptionalMember(operation, fields);
          const withNull = await api.dispatch(api.prepareUnchecked(operation, { ...fields, [member]: null }));
          const expected = await expectedAnswer(
            reading === 'refused' ? invalidBodyStatus(given.profile) : undefined,
            () => api.dispatch(api.prepareUnchecked(operation, validFields(operation, given))),
          );
          expect(answerOf(withNull), `${member}: null (nullMembers ${reading}): ${withNull.text.slice(0, 200)}`).toBe(
            expected,
          );
        },
      );
    }

    test(
      "a member the field table does not list: 400, or ignored, as the profile's unknownRequestMembers says",
      verifies('ERROR-UNKNOWN-MEMBERS', operation),
      async ({ api, given }) => {
        const reading = given.convention('unknownRequestMembers');
        const extra = await api.dispatch(
          api.prepareUnchecked(operation, { ...validFields(operation, given), kitUnlistedMember: 'conformance-kit' }),
        );
        const expected = await expectedAnswer(
          reading === 'refused' ? invalidBodyStatus(given.profile) : undefined,
          () => api.dispatch(api.prepareUnchecked(operation, validFields(operation, given))),
        );
        expect(
          answerOf(extra),
          `kitUnlistedMember (unknownRequestMembers ${reading}): ${extra.text.slice(0, 200)}`,
        ).toBe(expected);
      },
    );

    test(
      'an unexpected server failure: 500 with an error body',
      verifies('ERROR-500-BODY', operation),
      async ({ api, given }) => {
        const control = given.exclusiveControl();
        const fields = validFields(operation, given);
        // §7 gives every error one body shape: when the operation's ordinary errors (a 401 here) lack it too, a 500
        // without it is ERROR-BODY-SHAPE's one finding, and this check is blocked by it.
        const ordinary = await api.dispatch(withoutMember(api.prepareUnchecked(operation, fields), 'publicKey'));
        if (ordinary.status >= 400)
          precondition('ERROR-BODY-SHAPE', () => {
            assertErrorBody(ordinary);
          });
        // The sandbox's own injection (sandbox README, faults): every operation fails as a crashed handler would.
        const before = (await control.faults()).filter((fault) => fault.enabled).map((fault) => fault.name);
        await control.setFaults([...before, 'server-error-on-every-operation']);
        try {
          // The body of a 500 is this requirement's own statement.
          expectErrorAnswer(await api.dispatch(api.prepareUnchecked(operation, fields)), 500, 'ERROR-500-BODY', {
            body: 'ERROR-500-BODY',
          });
        } finally {
          await control.setFaults(before);
        }
      },
    );
  });
}
