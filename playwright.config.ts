import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import type { ConformanceOptions } from './fixtures/index.js';
import { faultProofProjects } from './fixtures/conformance/fault-projects.js';
import { CHROMIUM_ARGS, debianChromium } from './src/runner/debian-chromium.js';

/** `.ts` in a clone, `.js` in the package (dist/playwright.config.js): the modules named below beside it. */
const ext = path.extname(fileURLToPath(import.meta.url));
const ci = process.env.CI !== undefined && process.env.CI !== '';
/** Set by `npm run certify` (src/certify): the conformance reports, written to KIT_REPORT_DIR (default reports/). */
const certifying = process.env.KIT_CERTIFY === '1';
const reportDir = path.resolve(process.env.KIT_REPORT_DIR?.trim() || 'reports');

/**
 * A shard of a certification (certify --shard i/n) writes Playwright's blob report only: its part of the verdicts
 * means nothing alone. `payment-conformance report merge` replays the parts through the reporters below.
 */
const shard = certifying && (process.env.KIT_SHARD ?? '') !== '';

const reporters: ReporterDescription[] = shard
  ? [['line'], ['blob', { outputDir: path.join(reportDir, 'blob', process.env.KIT_SHARD ?? '') }]]
  : certifying
    ? [
        ['line'],
        [`./src/report/conformance-reporter${ext}`, { outputDir: reportDir }],
        ['junit', { outputFile: path.join(reportDir, 'junit.xml') }],
        ['html', { outputFolder: path.join(reportDir, 'html'), open: 'never' }],
      ]
    : ci
      ? [['line'], ['junit', { outputFile: 'reports/self/junit.xml' }]]
      : [['list']];

/** The suites that certify a target: everything under suites/ but the kit's own tests, the receiver's and the page's. */
const CONFORMANCE_SUITES = { testDir: 'suites', testIgnore: ['self/**', 'meta/**', 'receiver/**', 'browser/**'] };

/**
 * The payment page behind formUrl in Debian's Chromium, never a downloaded browser (its tests skip, saying why, where
 * the package is missing); a failure keeps its screenshot and trace, which the reports point to.
 */
const chromiumPath = debianChromium();
const BROWSER_USE = {
  browserName: 'chromium' as const,
  launchOptions:
    chromiumPath === undefined ? { args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS, executablePath: chromiumPath },
  screenshot: 'only-on-failure' as const,
  trace: 'retain-on-failure' as const,
};

/**
 * Projects (stable surface, design brief §5): `self` is the kit's own tests (suites/self and suites/meta);
 * `conformance` certifies a target. `vectors` holds the signing known-answer tests, which run before both: nothing
 * else is worth running if the signer is wrong. With KIT_FAULT_PROJECTS=1 (the fault matrix, npm run faults), one
 * `fault:<name>` project per sandbox fault reruns the conformance tests of the requirements that fault breaks; with
 * KIT_FAULT_PROJECTS=full, the whole conformance suite.
 */
export default defineConfig<ConformanceOptions>({
  forbidOnly: ci,
  // The run's capture server, which receives the target's postbacks for every worker.
  globalSetup: `./fixtures/conformance/capture-setup${ext}`,
  // No retries anywhere: a target that answers differently the second time is a finding, not noise (brief §6).
  retries: 0,
  fullyParallel: true,
  // The scrubber comes first: it removes secrets from each result before the other reporters see it.
  reporter: [[`./src/report/secret-scrubber${ext}`], ...reporters],
  // A certification keeps its attachments next to its reports, and never empties the test-results/ of another run
  // (Playwright cleans its output folder when a run starts).
  outputDir: certifying ? path.join(reportDir, 'test-results') : 'test-results',
  projects: [
    { name: 'vectors', testDir: 'suites/self', testMatch: `signing-vectors.spec${ext}` },
    {
      name: 'self',
      testDir: 'suites',
      testMatch: [`self/**/*.spec${ext}`, `meta/**/*.spec${ext}`],
      testIgnore: `self/signing-vectors.spec${ext}`,
      dependencies: ['vectors'],
    },
    // The payment page behind formUrl (certify runs it when the profile declares an external method). Listed before
    // `conformance` and in one worker: its few tests, mostly waiting on the page, run beside the API suites on the
    // other workers instead of after them on a pair of fresh workers (issue 31: ~6 s of a certification's tail).
    {
      name: 'browser',
      testDir: 'suites/browser',
      dependencies: ['vectors'],
      fullyParallel: false,
      use: BROWSER_USE,
    },
    { name: 'conformance', ...CONFORMANCE_SUITES, dependencies: ['vectors'] },
    // A merchant's postback receiver, with the kit as the service (npm run certify-receiver).
    { name: 'receiver', testDir: 'suites/receiver', dependencies: ['vectors'] },
    ...(process.env.KIT_FAULT_PROJECTS === '1' || process.env.KIT_FAULT_PROJECTS === 'full'
      ? faultProofProjects().map((fault): Project<ConformanceOptions> => ({
          name: `fault:${fault.name}`,
          // The page's suites too: the catalogue's page faults are caught in a browser.
          testDir: 'suites',
          testIgnore: ['self/**', 'meta/**', 'receiver/**'],
          // full (npm run faults -- --full): the whole suite under each fault, to measure collateral failures.
          ...(process.env.KIT_FAULT_PROJECTS === 'full' ? {} : { grep: fault.grep }),
          use: { ...BROWSER_USE, sandboxFaults: [fault.name], faultProof: true },
        }))
      : []),
  ],
});
