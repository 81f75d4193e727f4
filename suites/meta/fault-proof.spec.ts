/**
 * Proof that the conformance suites can fail (design brief §6): the clean sandbox passes every conformance test,
 * and for every sandbox fault, the tests of each requirement it breaks, run against the sandbox with that fault on,
 * include at least one that fails. Every requirement the suites check is broken by some fault
 * (traceability.spec.ts), so every check is shown able to fail.
 */
import { expect, test } from '@playwright/test';
import { faultProofProjects } from '../../fixtures/conformance/fault-projects.js';
import { runPlaywright, type RunResult, type RunTest } from '../../fixtures/self/playwright-run.js';
import { REQUIREMENTS } from '../../src/requirements/registry.js';

/** Every fault project and the clean conformance project in one run (about a minute on two cores). */
const RUN_TIMEOUT_MS = 15 * 60_000;

const failed = (t: RunTest) => t.outcome === 'failed' || t.outcome === 'timedOut';

test.describe('fault proof', () => {
  // One expensive run, shared: all these tests in one worker, in order.
  test.describe.configure({ mode: 'default' });
  test.setTimeout(RUN_TIMEOUT_MS + 60_000);

  let run: RunResult;

  test.beforeAll(async () => {
    test.setTimeout(RUN_TIMEOUT_MS + 60_000);
    run = await runPlaywright(['--project=conformance', '--project=fault:*'], {
      env: { KIT_FAULT_PROJECTS: '1' },
      timeoutMs: RUN_TIMEOUT_MS,
    });
  });

  test('should run without errors outside the tests', () => {
    expect(run.errors).toEqual([]);
  });

  test('should pass every conformance test on the clean sandbox', () => {
    const clean = run.tests.filter((t) => t.project === 'conformance');
    expect(clean.length).toBeGreaterThan(100);
    expect(
      clean
        .filter((t) => t.status !== 'expected' && t.status !== 'skipped')
        .map((t) => `${t.title}: ${t.error ?? t.outcome}`),
    ).toEqual([]);
    expect(clean.filter((t) => t.outcome === 'passed').length, 'tests that ran and passed').toBeGreaterThan(100);
  });

  /** For each fault, the requirements it breaks and whether a test of each failed in its project. */
  function proofs() {
    return faultProofProjects().flatMap((fault) => {
      const tests = run.tests.filter((t) => t.project === `fault:${fault.name}`);
      return fault.breaks.map((id) => {
        const ofRequirement = tests.filter((t) => t.requirements.includes(id));
        return { fault: fault.name, id, tests: ofRequirement.length, proven: ofRequirement.some(failed) };
      });
    });
  }

  test('should fail a test of every requirement each fault breaks', () => {
    const unproven = proofs()
      .filter((p) => !p.proven)
      .map((p) => `${p.fault} breaks ${p.id}, yet none of its ${p.tests} tests of ${p.id} fails`);
    expect(unproven).toEqual([]);
  });

  test('should show every spec-level requirement the suites check failing under a fault that breaks it', () => {
    const checked = new Set(run.tests.filter((t) => t.project === 'conformance').flatMap((t) => t.requirements));
    const proven = new Set(
      proofs()
        .filter((p) => p.proven)
        .map((p) => p.id),
    );
    const unproven = REQUIREMENTS.filter((r) => r.level === 'spec' && checked.has(r.id) && !proven.has(r.id));
    expect(unproven.map((r) => r.id)).toEqual([]);
  });
});
