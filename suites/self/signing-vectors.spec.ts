/**
 * Known-answer vectors run before anything else (project `vectors`): every other test trusts the signer and the
 * canonical form. The answers and how each is checked are src/signing/known-answers.ts's, which certify also runs
 * in its own process before a certification.
 */
import { expect, test } from '@playwright/test';
import { knownAnswerGroups } from '../../src/signing/known-answers.js';

for (const { group, answers } of knownAnswerGroups()) {
  test.describe(group, () => {
    for (const answer of answers) {
      test(answer.name, () => {
        expect(() => {
          answer.run();
        }).not.toThrow();
      });
    }
  });
}
