/**
 * Removing any single rule from a schema must make a self-test fail. For each rule validation can reach (a
 * `type`, an `enum`, one member of a `required`, a `pattern`, an `additionalProperties: false`…), this removes
 * it from a copy of the schemas and checks that either strict compilation fails or a hand-written case no
 * longer holds. A survivor is a rule nothing pins: add a case for it.
 */
import { expect, test } from '@playwright/test';
import { createContract } from '../../src/contract/contract.js';
import { loadSchemaCatalog } from '../../src/contract/schema-catalog.js';
import { caseDeviations } from '../../fixtures/schema-cases/case-deviations.js';
import { ALL_SCHEMA_CASES } from '../../fixtures/schema-cases/index.js';
import { enumerateMutations, filesReachedByBody } from '../../fixtures/schema-cases/schema-mutations.js';

const entries = loadSchemaCatalog();
const mutations = enumerateMutations(entries);
const reached = filesReachedByBody(entries);
const files = [...new Set(mutations.map((m) => m.file))];

test('should find rules in every schema file', () => {
  expect(files.sort()).toEqual(entries.map((e) => e.file).sort());
});

for (const file of files) {
  test(`${file}: removing any one rule should break a self-test`, () => {
    test.setTimeout(120_000);
    const own = mutations.filter((m) => m.file === file);
    const survivors: string[] = [];
    let byCompile = 0;
    // Only the bodies that reach this file through $refs can notice a change to it.
    const affected = ALL_SCHEMA_CASES.filter((cases) => reached.get(cases.schema)?.has(file) === true);
    for (const mutation of own) {
      const contract = createContract(undefined, mutation.apply(entries), 'lazily');
      try {
        if (affected.every((cases) => caseDeviations(contract, cases).length === 0)) survivors.push(mutation.rule);
      } catch (error) {
        // Strict compilation refused the mutated schema: the strict-compile self-test would fail. Anything else is
        // a bug of this test, not a detection.
        if (!isCompileError(error)) throw error;
        byCompile++;
      }
    }
    test.info().annotations.push({
      type: 'mutations',
      description: `${own.length} rules; ${byCompile} caught by strict compilation, ${own.length - byCompile - survivors.length} by cases`,
    });
    expect(survivors, `rules of ${file} that no case pins`).toEqual([]);
  });
}

test('should report a rule that no case pins (the mutation test can fail)', () => {
  const file = 'other-operations/media-upload.request.schema.json';
  const rule = '#/properties/fileName/maxLength';
  const mutation = mutations.find((m) => m.file === file && m.rule === rule);
  if (mutation === undefined) throw new Error(`no rule ${rule} in ${file}`);
  const contract = createContract(undefined, mutation.apply(entries), 'lazily');
  const withPin = ALL_SCHEMA_CASES.find((c) => c.schema === 'other-operations/media-upload.request');
  if (withPin === undefined) throw new Error('no cases for media upload');
  const withoutPin = {
    ...withPin,
    invalid: withPin.invalid.filter((c) => !c.expect.some((e) => e.rule === 'maxLength')),
  };
  expect(caseDeviations(contract, withPin).length, 'the full cases notice').toBeGreaterThan(0);
  expect(caseDeviations(contract, withoutPin), 'without its case, the rule survives').toEqual([]);
});

function isCompileError(error: unknown): boolean {
  return error instanceof Error && /^(strict mode|discriminator)/.test(error.message);
}
