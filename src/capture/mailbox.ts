import type { CapturedAttempt, CheckedAttempt, PostbackCheck } from '../../generated/capture/definitions.gen.js';
import { describeReply } from './answer.js';

/** What a wait gave: the attempts so far, and whether there were as many as asked for. */
export interface WaitResult {
  readonly attempts: readonly CheckedAttempt[];
  readonly complete: boolean;
}

/** An attempt whose check runs the first time someone looks: recording and answering never wait for it. */
class Received {
  private checked: CheckedAttempt | undefined;
  private parsedId: string | undefined | null = null;

  constructor(
    private readonly attempt: CapturedAttempt,
    private readonly check: (attempt: CapturedAttempt) => PostbackCheck,
  ) {}

  /** The body's `id` member when the body is a JSON object with a string id (what a postback is about). */
  get id(): string | undefined {
    if (this.parsedId === null) this.parsedId = idMemberOf(this.attempt.body);
    return this.parsedId;
  }

  get value(): CheckedAttempt {
    this.checked ??= { attempt: this.attempt, check: this.check(this.attempt) };
    return this.checked;
  }
}

function idMemberOf(base64Body: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(base64Body, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const id = (value as Record<string, unknown>).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The attempts one endpoint (or the unknown paths) received, and the waits for more. */
export class Mailbox {
  private readonly received: Received[] = [];
  private readonly waiters = new Set<{ count: number; wake: () => void }>();

  get size(): number {
    return this.received.length;
  }

  /** Every attempt, checked (each check runs once, on first use). */
  get attempts(): readonly CheckedAttempt[] {
    return this.received.map((r) => r.value);
  }

  /**
   * The attempts whose JSON body's `id` member is `id`, checked: a shared endpoint (the merchant's registered URL)
   * holds every test's postbacks, and a test reads only its own (only those are checked here).
   */
  attemptsAbout(id: string): readonly CheckedAttempt[] {
    return this.received.filter((r) => r.id === id).map((r) => r.value);
  }

  /** Records an attempt; `check` judges it when it is first looked at. Returns the way to look at it. */
  add(attempt: CapturedAttempt, check: (attempt: CapturedAttempt) => PostbackCheck): () => CheckedAttempt {
    const received = new Received(attempt, check);
    this.received.push(received);
    for (const waiter of this.waiters) if (this.received.length >= waiter.count) waiter.wake();
    return () => received.value;
  }

  /** Resolves when `count` attempts are here or `timeoutMs` passed, whichever comes first; never rejects. */
  async waitFor(count: number, timeoutMs: number): Promise<WaitResult> {
    if (this.received.length < count && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const waiter = {
          count,
          wake: () => {
            clearTimeout(timer);
            this.waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.wake, timeoutMs);
        timer.unref();
        this.waiters.add(waiter);
      });
    }
    return { attempts: this.attempts, complete: this.received.length >= count };
  }

  /** Ends every wait now (the server is stopping). */
  wakeAll(): void {
    for (const waiter of this.waiters) waiter.wake();
  }
}

/** A wait ended before the postbacks it expected arrived; its message says what did arrive. */
export class CaptureTimeoutError extends Error {
  override readonly name = 'CaptureTimeoutError';

  constructor(
    readonly where: string,
    readonly expected: number,
    readonly timeoutMs: number,
    readonly attempts: readonly CheckedAttempt[],
  ) {
    super(
      `expected ${expected} postback attempt(s) at ${where} within ${timeoutMs} ms; ${attempts.length} arrived` +
        (attempts.length === 0 ? '' : `:\n${attempts.map(summarise).join('\n')}`),
    );
  }
}

/** One line per attempt: `#2 at 10:00:05.012 status SUCCESS, answered 500; findings: …`. */
export function summarise({ attempt, check }: CheckedAttempt): string {
  const errors = check.findings.filter((f) => f.severity === 'error').map((f) => f.message);
  return (
    `#${attempt.n} at ${attempt.receivedAt.slice(11)} ${check.kind} ${check.status ?? '(no status)'}, ` +
    `answered ${describeReply(attempt.reply)}${errors.length === 0 ? '' : `; findings: ${errors.join('; ')}`}`
  );
}
