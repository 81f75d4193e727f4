import type { CheckedAttempt, EndpointKind, Reply } from '../../generated/capture/definitions.gen.js';
import { CaptureTimeoutError, type Mailbox } from './mailbox.js';

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

/** An endpoint as the capture server holds it: its script of replies and the attempts it received. */
export interface Endpoint {
  readonly token: string;
  readonly kind: EndpointKind;
  readonly label: string | undefined;
  script: Reply[];
  then: Reply;
  readonly mailbox: Mailbox;
}

/** A test's view of an endpoint of a capture server in this process. */
export function endpointView(
  endpoint: Endpoint,
  url: string,
  setScript: (script: readonly Reply[], then?: Reply) => void,
): CaptureEndpoint {
  const where = endpoint.label === undefined ? `/pb/${endpoint.token}` : `${endpoint.label} (/pb/${endpoint.token})`;
  return {
    token: endpoint.token,
    url,
    label: endpoint.label,
    script: (script, then) => {
      setScript(script, then);
      return Promise.resolve();
    },
    attempts: (about) =>
      Promise.resolve(about === undefined ? [...endpoint.mailbox.attempts] : endpoint.mailbox.attemptsAbout(about)),
    waitForAttempts: async (count, timeoutMs) => {
      const result = await endpoint.mailbox.waitFor(count, timeoutMs);
      if (!result.complete) throw new CaptureTimeoutError(where, count, timeoutMs, result.attempts);
      return result.attempts;
    },
  };
}
