import type { CapturedAttempt, CheckedAttempt, PostbackCheck } from '../../generated/capture/definitions.gen.js';
import { describeReply } from './answer.js';
import { Received, type Reload } from './received-attempt.js';

export type { Reload } from './received-attempt.js';

/** What a wait gave: the attempts so far, and whether there were as many as asked for. */
export interface WaitResult {
  readonly attempts: readonly CheckedAttempt[];
  readonly complete: boolean;
}

/**
 * The bytes of attempts all mailboxes keep in memory together (issue 33). Past the bound, the mailbox holding most
 * gives up its oldest attempts after its first `keepFirst` (a flood's endpoint, never a test's few): they stay
 * counted, and are read back from the evidence when looked at.
 */
export class MemoryBudget {
  private kept = 0;
  private entries = 0;
  private evictedCount = 0;
  private forgottenCount = 0;
  private readonly mailboxes = new Set<Mailbox>();

  constructor(
    readonly maxBytes: number,
    readonly keepFirst = 16,
    /**
     * Attempts remembered at all (an evicted one still costs its number and id): past it, the mailbox holding most
     * forgets its oldest evicted tenth. Those stay in the evidence and in the counts; lookups no longer find them.
     */
    readonly maxEntries = 200_000,
  ) {}

  /** Attempts forgotten by the entry bound. */
  get forgotten(): number {
    return this.forgottenCount;
  }

  /** Attempts evicted from memory so far. */
  get evicted(): number {
    return this.evictedCount;
  }

  get bytes(): number {
    return this.kept;
  }

  register(mailbox: Mailbox): void {
    this.mailboxes.add(mailbox);
  }

  /** Counts `bytes` more, then evicts until within the bound (or nothing more can go). */
  admit(bytes: number): void {
    this.kept += bytes;
    this.entries += 1;
    if (this.entries > this.maxEntries) this.forget();
    while (this.kept > this.maxBytes) {
      let largest: Mailbox | undefined;
      for (const mailbox of this.mailboxes) {
        if (mailbox.evictable && (largest === undefined || mailbox.keptBytes > largest.keptBytes)) largest = mailbox;
      }
      const freed = largest?.evictOldest() ?? 0;
      if (freed === 0) break;
      this.kept -= freed;
      this.evictedCount += 1;
    }
  }

  private forget(): void {
    let largest: Mailbox | undefined;
    for (const mailbox of this.mailboxes) if (largest === undefined || mailbox.size > largest.size) largest = mailbox;
    const { count, bytes } = largest?.forgetOldest(Math.ceil(this.maxEntries / 10)) ?? { count: 0, bytes: 0 };
    this.entries -= count;
    this.kept -= bytes;
    this.forgottenCount += count;
  }
}

/** The attempts one endpoint (or the unknown paths) received, and the waits for more. */
export class Mailbox {
  private readonly received: Received[] = [];
  private readonly waiters = new Set<{ count: number; wake: () => void }>();
  private kept = 0;
  /** The next attempt eviction may take: the oldest resident one after the first `keepFirst`. */
  private nextEvictable: number;
  /** Attempt numbers given out (nextNumber), restored ones included. */
  private issued = 0;
  /** Attempts recorded, forgotten ones included: what a wait for a count compares with. */
  private added = 0;

  constructor(
    private readonly budget?: MemoryBudget,
    private readonly reload?: Reload,
  ) {
    this.nextEvictable = budget?.keepFirst ?? 0;
    budget?.register(this);
  }

  get size(): number {
    return this.received.length;
  }

  /**
   * The number of the attempt arriving now, taken when it arrives: attempts recorded concurrently (each awaits its
   * evidence line) must not share one.
   */
  nextNumber(): number {
    this.issued += 1;
    return this.issued;
  }

  /** Bytes of its attempts in memory. */
  get keptBytes(): number {
    return this.kept;
  }

  get evictable(): boolean {
    return this.nextEvictable < this.received.length;
  }

  /**
   * Forgets up to `count` of its oldest attempts after the first `keepFirst` (evicting any still in memory): the
   * attempts and bytes of memory that freed.
   */
  forgetOldest(count: number): { count: number; bytes: number } {
    const first = this.budget?.keepFirst ?? 0;
    const gone = this.received.splice(first, Math.max(0, Math.min(count, this.received.length - first)));
    let bytes = 0;
    for (const received of gone) bytes += received.evict();
    this.kept -= bytes;
    this.nextEvictable = Math.max(first, this.nextEvictable - gone.length);
    return { count: gone.length, bytes };
  }

  /** Evicts the oldest attempt that may go; the bytes freed (0 when none may). */
  evictOldest(): number {
    while (this.nextEvictable < this.received.length) {
      const received = this.received[this.nextEvictable];
      this.nextEvictable += 1;
      const freed = received?.evict() ?? 0;
      if (freed > 0) {
        this.kept -= freed;
        return freed;
      }
    }
    return 0;
  }

  /** Every attempt, checked (each check runs once, on first use; an evicted one is read back). */
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
    this.issued = Math.max(this.issued, attempt.n);
    const received = new Received(attempt, check, this.reload);
    this.received.push(received);
    this.kept += received.bytes;
    this.budget?.admit(received.bytes);
    this.added += 1;
    for (const waiter of this.waiters) if (this.added >= waiter.count) waiter.wake();
    return () => received.value;
  }

  /** Resolves when `count` attempts are here or `timeoutMs` passed, whichever comes first; never rejects. */
  async waitFor(count: number, timeoutMs: number): Promise<WaitResult> {
    if (this.added < count && timeoutMs > 0) {
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
    return { attempts: this.attempts, complete: this.added >= count };
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
