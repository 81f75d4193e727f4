import { defineConfig } from '@playwright/test';

const ci = process.env.CI !== undefined && process.env.CI !== '';

/**
 * Projects (stable surface, design brief §5): `self` is the kit's own tests; `conformance` (added with the
 * suites) certifies a target. `vectors` holds the signing known-answer tests, which run before both: nothing
 * else is worth running if the signer is wrong.
 */
export default defineConfig({
  forbidOnly: ci,
  retries: 0,
  fullyParallel: true,
  reporter: ci ? [['line'], ['junit', { outputFile: 'reports/self/junit.xml' }]] : [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'vectors', testDir: 'suites/self', testMatch: 'signing-vectors.spec.ts' },
    { name: 'self', testDir: 'suites/self', testIgnore: 'signing-vectors.spec.ts', dependencies: ['vectors'] },
  ],
});
