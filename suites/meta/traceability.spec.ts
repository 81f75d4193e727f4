/**
 * Traceability of the conformance project, read from `playwright test --list`: every test cites known requirements
 * (tags and annotations agree), every testable requirement has a test, every §7 code × operation pair has one, and
 * every requirement a test checks has a sandbox fault that claims to break it (`npm run faults` proves each one fails under it).
 */
import { expect, test } from '@playwright/test';
import { runPlaywright, type RunTest } from '../../src/runner/playwright-run.js';
import { ERROR_TABLE } from '../../src/requirements/error-table.js';
import { REQUIREMENTS, requirementById } from '../../src/requirements/registry.js';
import { FAULTS } from '../../src/sandbox/faults/fault-registry.js';

let listing: Promise<readonly RunTest[]> | undefined;

/** The tests that certify the service (the conformance and browser projects), listed once per worker. */
function conformanceTests(): Promise<readonly RunTest[]> {
  listing ??= runPlaywright(['--list', '--project=conformance', '--project=browser'], { timeoutMs: 120_000 }).then(
    (run) => {
      if (run.errors.length > 0) throw new Error(`listing failed: ${run.errors.join('\n')}`);
      return run.tests.filter((t) => t.project === 'conformance' || t.project === 'browser');
    },
  );
  return listing;
}

test.describe('traceability of the conformance suites', () => {
  // One listing, shared: all these tests in one worker.
  test.describe.configure({ mode: 'default' });
  test.setTimeout(150_000);

  test('should have well over 100 tests, each citing at least one known, testable requirement', async () => {
    const tests = await conformanceTests();
    expect(tests.length).toBeGreaterThan(100);
    const problems = tests.flatMap((t) => [
      ...(t.requirements.length === 0 ? [`${t.title}: cites no requirement`] : []),
      ...(t.requirements.join() === t.annotatedRequirements.join() ? [] : [`${t.title}: tags and annotations differ`]),
      ...t.requirements.flatMap((id) => {
        const requirement = requirementById(id);
        if (requirement === undefined) return [`${t.title}: unknown requirement ${id}`];
        return requirement.untestable === undefined ? [] : [`${t.title}: cites ${id}, declared untestable`];
      }),
    ]);
    expect(problems).toEqual([]);
  });

  test('should have a test for every testable requirement and none for an untestable one', async () => {
    const cited = new Set((await conformanceTests()).flatMap((t) => t.requirements));
    const untested = REQUIREMENTS.filter((r) => r.untestable === undefined && !cited.has(r.id)).map((r) => r.id);
    expect(untested, 'testable requirements without a test').toEqual([]);
  });

  test('should annotate each test with operations its requirements apply to', async () => {
    const problems = (await conformanceTests()).flatMap((t) =>
      t.operations.flatMap((op) =>
        t.requirements
          .filter((id) => !(requirementById(id)?.operations ?? []).includes(op as never))
          .map((id) => `${t.title}: ${id} does not apply to ${op}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  test('should test every code of §7 on every operation it applies to', async () => {
    const tests = await conformanceTests();
    const missing = ERROR_TABLE.flatMap((row) =>
      row.operations
        .filter((op) => !tests.some((t) => t.requirements.includes(row.requirement) && t.operations.includes(op)))
        .map((op) => `${row.status} ${row.code ?? '(free text)'} ${row.requirement} × ${op}`),
    );
    expect(missing).toEqual([]);
  });

  test('should have a sandbox fault for every requirement the suites check', async () => {
    const broken = new Set<string>(FAULTS.flatMap((f) => f.breaks));
    const cited = [...new Set((await conformanceTests()).flatMap((t) => t.requirements))];
    expect(cited.filter((id) => !broken.has(id)).sort(), 'checked requirements no fault breaks').toEqual([]);
  });
});
