import { kitLimitOf } from '../kit-limit.js';

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
/** A passive check's finding on an exchange of the test (fixtures/conformance/passive.ts), whatever the test was about. */
export const PASSIVE_ANNOTATION = 'passive';
/**
 * A test skipped because the target, by its profile, does not offer what it needs (a §4.7 operation, a method role):
 * the check does not exist for this target, and does not count against its requirement's completeness.
 */
export const NOT_APPLICABLE_ANNOTATION = 'not-applicable';
/** How an outcome a passive finding failed begins its message. */
/** How many requests a test sent to the target (its API and test helpers), for the report's count. */
export const REQUESTS_ANNOTATION = 'requests';
/**
 * A receiver test's exchanges with the merchant, by kind (JSON: {"postbacks": n, "read-backs": n, "setup calls": n}):
 * what a receiver certification sends is postbacks and reads, not requests to a service.
 */
export const RECEIVER_EXCHANGES_ANNOTATION = 'receiver-exchanges';
export const PASSIVE_MESSAGE = 'passive check of every exchange: ';

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

/** What a `passive` annotation's description holds (JSON): one distinct problem, seen `count` times in the test. */
export interface PassiveRecord {
  readonly requirement: string;
  readonly operation: string;
  readonly problem: string;
  readonly detail: string;
  readonly count: number;
  /** The first exchange that showed it: request line and body, status and body (cut short, secrets redacted). */
  readonly request: string;
  readonly response: string;
}

/** The passive findings a test recorded; a garbled annotation is none. */
export function passiveRecords(
  annotations: readonly { type: string; description?: string | undefined }[],
): PassiveRecord[] {
  return annotations
    .filter((a) => a.type === PASSIVE_ANNOTATION)
    .flatMap((a) => {
      try {
        // Read as unknown: an annotation is text anyone could have written.
        const value = JSON.parse(a.description ?? '') as Record<string, unknown>;
        const text = (member: unknown): string => (typeof member === 'string' ? member : '');
        return typeof value.requirement === 'string' && typeof value.problem === 'string'
          ? [
              {
                requirement: value.requirement,
                operation: text(value.operation),
                problem: value.problem,
                detail: text(value.detail),
                count: typeof value.count === 'number' ? value.count : 1,
                request: text(value.request),
                response: text(value.response),
              },
            ]
          : [];
      } catch {
        return [];
      }
    });
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
  /** When skipped by a kit-side limit (src/kit-limit.ts) rather than by the test itself: what the limit was. */
  readonly reason?: string;
  /** When skipped because the target does not offer what the test needs (NOT_APPLICABLE_ANNOTATION). */
  readonly notApplicable?: true;
}

export interface AttributionInput {
  /** The requirements the test is tagged with. */
  readonly requirements: readonly string[];
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly annotations: readonly { type: string; description?: string | undefined }[];
  /** The messages of the test's errors. */
  readonly errors: readonly string[];
  /** Playwright's own status of the result, when known (timedOut says more than failed). */
  readonly playwrightStatus?: string;
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
 * - a skipped test: every tag skipped (not applicable, when the target does not offer what it needs); a passed test:
 *   every tag passed;
 * - a test stopped by a failed check or precondition: the tags checked (and passed) before it passed, the others are
 *   blocked by it;
 * - a test ended by a kit-side limit (its time limit, its worker dying, the kit's own capture server: src/kit-limit.ts)
 *   with no failed check or precondition: every tag is skipped with that reason — NOT VERIFIED, never the target's
 *   FAIL, and not passed either, for the test did not run to its end;
 * - an unattributed error (a bare expect, a crash): after a failed soft check, the other tags are blocked by it (the
 *   crash follows from it); with no failed check, every tag fails with the error — the test cannot say which of them
 *   broke, and a passed check of one does not clear it;
 * - otherwise (only other requirements' soft checks failed): passed.
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
  // A mark that no recorded failure backs (a check's error rethrown elsewhere) claims nothing.
  const unattributed = input.errors.filter((message) => failed.size === 0 || !message.includes(ATTRIBUTED_MARK));
  const failures = [...failed.keys()];
  const ownTags = [...new Set(input.requirements)];
  const notApplicable = input.annotations.some((a) => a.type === NOT_APPLICABLE_ANNOTATION);
  const limit =
    input.status === 'failed' ? kitLimitOf(input.playwrightStatus ?? input.status, input.errors) : undefined;
  const outcomes: RequirementOutcome[] = ownTags.map((requirement) => {
    const message = failed.get(requirement);
    if (message !== undefined) return { requirement, status: 'failed', message };
    if (input.status === 'skipped') {
      return notApplicable ? { requirement, status: 'skipped', notApplicable } : { requirement, status: 'skipped' };
    }
    if (input.status === 'passed') return { requirement, status: 'passed' };
    if (blockers.length > 0) {
      // The test stopped at a failed check or precondition: what was checked before it stands, the rest is blocked.
      return passed.has(requirement)
        ? { requirement, status: 'passed' }
        : { requirement, status: 'blocked', blockedBy: [...new Set(blockers)] };
    }
    if (limit !== undefined && failures.length === 0) return { requirement, status: 'skipped', reason: limit };
    if (unattributed.length > 0) {
      // An error no check claims: after a failed check it follows from it; else it is the test's as a whole.
      return failures.length > 0
        ? { requirement, status: 'blocked', blockedBy: failures }
        : { requirement, status: 'failed', message: unattributed.join('\n\n') };
    }
    // Only other requirements' checks failed (soft): this one's held.
    return { requirement, status: 'passed' };
  });
  for (const [requirement, message] of failed) {
    if (!ownTags.includes(requirement)) outcomes.push({ requirement, status: 'failed', message });
  }
  // A passive finding fails its requirement in this test too, whatever the test's own checks said of it.
  for (const record of passiveRecords(input.annotations)) {
    const message = `${PASSIVE_MESSAGE}${record.operation} ${record.problem} (${record.detail})`;
    const index = outcomes.findIndex((o) => o.requirement === record.requirement);
    const outcome: RequirementOutcome = { requirement: record.requirement, status: 'failed', message };
    if (index === -1) outcomes.push(outcome);
    else if (outcomes[index]?.status !== 'failed') outcomes[index] = outcome;
  }
  return outcomes;
}
