/**
 * The fault matrix (npm run faults): from the tests of one Playwright run (the `conformance` project against the
 * clean sandbox and one `fault:<name>` project per sandbox fault, each running the tests of the requirements that
 * fault breaks, or with --full the whole suite) to what the kit proves about itself: no false alarm on the clean
 * sandbox, each fault detected by a failed check of a requirement it breaks, and no collateral (a requirement that
 * fails under the fault though the fault does not break it). Pure: the CLI runs Playwright and writes the result.
 */
import { stripVTControlCharacters } from 'node:util';
import type { FaultMatrixReport } from '../../generated/report/faults.gen.js';
import type { Requirement } from '../requirements/requirement.js';
import type { RunTest } from '../runner/playwright-run.js';
import type { FaultDefinition } from '../sandbox/faults/fault-registry.js';
import type { SandboxFlavor } from '../sandbox/flavors/flavors.js';

/** The Playwright project of a fault's run (playwright.config.ts, KIT_FAULT_PROJECTS=1). */
export const faultProject = (name: string): string => `fault:${name}`;
export const CLEAN_PROJECT = 'conformance';
/** The clean run: the conformance suites and the payment page's (no false alarm in either). */
export const CLEAN_PROJECTS: readonly string[] = [CLEAN_PROJECT, 'browser'];

const failed = (t: RunTest): boolean => t.outcome === 'failed' || t.outcome === 'timedOut';

/** The requirements a test failed, by its own checks (report/attribution.ts), not by its tags. */
const failedRequirements = (t: RunTest): string[] =>
  t.verdicts.filter((v) => v.status === 'failed').map((v) => v.requirement);

function firstLine(text: string | undefined): string {
  // Playwright's expect colours its messages for a terminal.
  return (
    stripVTControlCharacters(text ?? '')
      .trim()
      .split('\n')[0] ?? ''
  );
}

/** What a machine lacks, in the words a test's skip reason gives it (the kit's own limits, never the target's). */
const MACHINE_LIMITS = [/Debian chromium is not on the PATH/, /no Docker engine answers/];

/**
 * Why none of a fault's tests could run on this machine, when every one of them skipped for what the machine lacks
 * (a page fault without Debian chromium): the fault is then unobservable here, not missed.
 */
function machineLimit(fault: FaultDefinition, tests: readonly RunTest[]): string | undefined {
  const own = tests.filter((t) => t.project === faultProject(fault.name));
  const limitOf = (t: RunTest) => t.skipReasons.find((reason) => MACHINE_LIMITS.some((limit) => limit.test(reason)));
  const limits = own.map((t) => (t.outcome === 'skipped' ? limitOf(t) : undefined));
  const [first] = limits;
  return own.length > 0 && limits.every((l) => l !== undefined) && first !== undefined
    ? `every test of it skipped on this machine: ${first}`
    : undefined;
}

function judgeFault(fault: FaultDefinition, tests: readonly RunTest[]): FaultMatrixReport['faults'][number] {
  const ran = tests.filter((t) => t.project === faultProject(fault.name) && t.outcome !== 'skipped');
  const limit = ran.length === 0 ? machineLimit(fault, tests) : undefined;
  const by = ran.flatMap((t) =>
    failedRequirements(t)
      .filter((id) => fault.breaks.includes(id))
      .map((requirement) => ({ requirement, test: t.title })),
  );
  const undetected = fault.breaks.filter((id) => !by.some((b) => b.requirement === id));
  // What else failed under the fault: a finding that does not name what broke (design brief §8, goal zero).
  const collateral = [...new Set(ran.flatMap(failedRequirements).filter((id) => !fault.breaks.includes(id)))].sort();
  const [first, ...rest] = fault.breaks;
  if (first === undefined) throw new Error(`fault ${fault.name} breaks no requirement`);
  return {
    name: fault.name,
    area: fault.area,
    description: fault.description,
    breaks: [first, ...rest],
    tests: ran.length,
    detected: by.length > 0,
    by,
    ...(undetected.length > 0 && by.length > 0 ? { undetectedRequirements: undetected } : {}),
    collateral,
    ...(limit === undefined ? {} : { unobservable: limit }),
  };
}

/**
 * Spec-level requirements no fault breaks. A requirement no black-box test can verify has its reason in the registry
 * (`untestable`); any other is a gap in the faults, and fails the matrix.
 */
function unbrokenRequirements(
  faults: readonly FaultDefinition[],
  requirements: readonly Requirement[],
): FaultMatrixReport['unbroken'] {
  const broken = new Set(faults.flatMap((f) => f.breaks));
  return requirements
    .filter((r) => r.level === 'spec' && !broken.has(r.id))
    .map((r) => ({
      id: r.id,
      reason:
        r.untestable === undefined
          ? 'no fault of the sandbox breaks it: add one (CONTRIBUTING.md, "add a sandbox fault")'
          : `no black-box test can verify it: ${r.untestable}`,
    }));
}

export interface MatrixRun {
  readonly tests: readonly RunTest[];
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly workers: number;
  /** The sandbox it ran on; default the reference. */
  readonly flavor?: SandboxFlavor;
  /** On the foreign flavour: the faults that must at least be detected. */
  readonly minDetected?: number;
  /** Each fault ran the whole suite (--full), not only the tests of the requirements it breaks. */
  readonly full?: boolean;
}

/**
 * `faults` are the faults this run covered; `allFaults` the whole registry, against which a requirement no fault
 * breaks is judged (a run of a few faults must not call every other requirement a gap).
 */
export function judgeFaultMatrix(
  run: MatrixRun,
  faults: readonly FaultDefinition[],
  requirements: readonly Requirement[],
  allFaults: readonly FaultDefinition[] = faults,
): FaultMatrixReport {
  const clean = run.tests.filter((t) => CLEAN_PROJECTS.includes(t.project));
  const failures = clean.filter(failed);
  const judged = faults.map((fault) => judgeFault(fault, run.tests));
  const unbroken = unbrokenRequirements(allFaults, requirements);
  const flavor = run.flavor ?? 'reference';
  // On the foreign flavour a fault none of whose tests can run there (they need control it lacks, a method it does
  // not have) is unobservable: neither detected nor missed. On the reference every fault must be observed, but for
  // one whose tests all skipped for what this machine lacks (a page fault without Debian chromium): the kit's limit.
  const unobservable = judged.filter(
    (f) => !f.detected && f.tests === 0 && (flavor === 'foreign' || f.unobservable !== undefined),
  ).length;
  const missed = judged.filter((f) => !f.detected).length - unobservable;
  const detected = judged.length - missed - unobservable;
  // A fault must show each requirement it claims to break failing, not only one of them.
  const partial = judged.filter((f) => (f.undetectedRequirements ?? []).length > 0).length;
  const gaps = unbroken.filter((u) => requirements.find((r) => r.id === u.id)?.untestable === undefined).length;
  const noFalseAlarm = failures.length === 0 && clean.length > 0;
  const collateral = judged.reduce((sum, f) => sum + (f.collateral ?? []).length, 0);
  const ok =
    (flavor === 'reference'
      ? missed === 0 && partial === 0 && gaps === 0 && noFalseAlarm
      : noFalseAlarm && detected >= (run.minDetected ?? 0)) && collateral === 0;
  return {
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    wallMs: Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()),
    workers: run.workers,
    flavor,
    scope: run.full === true ? 'full' : 'targeted',
    clean: {
      pass: clean.filter((t) => t.outcome === 'passed').length,
      fail: failures.length,
      skipped: clean.filter((t) => t.outcome === 'skipped').length,
      failures: failures.map((t) => `${t.title}: ${firstLine(t.error) || t.outcome}`),
    },
    faults: judged,
    unbroken,
    summary: { faults: judged.length, detected, missed, unobservable, collateral, ok },
  };
}
