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
import { enumerateMutations } from '../../fixtures/schema-cases/schema-mutations.js';

const entries = loadSchemaCatalog();
const mutations = enumerateMutations(entries);
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
    for (const mutation of own) {
      let contract;
      try {
        contract = createContract(undefined, mutation.apply(entries));
      } catch {
        byCompile++;
        continue;
      }
      if (ALL_SCHEMA_CASES.every((cases) => caseDeviations(contract, cases).length === 0)) {
        survivors.push(mutation.rule);
      }
    }
    test.info().annotations.push({
      type: 'mutations',
      description: `${own.length} rules; ${byCompile} caught by strict compilation, ${own.length - byCompile - survivors.length} by cases`,
    });
    expect(survivors, `rules of ${file} that no case pins`).toEqual([]);
  });
}
