/**
 * The README promises that `npm run certify` and `npm test` need Node.js and nothing else. The specs that need a Docker
 * engine or Debian's Chromium must then skip, each saying why, and never fail — the payment page's too, whose `page`
 * fixture would launch a browser before a skip in the test's body could run: this runs them in a nested run with both
 * hidden (DOCKER_HOST pointing at no socket, a PATH without chromium, KIT_REQUIRE_* unset) and checks exactly that.
 * `.ci/run` also runs the whole certification and `npm test` before it installs either (scripts/bare-machine.sh), and
 * afterwards only these specs (`npm run test:machine`), which must then run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runPlaywright } from '../../src/runner/playwright-run.js';

/** The specs that need what a bare machine lacks. */
const NEEDS_DOCKER = 'suites/self/certify/container-target.spec.ts';
const NEEDS_CHROMIUM = 'suites/self/report/conformance-html-in-chromium.spec.ts';
/** The payment page behind formUrl (project `browser`), which certify runs against the embedded sandbox. */
const PAGE_SUITE = 'suites/browser/payment-page.spec.ts';

test('should list every spec that needs Docker or Chromium in npm run test:machine', () => {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const machine = scripts['test:machine'] ?? '';
  for (const spec of [NEEDS_DOCKER, NEEDS_CHROMIUM, PAGE_SUITE]) expect(machine, 'test:machine').toContain(spec);
  expect(machine).toContain('--project=browser');
});

test('should skip, naming why, every test that needs Docker or Chromium on a machine with neither', async () => {
  test.setTimeout(120_000);
  // An empty folder as the whole PATH: no chromium anywhere on it (the runner itself is started by absolute path).
  const emptyPath = mkdtempSync(path.join(tmpdir(), 'kit-bare-path-'));
  try {
    const run = await runPlaywright(
      ['--project=self', '--project=browser', '--no-deps', NEEDS_DOCKER, NEEDS_CHROMIUM, PAGE_SUITE],
      {
        env: {
          PATH: emptyPath,
          DOCKER_HOST: `unix://${path.join(emptyPath, 'no-docker.sock')}`,
          KIT_REQUIRE_DOCKER: '',
          KIT_REQUIRE_CHROMIUM: '',
        },
        timeoutMs: 100_000,
      },
    );
    expect(run.errors, 'errors outside the tests').toEqual([]);
    const byFile = (file: string) => run.tests.filter((t) => file.endsWith(t.file));
    const docker = byFile(NEEDS_DOCKER);
    const chromium = [...byFile(NEEDS_CHROMIUM), ...byFile(PAGE_SUITE)];
    expect(docker.length, 'tests of the container target').toBeGreaterThan(0);
    expect(byFile(NEEDS_CHROMIUM).length, 'tests of the report in Chromium').toBeGreaterThan(0);
    expect(byFile(PAGE_SUITE).length, 'tests of the payment page').toBeGreaterThan(0);
    const seen = [...docker, ...chromium].map((t) => ({ title: t.title, outcome: t.outcome, why: t.skipReasons }));
    expect(seen.filter((t) => t.outcome !== 'skipped')).toEqual([]);
    for (const t of docker) expect(t.skipReasons.join(' '), t.title).toContain('no Docker engine answers');
    for (const t of chromium) expect(t.skipReasons.join(' '), t.title).toContain('Debian chromium is not on the PATH');
    expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
  } finally {
    rmSync(emptyPath, { recursive: true, force: true });
  }
});
