/**
 * From test outcomes to a verdict per requirement (design brief §5). Pure: the reporter gathers the outcomes, this
 * decides, the writers render. A verdict never claims more than the tests showed: a requirement passes only when every
 * test of it that applies to the target ran and passed; a skipped or blocked test verifies nothing, and leaves it NOT
 * VERIFIED with what ran and what did not.
 */
import type {
  ConformanceReport,
  Evidence,
  PassiveFinding,
  RequirementResult,
  TestResult,
} from '../../generated/report/conformance.gen.js';
import { type ConventionName, notDeclaredReason } from '../profile/conventions.js';
import type { Requirement } from '../requirements/requirement.js';
import { PASSIVE_MESSAGE, type RequirementOutcome } from './attribution.js';
import { passiveEvidence } from './passive-findings.js';

/**
 * One test of the run as the verdicts need it: what happened, and each requirement's outcome in it (attribution.ts:
 * from its own checks), with evidence for the ones that failed.
 */
export interface TestOutcome {
  readonly title: string;
  readonly file: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly durationMs: number;
  readonly skipReason?: string;
  readonly outcomes: readonly RequirementOutcome[];
  /** For each requirement that failed in it: the excerpt of what its check said and the test's exchanges. */
  readonly evidence?: Readonly<Record<string, Evidence>>;
}

/** One requirement's part of a test. */
interface Part {
  readonly test: TestOutcome;
  readonly outcome: RequirementOutcome;
}

/** Evidence excerpts kept per requirement: enough to act on, not a dump of every failing test. */
const MAX_EVIDENCE = 5;

const UNSPECIFIED_REASON = 'the interface does not show it and the profile declares nothing';

function testResult({ test, outcome }: Part): TestResult {
  return {
    title: test.title,
    file: test.file,
    status: outcome.status,
    durationMs: Math.round(test.durationMs),
    ...(outcome.status === 'skipped' && (outcome.reason ?? test.skipReason) !== undefined
      ? { skipReason: outcome.reason ?? test.skipReason }
      : {}),
    ...(outcome.blockedBy === undefined ? {} : { blockedBy: [...outcome.blockedBy] }),
    ...(outcome.notApplicable === true ? { notApplicable: true as const } : {}),
  };
}

/** Tests named in a partial verdict's reason; the rest are in its tests list. */
const MAX_NOT_RUN_NAMED = 3;

/** Why a part did not run: its blockers, or its skip reason. */
function notRunReason({ test, outcome }: Part): string {
  if (outcome.blockedBy !== undefined) return `blocked by ${outcome.blockedBy.join(', ')}`;
  return outcome.reason ?? test.skipReason ?? 'skipped without a reason';
}

/** The reason of a requirement some of whose tests ran and passed while others did not run. */
function partialReason(passed: number, notRun: readonly Part[]): string {
  const named = notRun.slice(0, MAX_NOT_RUN_NAMED).map((part) => `"${part.test.title}" (${notRunReason(part)})`);
  const more = notRun.length > MAX_NOT_RUN_NAMED ? `, and ${notRun.length - MAX_NOT_RUN_NAMED} more` : '';
  return (
    `${passed} of its ${passed + notRun.length} tests ran and passed; ${notRun.length} did not run, so not every ` +
    `check of it was made: ${named.join('; ')}${more}`
  );
}

/** Why the tests of a requirement verified nothing: their skip reasons, or that this run left them out. */
function notVerifiedReason(parts: readonly Part[], filtered: boolean, decidedBy?: string): string {
  if (parts.length === 0) {
    if (filtered) return 'not run: the run was limited (--grep) to other tests';
    return decidedBy === undefined
      ? 'no test of this run verifies it'
      : `no test of this run verifies it: its tests are in ${decidedBy}`;
  }
  const reasons = [...new Set(parts.map((p) => p.outcome.reason ?? p.test.skipReason ?? 'skipped without a reason'))];
  return `every test of it was skipped: ${reasons.join('; ')}`;
}

/** The parts of a requirement in the run's tests. */
function partsOf(id: string, outcomes: readonly TestOutcome[]): Part[] {
  return outcomes.flatMap((test) =>
    test.outcomes.filter((o) => o.requirement === id).map((outcome) => ({ test, outcome })),
  );
}

/** Of some conventions, those the run's profile does not state. */
export type UndeclaredConventions = (names: readonly ConventionName[]) => readonly ConventionName[];

export function judgeRequirement(
  requirement: Requirement,
  outcomes: readonly TestOutcome[],
  filtered: boolean,
  undeclared: UndeclaredConventions = () => [],
  passive: readonly PassiveFinding[] = [],
): RequirementResult {
  const base = {
    id: requirement.id,
    section: requirement.section,
    statement: requirement.statement,
    ...(requirement.quote === undefined ? {} : { quote: [...requirement.quote] }),
    level: requirement.level,
    ...(requirement.critical === true ? { critical: true as const } : {}),
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
  const parts = partsOf(requirement.id, outcomes);
  if (missing.length > 0) {
    return {
      ...base,
      verdict: 'UNSPECIFIED',
      reason: notDeclaredReason(missing),
      tests: parts.map(testResult),
      evidence: [],
    };
  }
  if (requirement.untestable !== undefined) {
    return { ...base, verdict: 'NOT VERIFIED', reason: requirement.untestable, tests: [], evidence: [] };
  }
  const failed = parts.filter((p) => p.outcome.status === 'failed');
  const results = parts.map(testResult);
  if (failed.length > 0) {
    // A passive finding's own excerpt is the exchange that showed it; a failed check's, the test's.
    const checks = failed.flatMap(({ test, outcome }) => {
      const excerpt = test.evidence?.[requirement.id];
      return excerpt === undefined || outcome.message?.startsWith(PASSIVE_MESSAGE) === true ? [] : [excerpt];
    });
    const evidence = [...checks, ...passive.map(passiveEvidence)].slice(0, MAX_EVIDENCE);
    return {
      ...base,
      verdict: 'FAIL',
      tests: results,
      evidence,
      ...(passive.length === 0 ? {} : { findings: [...passive] }),
    };
  }
  // PASS means every check of it ran: a test skipped or blocked leaves it NOT VERIFIED, with what ran and what did
  // not. A test the target does not apply to (a §4.7 operation it does not offer, a method role it has not) is no
  // check of it here.
  const applicable = parts.filter((p) => p.outcome.notApplicable !== true);
  const passed = applicable.filter((p) => p.outcome.status === 'passed');
  const notRun = applicable.filter((p) => p.outcome.status === 'skipped' || p.outcome.status === 'blocked');
  const blockedBy = [...new Set(parts.flatMap((p) => p.outcome.blockedBy ?? []))].sort();
  if (passed.length > 0 && notRun.length === 0) {
    return { ...base, verdict: 'PASS', tests: results, evidence: [] };
  }
  if (passed.length > 0) {
    return {
      ...base,
      verdict: 'NOT VERIFIED',
      reason: partialReason(passed.length, notRun),
      ...(blockedBy.length === 0 ? {} : { blockedBy }),
      partial: { passed: passed.length, notRun: notRun.length },
      tests: results,
      evidence: observedEvidence(parts, requirement.id),
    };
  }
  if (blockedBy.length > 0) {
    return {
      ...base,
      verdict: 'NOT VERIFIED',
      reason: `blocked by ${blockedBy.join(', ')}: its failure left nothing to check this requirement on`,
      blockedBy,
      tests: results,
      evidence: [],
    };
  }
  return {
    ...base,
    verdict: 'NOT VERIFIED',
    reason: notVerifiedReason(parts, filtered, requirement.decidedBy),
    tests: results,
    evidence: observedEvidence(parts, requirement.id),
  };
}

/** What the checks a kit-side limit stopped had observed until then (src/kit-limit.ts): kept as evidence. */
function observedEvidence(parts: readonly Part[], id: string): Evidence[] {
  const observed = parts.flatMap(({ test, outcome }) => {
    const excerpt = outcome.reason === undefined ? undefined : test.evidence?.[id];
    return excerpt === undefined ? [] : [excerpt];
  });
  return observed.slice(0, MAX_EVIDENCE);
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
    blocked: results.filter((r) => r.blockedBy !== undefined).length,
    failCritical: results.filter((r) => r.verdict === 'FAIL' && r.critical === true).length,
    tests: { passed: tests('passed'), failed: tests('failed'), skipped: tests('skipped') },
  };
}

/**
 * What fails the gate (certify --gate): `profile` (the default) every FAIL — of the interface, or of a convention the
 * profile states, for the profile is the user's word for what the target promises (what it leaves unstated is
 * UNSPECIFIED, never FAIL); `spec` only the interface's own requirements.
 */
export type Gate = 'profile' | 'spec';
export const GATES: readonly Gate[] = ['profile', 'spec'];

/**
 * The run's outcome, which decides the exit code: incomplete when the run itself broke (its verdicts cannot be
 * trusted), not conformant when a requirement the gate counts failed, conformant otherwise.
 */
export function outcomeOf(
  summary: ConformanceReport['summary'],
  runErrors: readonly string[],
  gate: Gate = 'profile',
): ConformanceReport['outcome'] {
  if (runErrors.length > 0) return 'incomplete';
  const failing = gate === 'spec' ? (summary.failSpec ?? 0) : summary.fail;
  return failing > 0 ? 'not-conformant' : 'conformant';
}

export const EXIT_CODES: Readonly<Record<ConformanceReport['outcome'], number>> = {
  conformant: 0,
  'not-conformant': 1,
  incomplete: 2,
};
