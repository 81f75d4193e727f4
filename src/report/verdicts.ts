/**
 * From test outcomes to a verdict per requirement (design brief §5). Pure: the reporter gathers the outcomes, this
 * decides, the writers render. A verdict never claims more than the tests showed: a requirement passes only when a
 * test of it ran and passed and none failed; a skipped test verifies nothing.
 */
import type {
  ConformanceReport,
  Evidence,
  RequirementResult,
  TestResult,
} from '../../generated/report/conformance.gen.js';
import { type ConventionName, notDeclaredReason } from '../profile/conventions.js';
import type { Requirement } from '../requirements/requirement.js';

/** One test of the run as the verdicts need it: its requirements, what happened, and evidence when it failed. */
export interface TestOutcome {
  readonly title: string;
  readonly file: string;
  readonly requirements: readonly string[];
  readonly status: TestResult['status'];
  readonly durationMs: number;
  readonly skipReason?: string;
  /** Set when it failed. */
  readonly evidence?: Evidence;
}

/** Evidence excerpts kept per requirement: enough to act on, not a dump of every failing test. */
const MAX_EVIDENCE = 5;

const UNSPECIFIED_REASON = 'the interface does not show it and the profile declares nothing';

function testResult(outcome: TestOutcome): TestResult {
  return {
    title: outcome.title,
    file: outcome.file,
    status: outcome.status,
    durationMs: Math.round(outcome.durationMs),
    ...(outcome.skipReason === undefined ? {} : { skipReason: outcome.skipReason }),
  };
}

/** Why the tests of a requirement verified nothing: their skip reasons, or that this run left them out. */
function notVerifiedReason(tests: readonly TestOutcome[], filtered: boolean): string {
  if (tests.length === 0) {
    return filtered ? 'not run: the run was limited (--grep) to other tests' : 'no test of this run verifies it';
  }
  const reasons = [...new Set(tests.map((t) => t.skipReason ?? 'skipped without a reason'))];
  return `every test of it was skipped: ${reasons.join('; ')}`;
}

/** Of some conventions, those the run's profile does not state. */
export type UndeclaredConventions = (names: readonly ConventionName[]) => readonly ConventionName[];

export function judgeRequirement(
  requirement: Requirement,
  outcomes: readonly TestOutcome[],
  filtered: boolean,
  undeclared: UndeclaredConventions = () => [],
): RequirementResult {
  const base = {
    id: requirement.id,
    section: requirement.section,
    statement: requirement.statement,
    level: requirement.level,
  };
  if (requirement.unspecified === true) {
    return {
      ...base,
      verdict: 'UNSPECIFIED',
      reason: requirement.untestable ?? UNSPECIFIED_REASON,
      tests: [],
      evidence: [],
    };
  }
  // A statement about what the profile says the target does, where the profile says nothing: there is nothing to
  // hold the target to, whatever its tests did (they skip for want of the setting).
  const missing = undeclared(requirement.conventions ?? []);
  if (missing.length > 0) {
    const tests = outcomes.filter((t) => t.requirements.includes(requirement.id)).map(testResult);
    return { ...base, verdict: 'UNSPECIFIED', reason: notDeclaredReason(missing), tests, evidence: [] };
  }
  if (requirement.untestable !== undefined) {
    return { ...base, verdict: 'NOT VERIFIED', reason: requirement.untestable, tests: [], evidence: [] };
  }
  const tests = outcomes.filter((t) => t.requirements.includes(requirement.id));
  const failed = tests.filter((t) => t.status === 'failed');
  const results = tests.map(testResult);
  if (failed.length > 0) {
    const evidence = failed.flatMap((t) => (t.evidence === undefined ? [] : [t.evidence])).slice(0, MAX_EVIDENCE);
    return { ...base, verdict: 'FAIL', tests: results, evidence };
  }
  if (tests.some((t) => t.status === 'passed')) return { ...base, verdict: 'PASS', tests: results, evidence: [] };
  return { ...base, verdict: 'NOT VERIFIED', reason: notVerifiedReason(tests, filtered), tests: results, evidence: [] };
}

export function summarise(
  results: readonly RequirementResult[],
  outcomes: readonly TestOutcome[],
): ConformanceReport['summary'] {
  const count = (verdict: RequirementResult['verdict']) => results.filter((r) => r.verdict === verdict).length;
  const tests = (status: TestOutcome['status']) => outcomes.filter((t) => t.status === status).length;
  return {
    pass: count('PASS'),
    fail: count('FAIL'),
    notVerified: count('NOT VERIFIED'),
    unspecified: count('UNSPECIFIED'),
    failSpec: results.filter((r) => r.verdict === 'FAIL' && r.level === 'spec').length,
    tests: { passed: tests('passed'), failed: tests('failed'), skipped: tests('skipped') },
  };
}

/**
 * The run's outcome, which decides the exit code: incomplete when the run itself broke (its verdicts cannot be
 * trusted), not conformant when a spec-level requirement failed, conformant otherwise. A profile-level failure is
 * reported but does not fail the gate: it breaks a decision of the profile, not the interface.
 */
export function outcomeOf(
  summary: ConformanceReport['summary'],
  runErrors: readonly string[],
): ConformanceReport['outcome'] {
  if (runErrors.length > 0) return 'incomplete';
  return (summary.failSpec ?? 0) > 0 ? 'not-conformant' : 'conformant';
}

export const EXIT_CODES: Readonly<Record<ConformanceReport['outcome'], number>> = {
  conformant: 0,
  'not-conformant': 1,
  incomplete: 2,
};
