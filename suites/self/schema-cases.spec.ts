import { expect, test } from '@playwright/test';
import { getContract } from '../../src/contract/contract.js';
import { caseDeviations } from '../../fixtures/schema-cases/case-deviations.js';
import { ALL_SCHEMA_CASES } from '../../fixtures/schema-cases/index.js';

for (const cases of ALL_SCHEMA_CASES) {
  test(`${cases.schema}: should accept the valid examples and find each invalid one's broken rule`, () => {
    expect(caseDeviations(getContract(), cases)).toEqual([]);
    expect(Object.keys(cases.valid).length, 'at least one valid example').toBeGreaterThan(0);
    expect(cases.invalid.length, 'at least one invalid example').toBeGreaterThan(0);
  });
}
