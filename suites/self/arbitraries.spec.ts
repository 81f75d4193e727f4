import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { invalidVariants, type InvalidBody } from '../../fixtures/arbitraries/invalid-variants.js';
import { schemaArbitrary, UnsupportedSchemaError } from '../../fixtures/arbitraries/schema-arbitrary.js';
import { SCHEMA_IDS, type SchemaId } from '../../generated/schema-types.gen.js';
import { getContract } from '../../src/contract/contract.js';
import { formatFindings } from '../../src/contract/finding.js';
import { loadSchemaCatalog } from '../../src/contract/schema-catalog.js';

const BODIES = new Map(loadSchemaCatalog().map((e) => [e.shortId, e.kind]));
/** The interface's requests: signed bodies (the control and capture APIs carry no publicKey and hash). */
const REQUESTS = SCHEMA_IDS.filter(
  (id) => BODIES.get(id) === 'request' && !id.startsWith('capture/') && !id.startsWith('sandbox-control/'),
);
const SIGNING = ['publicKey', 'hash'] as const;

/** Values the converter makes are judged by the same ajv as everything else: no finding of severity error. */
function errorsOf(id: SchemaId, value: unknown): string {
  return formatFindings(
    getContract()
      .validate(id, value)
      .findings.filter((f) => f.severity === 'error'),
  );
}

/** Why an invalid variant is invalid: ajv's errors for fields, the parse error for raw bytes; '' when it is valid. */
function rejectionOf(id: SchemaId, invalid: InvalidBody): string {
  if (invalid.kind === 'fields') return errorsOf(id, { ...invalid.fields, publicKey: 'k', hash: 'h' });
  try {
    JSON.parse(invalid.bytes);
    return '';
  } catch (error) {
    return String(error);
  }
}

test.describe('arbitraries from the schemas', () => {
  for (const id of SCHEMA_IDS.filter((i) => BODIES.get(i) !== undefined && i !== 'profile/profile')) {
    test(`${id}: every generated value should pass the schema`, () => {
      fc.assert(
        fc.property(schemaArbitrary(id), (value) => {
          expect(errorsOf(id, value)).toBe('');
        }),
        { numRuns: 200 },
      );
    });
  }

  for (const id of REQUESTS) {
    test(`${id}: fields without publicKey and hash should pass once signed, and every invalid variant should fail`, () => {
      const fields = schemaArbitrary(id, { omit: SIGNING });
      fc.assert(
        fc.property(fields, (value) => {
          expect(errorsOf(id, { ...value, publicKey: 'k', hash: 'h' })).toBe('');
        }),
        { numRuns: 100 },
      );
      fc.assert(
        fc.property(invalidVariants(id, fields, SIGNING, true), (invalid) => {
          expect(rejectionOf(id, invalid), invalid.mutation).not.toBe('');
        }),
        { numRuns: 300 },
      );
    });
  }

  test('should refuse a schema keyword it does not understand, rather than ignore it', () => {
    // The profile schema uses keywords the body schemas do not (it is not a body the suites send).
    expect(() => schemaArbitrary('profile/profile')).toThrow(UnsupportedSchemaError);
  });
});
