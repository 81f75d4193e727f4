/**
 * A kit-side limit (developers' guide, "no false alarms"): something on the kit's side of the run ended a check before
 * it could judge the target — the kit's capture server did not answer, a test's time limit ran out, a worker died.
 * That is never the target's FAIL: the requirements the check was on are NOT VERIFIED, with what was observed and the
 * setting that would give the check more. Errors carry a mark in their message, so a Playwright result (which keeps
 * only the text of an error) still says what it was.
 */

/** How a kit-limit error's message begins. */
export const KIT_LIMIT_MARK = '[kit limit]';

export class KitLimitError extends Error {
  override readonly name: string = 'KitLimitError';

  constructor(readonly reason: string) {
    super(`${KIT_LIMIT_MARK} ${reason}`);
  }
}

/** Playwright's words for a test whose time ran out, and for a worker that died under a test. */
const TEST_TIMEOUT = /Test timeout of (\d+)ms exceeded/;
const WORKER_DIED = /worker process exited unexpectedly[^\n]*/;

/**
 * Why a test's result says nothing about the target, or undefined when it may: its time limit ran out, its worker
 * died, or an error of it carries the kit-limit mark. `status` is Playwright's (passed, failed, timedOut, …).
 */
export function kitLimitOf(status: string, errors: readonly string[]): string | undefined {
  const text = errors.join('\n');
  const marked = errors.find((e) => e.includes(KIT_LIMIT_MARK));
  if (marked !== undefined) {
    const reason = marked.slice(marked.indexOf(KIT_LIMIT_MARK) + KIT_LIMIT_MARK.length).trim();
    return reason.split('\n')[0] ?? reason;
  }
  const timeout = TEST_TIMEOUT.exec(text);
  if (status === 'timedOut' || timeout !== null) {
    const limit = timeout?.[1] === undefined ? '' : ` of ${Math.round(Number(timeout[1]) / 1000)} s`;
    return (
      `the test's time limit${limit} ran out before its checks ended: a limit of the kit, not a finding about the ` +
      "target (each wait on the target's clock adds its own budget from the profile's timing; the evidence shows " +
      'what was observed until then)'
    );
  }
  const died = WORKER_DIED.exec(text);
  if (died !== null) return `the kit's worker process died under the test (${died[0]}): nothing was judged`;
  return undefined;
}
