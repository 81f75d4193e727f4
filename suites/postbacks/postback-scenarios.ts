/**
 * Scenarios of the postback suites: a payment or a complaint of the test's own, its postbacks sent to an endpoint of
 * the test's own, moved by the profile's outcome drivers (control, the provider's helpers, magic values), the
 * target's time let pass (a virtual clock jumped, or real time within the profile's budgets), then the quiet window
 * watched for postbacks that must not come any more (fixtures/conformance/quiet-window.ts).
 */
import type { CheckedAttempt, Reply } from '../../generated/capture/definitions.gen.js';
import type { ComplaintStatus } from '../../generated/common/definitions.gen.js';
import type { CaptureEndpoint } from '../../src/capture/capture-endpoint.js';
import type {
  CreatedPayment,
  CreationOverrides,
  MethodRole,
  Preconditions,
} from '../../fixtures/conformance/preconditions.js';
import type { PaymentEnd, PaymentStep } from '../../fixtures/conformance/outcome-drivers.js';
import type { TestCapture } from '../../fixtures/conformance/test-capture.js';
import { watchQuietWindow } from '../../fixtures/conformance/quiet-window.js';
import type { PostbackTime } from '../../fixtures/conformance/postback-time.js';
import { precondition, softCheck } from '../../fixtures/conformance/checks.js';
import { CaptureTimeoutError } from '../../src/capture/mailbox.js';
import type { RequirementId } from '../../src/requirements/registry.js';

// The suites read bodies through these too; they live in fixtures so the model-based property shares them.
export { bodyOf, findingsFor, statusesOf } from '../../fixtures/conformance/postback-bodies.js';
import { bodyOf, findingsFor } from '../../fixtures/conformance/postback-bodies.js';

export type { PaymentStep };

export interface PaymentRun {
  readonly payment: CreatedPayment;
  /** The statuses the payment went through, with the failedCodes it got. */
  readonly ends: readonly PaymentEnd[];
  readonly endpoint: CaptureEndpoint;
  readonly attempts: readonly CheckedAttempt[];
}

/**
 * A payment posting to an endpoint of the test's own (answered as `script` says, then 200), taken through `steps` by
 * the profile's outcome drivers; the target's time then passes: long enough for `attempts` attempts, or the whole
 * retry schedule when `attempts` is 'all'. Returns what the endpoint received.
 */
export async function paymentRun(
  given: Preconditions,
  capture: TestCapture,
  options: {
    readonly role?: MethodRole;
    readonly overrides?: CreationOverrides;
    readonly steps: readonly PaymentStep[];
    readonly script?: readonly Reply[];
    readonly attempts: number | 'all';
    /** A query string the postBackUrl carries (`?order=1`), which the postbacks' requests must keep. */
    readonly query?: string;
  },
): Promise<PaymentRun> {
  const time = await given.postbackTime();
  const endpoint = await capture.endpoint({
    kind: 'payment',
    label: 'payment postbacks',
    script: [...(options.script ?? [])],
  });
  const overrides = { ...options.overrides, postBackUrl: `${endpoint.url}${options.query ?? ''}` };
  const role = options.role ?? 'payIn';
  const { payment, ends } =
    options.steps.length === 0
      ? // No step: the payment must stay PENDING for the scenario's whole watch (a plain one may settle by itself).
        { payment: await given.payment(role, { overrides, pending: true }), ends: [] }
      : await given.paymentThrough(role, options.steps, {
          overrides,
          // Re-evaluation comes "after some time" (§3.1): each change's postback goes out before the next change.
          afterEach: () => time.elapse(1_000),
        });
  const subject = {
    id: payment.paymentId,
    routing: 'PB-ROUTING',
    statusSet: 'PB-PAYMENT-STATUS-SET',
    further: options.steps.some((step) => 'flip' in step) ? 'PB-FLIP-RESENT' : 'PB-PAYMENT-STATUS-SET',
  } as const;
  if (options.attempts === 'all') {
    await time.watchWholeSchedule();
    await notRoutedElsewhere(capture, endpoint, subject);
  } else {
    await whenShort(
      time,
      time.attemptsArrive(endpoint, options.attempts, options.script),
      capture,
      endpoint,
      subject,
      () => retriesAfterAnError(given, capture, time),
    );
  }
  const attempts = await endpoint.attempts();
  await watchQuietWindow(time, endpoint, attempts.length);
  // Each SUCCESS or FAILED reached owes one postback (§6); NEED_CHECK none.
  const owed = ends.filter((end) => end.status === 'SUCCESS' || end.status === 'FAILED').length;
  expectSoundSequence(attempts, subject.statusSet, owed);
  expectMethodCurrency(attempts, payment);
  return { payment, ends, endpoint, attempts };
}

/** A complaint about a payment of the test's own, posting to an endpoint of the test's own, moved through `moves`. */
export async function complaintRun(
  given: Preconditions,
  capture: TestCapture,
  options: {
    readonly moves: readonly (Exclude<ComplaintStatus, 'PENDING'> | 'flip')[];
    readonly attempts: number | 'all';
  },
): Promise<{
  payment: CreatedPayment;
  complaintId: string;
  endpoint: CaptureEndpoint;
  attempts: readonly CheckedAttempt[];
}> {
  const time = await given.postbackTime();
  const endpoint = await capture.endpoint({ kind: 'complaint', label: 'complaint postbacks' });
  const payment = await given.payment('payIn', { overrides: { merchantUserId: `user-${given.merchantPaymentId()}` } });
  const complaint = await given.complaint(payment, { postBackUrl: endpoint.url });
  let status: ComplaintStatus = 'PENDING';
  for (const move of options.moves) {
    if (move === 'flip') {
      // A re-evaluation goes COMPLETED ↔ DECLINED (§3.2): the helper may need to be told which.
      status = status === 'COMPLETED' ? 'DECLINED' : 'COMPLETED';
      await given.flipComplaint(complaint, status);
    } else {
      status = move;
      await given.moveComplaint(complaint, move);
    }
    await time.elapse(1_000);
  }
  const subject = {
    id: complaint.id,
    routing: 'PB-COMPLAINT-ROUTING',
    statusSet: 'PB-COMPLAINT-STATUS-SET',
    further: options.moves.includes('flip') ? 'PB-COMPLAINT-FLIP-RESENT' : 'PB-COMPLAINT-STATUS-SET',
  } as const;
  if (options.attempts === 'all') {
    await time.watchWholeSchedule();
    await notRoutedElsewhere(capture, endpoint, subject);
  } else {
    await whenShort(time, time.attemptsDue(endpoint, options.attempts), capture, endpoint, subject);
  }
  const attempts = await endpoint.attempts();
  await watchQuietWindow(time, endpoint, attempts.length);
  // Each COMPLETED or DECLINED reached, and each flip between them, owes one postback (§6).
  const owed = options.moves.filter((move) => move === 'COMPLETED' || move === 'DECLINED' || move === 'flip').length;
  expectSoundSequence(attempts, subject.statusSet, owed);
  return { payment, complaintId: complaint.id, endpoint, attempts };
}

/**
 * Why retries stopped after an attempt answered otherwise than 200: another 2xx taken for an acknowledgement
 * (PB-ONLY-200-ACKS), a redirect followed elsewhere (PB-NO-REDIRECT), or an error, a timeout or a reset given up on
 * (PB-RETRY-UNTIL-200).
 */
function unacknowledgedEnd(last: CheckedAttempt): RequirementId {
  const { reply } = last.attempt;
  if (reply.answer !== 'status') return 'PB-RETRY-UNTIL-200';
  if (reply.status >= 200 && reply.status < 300) return 'PB-ONLY-200-ACKS';
  if (reply.status >= 300 && reply.status < 400) return 'PB-NO-REDIRECT';
  return 'PB-RETRY-UNTIL-200';
}

/**
 * Whether the target retries a postback answered 500 (the plainest unacknowledged answer, §6): a payment of its own
 * to an endpoint that answers 500 once, then 200, and the time for two attempts.
 */
async function retriesAfterAnError(given: Preconditions, capture: TestCapture, time: PostbackTime): Promise<boolean> {
  const script: Reply[] = [{ answer: 'status', status: 500 }];
  const endpoint = await capture.endpoint({ kind: 'payment', label: 'retry after a 500 (baseline)', script });
  await given.paymentThrough('payIn', [{ status: 'SUCCESS' }], {
    overrides: { postBackUrl: endpoint.url },
    afterEach: () => time.elapse(1_000),
  });
  try {
    await time.attemptsArrive(endpoint, 2, script);
    return true;
  } catch (error) {
    if (error instanceof CaptureTimeoutError) return false;
    throw error;
  }
}

/** The capture server answered the attempt 200: the target was told it arrived. */
function isAcknowledged(attempt: CheckedAttempt): boolean {
  const { reply } = attempt.attempt;
  return reply.answer === 'status' && reply.status === 200;
}

/**
 * What every scenario's checks rest on, whatever they are about: no postback for a status outside the set (a
 * NEED_CHECK postback is the status set's finding, not a wrong first postback's) and no repeat of a postback right
 * after it was acknowledged (PB-STOP-AFTER-200's, not a flip sequence's). Either blocks the test's checks.
 */
function expectSoundSequence(attempts: readonly CheckedAttempt[], statusSet: RequirementId, owed: number): void {
  const outside = attempts.flatMap((a) => findingsFor(a, statusSet));
  if (outside.length > 0) {
    precondition(statusSet, () => {
      throw new Error(`postbacks for a status outside the set: ${outside.join('; ')}`);
    });
  }
  // A repeat is more acknowledged postbacks than the changes owed, one of them the bytes of the one acknowledged just
  // before: SUCCESS → FAILED → SUCCESS whose FAILED never came posts the same SUCCESS twice, rightly.
  const repeat = attempts.findIndex((a, n) => {
    const before = attempts[n - 1];
    return before !== undefined && a.attempt.body === before.attempt.body && isAcknowledged(before);
  });
  if (repeat > 0 && attempts.filter(isAcknowledged).length > owed) {
    precondition('PB-STOP-AFTER-200', () => {
      throw new Error(`attempt ${repeat + 1} repeats the postback attempt ${repeat} had acknowledged with 200`);
    });
  }
}

/**
 * Every payment postback of every scenario carries its payment's currency as `currency` (§2.5), whatever the test is
 * about: a deposit's, a payout's, a flip's. Soft and untagged: only a wrong one is recorded, PB-PAYMENT-CURRENCY's.
 */
function expectMethodCurrency(attempts: readonly CheckedAttempt[], payment: CreatedPayment): void {
  const wrong = attempts
    .map((a) => ({ n: a.attempt.n, body: bodyOf(a) }))
    .filter(({ body }) => Object.keys(body).length > 0 && body.currency !== payment.method.currencyCode);
  if (wrong.length === 0) return;
  softCheck('PB-PAYMENT-CURRENCY', (): void => {
    const seen = wrong.map(({ n, body }) => `attempt ${n}: currency ${JSON.stringify(body.currency)}`).join('; ');
    throw new Error(`payment ${payment.paymentId} of method currency ${payment.method.currencyCode}: ${seen}`);
  });
}

/**
 * After a whole schedule watched: when nothing reached the test's endpoint but postbacks about the subject reached
 * the merchant's registered URL, that is the routing's one finding; what the test checks of the postbacks it expected
 * here is blocked by it.
 */
async function notRoutedElsewhere(
  capture: TestCapture,
  endpoint: CaptureEndpoint,
  subject: { id: string; routing: RequirementId },
): Promise<void> {
  if ((await endpoint.attempts()).length > 0) return;
  const elsewhere = await capture.merchant.attempts(subject.id);
  if (elsewhere.length === 0) return;
  precondition(subject.routing, () => {
    throw new Error(
      `${elsewhere.length} postback(s) about ${subject.id} went to the merchant's registered URL, none to the URL given at creation (${endpoint.url})`,
    );
  });
}

/**
 * A scenario's wait for the attempts it needs, and when they do not come, the one requirement that explains it (one
 * defect, one finding): a postback answered otherwise than 200 and never sent again is PB-RETRY-UNTIL-200's; none
 * at all, but some at the merchant's registered URL, the routing's; none anywhere, the status set's (the status
 * reached had a postback due). The checks of the test are blocked by it. Fewer after a 200 (a flip's postback that
 * never came) is left to the test, which knows which step it waited for.
 */
async function whenShort(
  time: PostbackTime,
  wait: Promise<unknown>,
  capture: TestCapture,
  endpoint: CaptureEndpoint,
  subject: { id: string; routing: RequirementId; statusSet: RequirementId; further: RequirementId },
  retries?: () => Promise<boolean>,
): Promise<void> {
  try {
    await wait;
  } catch (error) {
    if (!(error instanceof CaptureTimeoutError)) throw error;
    const seen = await endpoint.attempts();
    const last = seen.at(-1);
    const fail = (requirement: RequirementId): never =>
      precondition(requirement, () => {
        throw error;
      });
    if (last !== undefined && !isAcknowledged(last)) {
      const end = unacknowledgedEnd(last);
      // A stop after a 201 or a 302 is that answer's finding only where a plain 500 is retried: a target that never
      // retries stops after either too, and that is PB-RETRY-UNTIL-200's one finding.
      if (end !== 'PB-RETRY-UNTIL-200' && retries !== undefined && !(await retries())) fail('PB-RETRY-UNTIL-200');
      fail(end);
    }
    if (last === undefined) {
      const elsewhere = await capture.merchant.attempts(subject.id);
      if (elsewhere.length > 0) fail(subject.routing);
      time.decideMissing(`no postback about ${subject.id} arrived`);
      fail(subject.statusSet);
    }
    // The last one acknowledged, and a later change's postback never came: a flip not re-sent, or a status not sent.
    time.decideMissing(`no postback about ${subject.id}'s later change arrived`);
    fail(subject.further);
  }
}
