/**
 * A fault judged at test level (design brief §9): against a clean run of the same tests, what failed under the fault
 * that had not failed clean, requirement by requirement in each test. A requirement that already failed somewhere in
 * the clean run cannot hide a fault that makes another of its tests fail, and one defect is seen as exactly the
 * requirements its new failures name: the ones it breaks (detected) and the others (collateral). Pure.
 */
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';

/** One requirement's outcome in one test: `file › title`. */
export interface TestFailure {
  readonly requirement: string;
  readonly test: string;
}

/** Every (test, requirement) pair of a report with its status: passed, failed, blocked or skipped. */
export function testOutcomes(report: ConformanceReport): Map<string, string> {
  const outcomes = new Map<string, string>();
  for (const requirement of report.requirements) {
    for (const test of requirement.tests) {
      outcomes.set(`${requirement.id}\u0000${test.file} › ${test.title}`, test.status);
    }
  }
  return outcomes;
}

/** The pairs that failed in a report. */
export function failuresOf(report: ConformanceReport): TestFailure[] {
  return [...testOutcomes(report)].filter(([, status]) => status === 'failed').map(([key]) => pairOf(key));
}

function pairOf(key: string): TestFailure {
  const [requirement = '', test = ''] = key.split('\u0000');
  return { requirement, test };
}

export interface FaultJudgement {
  /** The requirements it breaks that failed in some test where they had not failed clean. */
  readonly detectedBy: readonly string[];
  /** Its new failures of requirements it does not break: findings that point a QA engineer away from it. */
  readonly collateral: readonly TestFailure[];
  /** Every new failure. */
  readonly failures: readonly TestFailure[];
}

/** What a run under a fault shows against the clean run of the same tests. */
export function judgeAgainstClean(
  breaks: readonly string[],
  clean: ConformanceReport,
  faulty: ConformanceReport,
): FaultJudgement {
  const before = testOutcomes(clean);
  const failures = [...testOutcomes(faulty)]
    .filter(([key, status]) => status === 'failed' && before.get(key) !== 'failed')
    .map(([key]) => pairOf(key));
  const failed = new Set(failures.map((f) => f.requirement));
  return {
    detectedBy: breaks.filter((id) => failed.has(id)),
    collateral: failures.filter((f) => !breaks.includes(f.requirement)),
    failures,
  };
}

/** A judged fault in one line of a matrix's progress: "detected by …" or "MISSED (…)", then any collateral. */
export function judgementText(
  breaks: readonly string[],
  judged: Pick<FaultJudgement, 'detectedBy' | 'collateral'>,
): string {
  const verdict =
    judged.detectedBy.length > 0 ? `detected by ${judged.detectedBy.join(', ')}` : `MISSED (${breaks.join(', ')})`;
  const collateral =
    judged.collateral.length === 0
      ? ''
      : `; COLLATERAL ${[...new Set(judged.collateral.map((c) => c.requirement))].join(', ')}`;
  return `${verdict}${collateral}`;
}
