import type { CheckedAttempt, Reply } from '../../generated/capture/definitions.gen.js';

/**
 * One place postbacks are sent to (`/pb/<token>`), as a test sees it: in the capture server's process or, through
 * the capture API, from a Playwright worker. Waits throw a CaptureTimeoutError that says what did arrive.
 */
export interface CaptureEndpoint {
  readonly token: string;
  /** What the target is told to post to (the capture server's public URL). */
  readonly url: string;
  readonly label: string | undefined;
  /** The replies to the next attempts, then `then` (default 200) to every later one. */
  script(replies: readonly Reply[], then?: Reply): Promise<void>;
  /** Every attempt, checked; with `about`, only those whose JSON body's `id` member is `about`. */
  attempts(about?: string): Promise<readonly CheckedAttempt[]>;
  waitForAttempts(count: number, timeoutMs: number): Promise<readonly CheckedAttempt[]>;
}
