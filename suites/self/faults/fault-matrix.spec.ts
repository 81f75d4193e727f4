/**
 * The fault matrix's judgement (src/faults/fault-matrix.ts) on made-up runs: a fault is detected only by a failing
 * test of a requirement it breaks, a failure on the clean sandbox is a false alarm, a spec-level requirement no fault
 * breaks is a gap unless the registry says why no test can verify it.
 */
import { expect, test } from '@playwright/test';
import { judgeFaultMatrix } from '../../../src/faults/fault-matrix.js';
import { renderTable } from '../../../src/faults/faults-cli.js';
import type { Requirement } from '../../../src/requirements/requirement.js';
import type { RunTest } from '../../../src/runner/playwright-run.js';
import type { FaultDefinition } from '../../../src/sandbox/faults/fault-registry.js';
import { NO_DEBIAN_CHROMIUM } from '../../../src/runner/debian-chromium.js';

/** A test whose requirements all had its outcome, unless `failedOnly` names the ones its checks failed. */
function ran(
  project: string,
  title: string,
  requirements: string[],
  outcome: string,
  error?: string,
  failedOnly?: string[],
): RunTest {
  const status =
    outcome === 'passed' ? 'passed' : outcome === 'failed' || outcome === 'timedOut' ? 'failed' : 'skipped';
  return {
    verdicts: requirements.map((requirement) => ({
      requirement,
      status:
        failedOnly === undefined || status !== 'failed'
          ? status
          : failedOnly.includes(requirement)
            ? 'failed'
            : 'passed',
    })),
    project,
    title,
    file: 'suites/x.spec.ts',
    requirements,
    operations: [],
    annotatedRequirements: requirements,
    status: outcome === 'failed' ? 'unexpected' : 'expected',
    outcome,
    error,
    skipReasons: [],
    attachments: [],
  };
}

const fault = (name: string, breaks: string[]): FaultDefinition => ({
  name,
  area: 'pagination',
  breaks,
  description: `${name} does something wrong.`,
});

const requirement = (id: string, level: 'spec' | 'profile', untestable?: string): Requirement => ({
  id,
  section: '§4.4',
  statement: id,
  level,
  operations: [],
  ...(untestable ? { untestable } : {}),
});

const REQS = [requirement('A', 'spec'), requirement('B', 'spec'), requirement('C', 'profile')];
const times = { startedAt: new Date('2026-11-21T10:00:00Z'), finishedAt: new Date('2026-11-21T10:01:30Z'), workers: 2 };

test.describe('fault matrix', () => {
  test('should call a fault detected by the failing tests of the requirements it breaks, and name them', () => {
    const report = judgeFaultMatrix(
      {
        ...times,
        tests: [
          ran('conformance', 'a works', ['A'], 'passed'),
          ran('conformance', 'b works', ['B'], 'passed'),
          ran('conformance', 'c skipped', ['C'], 'skipped'),
          ran('fault:breaks-a-and-b', 'a works', ['A'], 'failed'),
          ran('fault:breaks-a-and-b', 'b works', ['B'], 'passed'),
          ran('fault:breaks-b', 'b works', ['B'], 'timedOut'),
        ],
      },
      [fault('breaks-a-and-b', ['A', 'B']), fault('breaks-b', ['B'])],
      REQS,
    );
    expect(report.clean).toEqual({ pass: 2, fail: 0, skipped: 1, failures: [] });
    expect(report.faults.map((f) => [f.name, f.detected, f.by, f.undetectedRequirements])).toEqual([
      ['breaks-a-and-b', true, [{ requirement: 'A', test: 'a works' }], ['B']],
      ['breaks-b', true, [{ requirement: 'B', test: 'b works' }], undefined],
    ]);
    // Detected, but not through B: the matrix fails until a test of B fails under it too.
    expect(report.summary).toEqual({ faults: 2, detected: 2, missed: 0, unobservable: 0, collateral: 0, ok: false });
    expect(report.wallMs).toBe(90_000);
    expect(renderTable(report)).toContain('; NOT by B: none of their tests failed');
    const whole = judgeFaultMatrix(
      {
        ...times,
        tests: [ran('conformance', 'b works', ['B'], 'passed'), ran('fault:breaks-b', 'b works', ['B'], 'failed')],
      },
      [fault('breaks-b', ['B'])],
      [requirement('B', 'spec')],
    );
    expect(whole.summary).toEqual({ faults: 1, detected: 1, missed: 0, unobservable: 0, collateral: 0, ok: true });
    expect(renderTable(whole)).toContain('Fault matrix: OK (exit 0)');
  });

  test('should count what fails under a fault beyond what it breaks as collateral, and fail the matrix on it', () => {
    const report = judgeFaultMatrix(
      {
        ...times,
        full: true,
        tests: [
          ran('conformance', 'a and b', ['A', 'B'], 'passed'),
          // One test of A and B: its checks failed A only, so B is not collateral.
          ran('fault:breaks-a', 'a and b', ['A', 'B'], 'failed', 'x', ['A']),
          ran('fault:breaks-a', 'c', ['C'], 'failed'),
        ],
      },
      [fault('breaks-a', ['A'])],
      REQS,
      [fault('breaks-a', ['A']), fault('breaks-b', ['B'])],
    );
    expect(report.scope).toBe('full');
    expect(report.faults[0]).toMatchObject({ detected: true, collateral: ['C'] });
    expect(report.summary).toMatchObject({ collateral: 1, ok: false });
    expect(renderTable(report)).toContain('collateral: C');
  });

  test('should miss a fault when only tests of other requirements fail, or none ran', () => {
    const report = judgeFaultMatrix(
      {
        ...times,
        tests: [
          ran('conformance', 'a works', ['A'], 'passed'),
          ran('fault:breaks-b', 'a and b', ['A'], 'failed'),
          ran('fault:breaks-b', 'b works', ['B'], 'passed'),
        ],
      },
      [fault('breaks-b', ['B']), fault('selects-nothing', ['A'])],
      REQS,
    );
    expect(report.faults.map((f) => [f.name, f.detected, f.tests])).toEqual([
      ['breaks-b', false, 2],
      ['selects-nothing', false, 0],
    ]);
    expect(report.summary).toMatchObject({ detected: 0, missed: 2, ok: false });
    const table = renderTable(report);
    expect(table).toContain('MISSED: none of its 2 tests of B failed');
    expect(table).toContain('Fault matrix: FAILED (exit 1)');
  });

  test('should report a failure on the clean sandbox as a false alarm, colour codes removed', () => {
    const report = judgeFaultMatrix(
      {
        ...times,
        tests: [
          ran('conformance', 'a works', ['A'], 'failed', '\u001b[31mexpected 200\u001b[39m\nreceived 500'),
          ran('fault:breaks-a', 'a works', ['A'], 'failed'),
        ],
      },
      [fault('breaks-a', ['A', 'B'])],
      REQS,
    );
    expect(report.clean.failures).toEqual(['a works: expected 200']);
    expect(report.summary.ok).toBe(false);
    expect(renderTable(report)).toContain('false alarm: a works: expected 200');
  });

  test('should list spec-level requirements no fault breaks, a gap unless no test can verify them', () => {
    const tests = [ran('conformance', 'a works', ['A'], 'passed'), ran('fault:breaks-a', 'a works', ['A'], 'failed')];
    const untestable = [requirement('A', 'spec'), requirement('D', 'spec', 'the service keeps it private')];
    const fine = judgeFaultMatrix({ ...times, tests }, [fault('breaks-a', ['A'])], untestable);
    expect(fine.unbroken).toEqual([
      { id: 'D', reason: 'no black-box test can verify it: the service keeps it private' },
    ]);
    expect(fine.summary.ok).toBe(true);
    const gap = judgeFaultMatrix({ ...times, tests }, [fault('breaks-a', ['A'])], REQS);
    expect(gap.unbroken.map((u) => u.id)).toEqual(['B']);
    expect(gap.summary.ok).toBe(false);
    // A run of some faults judges gaps against the whole registry: B has a fault, just not in this run.
    const subset = judgeFaultMatrix({ ...times, tests }, [fault('breaks-a', ['A'])], REQS, [
      fault('breaks-a', ['A']),
      fault('breaks-b', ['B']),
    ]);
    expect(subset.unbroken).toEqual([]);
    expect(subset.summary.ok).toBe(true);
  });

  test('should, on the foreign flavour, tell a fault its checks cannot observe there from one they miss', () => {
    const tests = [
      ran('conformance', 'a works', ['A'], 'passed'),
      ran('fault:breaks-a', 'a works', ['A'], 'failed'),
      ran('fault:breaks-b', 'b works', ['B'], 'passed'),
      ran('fault:needs-control', 'c needs control', ['C'], 'skipped'),
    ];
    const faults = [fault('breaks-a', ['A']), fault('breaks-b', ['B']), fault('needs-control', ['C'])];
    const report = judgeFaultMatrix({ ...times, tests, flavor: 'foreign', minDetected: 1 }, faults, REQS);
    expect(report.flavor).toBe('foreign');
    expect(report.summary).toEqual({ faults: 3, detected: 1, missed: 1, unobservable: 1, collateral: 0, ok: true });
    const table = renderTable(report);
    expect(table).toContain('unobservable here: every test of C skipped');
    expect(table).toContain('MISSED: none of its 1 tests of B failed');
    expect(table).toContain('clean foreign sandbox: 1 passed, 0 failed, 0 skipped');
    const demanding = judgeFaultMatrix({ ...times, tests, flavor: 'foreign', minDetected: 2 }, faults, REQS);
    expect(demanding.summary.ok, 'fewer detected than --min-detected').toBe(false);
    const alarmed = judgeFaultMatrix(
      { ...times, tests: [...tests, ran('conformance', 'b works', ['B'], 'failed')], flavor: 'foreign' },
      faults,
      REQS,
    );
    expect(alarmed.summary.ok, 'a false alarm on the clean foreign sandbox').toBe(false);
  });

  test('should, on the reference, call a fault whose tests all skipped for what the machine lacks unobservable here', () => {
    const noBrowser = (title: string): RunTest => ({
      ...ran('fault:page-fault', title, ['C'], 'skipped'),
      skipReasons: [`${NO_DEBIAN_CHROMIUM}: the page checks need a browser`],
    });
    const tests = [ran('conformance', 'a works', ['A'], 'passed'), noBrowser('pay'), noBrowser('fail')];
    const report = judgeFaultMatrix({ ...times, tests }, [fault('page-fault', ['C'])], REQS);
    expect(report.summary).toEqual(expect.objectContaining({ missed: 0, unobservable: 1 }));
    expect(report.faults[0]?.unobservable).toContain('Debian chromium is not on the PATH');
    expect(renderTable(report)).toContain('unobservable here: every test of it skipped on this machine');
    // Skipped for anything else (a driver the profile lacks), it is missed: the reference must observe it.
    const skippedOtherwise = judgeFaultMatrix(
      { ...times, tests: [tests[0] as RunTest, ran('fault:page-fault', 'pay', ['C'], 'skipped')] },
      [fault('page-fault', ['C'])],
      REQS,
    );
    expect(skippedOtherwise.summary).toEqual(expect.objectContaining({ missed: 1, unobservable: 0 }));
  });
});
