/**
 * Attribution (design brief §8, "one defect, one finding"): a test's verdict for each requirement comes from its own
 * checks, not from its tags. A check records the requirement it verifies as an annotation of the test (type
 * `check`); a precondition that breaks records what it broke and the test's other requirements are blocked by it
 * (type `blocked-by`). The conformance reporter and the fault matrix both read a test's annotations and errors
 * through `attribute`, so both judge alike. Pure: no Playwright import.
 */

/** Annotation types a running test records (fixtures/conformance/checks.ts writes them). */
export const CHECK_ANNOTATION = 'check';
export const BLOCKED_ANNOTATION = 'blocked-by';

/**
 * Every error a check throws carries this mark: the test's failure is then the check's, already attributed. Any
 * other error (a crash, a timeout, a bare expect) is the test's as a whole.
 */
export const ATTRIBUTED_MARK = '[check failed]';

/** What a `check` annotation's description holds (JSON). */
export interface CheckRecord {
  readonly requirement: string;
  readonly ok: boolean;
  /** The failure, as the check put it. */
  readonly message?: string;
}

export type RequirementStatus = 'passed' | 'failed' | 'blocked' | 'skipped';

/** One requirement's outcome in one test. */
export interface RequirementOutcome {
  readonly requirement: string;
  readonly status: RequirementStatus;
  /** When blocked: the requirements whose failure left nothing to check it on. */
  readonly blockedBy?: readonly string[];
  /** When failed: what its own check said, or the test's error when no check of it was recorded. */
  readonly message?: string;
}

export interface AttributionInput {
  /** The requirements the test is tagged with. */
  readonly requirements: readonly string[];
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly annotations: readonly { type: string; description?: string | undefined }[];
  /** The messages of the test's errors. */
  readonly errors: readonly string[];
}

export function checkAnnotation(record: CheckRecord): { type: string; description: string } {
  return { type: CHECK_ANNOTATION, description: JSON.stringify(record) };
}

function readCheck(description: string | undefined): CheckRecord | undefined {
  try {
    const value = JSON.parse(description ?? '') as Partial<CheckRecord>;
    if (typeof value.requirement !== 'string' || typeof value.ok !== 'boolean') return undefined;
    return {
      requirement: value.requirement,
      ok: value.ok,
      ...(typeof value.message === 'string' ? { message: value.message } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Each requirement's outcome in one test: its tags, plus any requirement a check or a precondition of the test failed
 * (a precondition's own requirement, which the test is not tagged with, fails once there and blocks the rest).
 *
 * - a requirement with a failed check: failed, with the check's message;
 * - a skipped test: every tag skipped;
 * - a requirement with a passed check and no failed one: passed, whatever went wrong later in the test;
 * - a broken precondition, or an unattributed error after a check failed (the crash follows from it): the tags with
 *   no verdict of their own are blocked by the failed requirements;
 * - an unattributed error with no failed check (a timeout, a bare expect): the tags with no passed check fail, with
 *   the error — the test cannot say which of them broke;
 * - otherwise: passed.
 */
export function attribute(input: AttributionInput): RequirementOutcome[] {
  const checks = input.annotations.filter((a) => a.type === CHECK_ANNOTATION).map((a) => readCheck(a.description));
  const failed = new Map<string, string>();
  const passed = new Set<string>();
  for (const record of checks) {
    if (record === undefined) continue;
    if (!record.ok && !failed.has(record.requirement)) failed.set(record.requirement, record.message ?? '');
    if (record.ok) passed.add(record.requirement);
  }
  const blockers = input.annotations
    .filter((a) => a.type === BLOCKED_ANNOTATION)
    .map((a) => a.description ?? '')
    .filter((id) => id !== '');
  const unattributed = input.errors.filter((message) => !message.includes(ATTRIBUTED_MARK));
  const failures = [...failed.keys()];
  const ownTags = [...new Set(input.requirements)];
  const outcomes: RequirementOutcome[] = ownTags.map((requirement) => {
    const message = failed.get(requirement);
    if (message !== undefined) return { requirement, status: 'failed', message };
    if (input.status === 'skipped') return { requirement, status: 'skipped' };
    // A check of it passed before the test went wrong elsewhere: what it verified stands.
    if (input.status === 'passed' || passed.has(requirement)) return { requirement, status: 'passed' };
    const by = blockers.length > 0 ? blockers : unattributed.length > 0 ? failures : [];
    if (by.length > 0) return { requirement, status: 'blocked', blockedBy: [...new Set(by)] };
    if (unattributed.length > 0) return { requirement, status: 'failed', message: unattributed.join('\n\n') };
    return { requirement, status: 'passed' };
  });
  for (const [requirement, message] of failed) {
    if (!ownTags.includes(requirement)) outcomes.push({ requirement, status: 'failed', message });
  }
  return outcomes;
}
