/**
 * §7 on every operation: 400 for a body that cannot be parsed or breaks the field table, 500 with an error body on
 * an unexpected failure (injected through sandbox control on a target of this worker's own), and the error body
 * {"error": string} on each. The 401 rows are in suites/auth; 403 and 404 in the suites of their operations.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import { invalidFields, validFields } from '../../fixtures/conformance/operation-bodies.js';
import { OPERATION_NAMES } from '../../src/client/operations.js';
import { rawRequest } from '../../src/client/request-variants.js';

/** Bodies no JSON parser takes as a JSON object (§7: "could not be parsed"). */
const UNPARSEABLE: readonly { name: string; bytes: Buffer }[] = [
  { name: 'not JSON (cut short)', bytes: Buffer.from('{"publicKey": "a", "hash": ', 'utf8') },
  { name: 'JSON, but an array', bytes: Buffer.from('[{"publicKey": "a", "hash": "b"}]', 'utf8') },
  {
    name: 'not UTF-8',
    bytes: Buffer.concat([Buffer.from('{"publicKey": "', 'utf8'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
  },
];

for (const operation of OPERATION_NAMES) {
  test.describe(`errors · ${operation}`, () => {
    test.beforeEach(({ given }) => {
      given.operation(operation);
    });

    for (const body of UNPARSEABLE) {
      test(
        `a body ${body.name}: 400 with an error body`,
        verifies(['ERROR-MALFORMED-400', 'ERROR-BODY-SHAPE'], operation),
        async ({ api }) => {
          await expect(await api.dispatch(rawRequest(operation, body.bytes, body.name))).toBeApiError(400);
        },
      );
    }

    test(
      'a correctly signed body that breaks the field table: 400 with an error body',
      verifies(['ERROR-INVALID-BODY-400', 'ERROR-BODY-SHAPE'], operation),
      async ({ api, given }) => {
        const invalid = invalidFields(operation, given);
        const exchange = await api.dispatch(api.prepareUnchecked(operation, invalid.fields));
        await expect(exchange, invalid.what).toBeApiError(400);
      },
    );

    test(
      'an unexpected server failure: 500 with an error body',
      verifies(['ERROR-500-BODY', 'ERROR-BODY-SHAPE'], operation),
      async ({ api, given }) => {
        const control = given.exclusiveControl();
        const fields = validFields(operation, given);
        // The sandbox's own injection (sandbox README, faults): every operation fails as a crashed handler would.
        const before = (await control.faults()).filter((fault) => fault.enabled).map((fault) => fault.name);
        await control.setFaults([...before, 'server-error-on-every-operation']);
        try {
          await expect(await api.dispatch(api.prepareUnchecked(operation, fields))).toBeApiError(500);
        } finally {
          await control.setFaults(before);
        }
      },
    );
  });
}
