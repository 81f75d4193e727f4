import type { CapturedAttempt, CheckedAttempt, PostbackCheck } from '../../generated/capture/definitions.gen.js';
import { describeReply } from './answer.js';

/** What a wait gave: the attempts so far, and whether there were as many as asked for. */
export interface WaitResult {
  readonly attempts: readonly CheckedAttempt[];
  readonly complete: boolean;
}

/** Where an attempt evicted from memory is read back from (the evidence); undefined once no file holds it. */
export type Reload = (seq: number) => CapturedAttempt | undefined;

/** Bytes an attempt holds in memory: its base64 body and what surrounds it. */
const sizeOf = (attempt: CapturedAttempt): number => attempt.body.length + attempt.path.length + 1024;

/**
 * An attempt whose check runs the first time someone looks: recording and answering never wait for it. Evicted from
 * memory (MemoryBudget), it keeps its number, size and the id its body names, and is read back from the evidence
 * when looked at; one no file holds any more reads as dropped (a warning, never a finding against the target).
 */
class Received {
  private attempt: CapturedAttempt | undefined;
  private checked: CheckedAttempt | undefined;
  private parsedId: string | undefined | null = null;
  readonly seq: number;
  readonly n: number;
  readonly token: string | null;
  readonly bytes: number;

  constructor(
    attempt: CapturedAttempt,
    private readonly check: (attempt: CapturedAttempt) => PostbackCheck,
    private readonly reload: Reload | undefined,
  ) {
    this.attempt = attempt;
    this.seq = attempt.seq;
    this.n = attempt.n;
    this.token = attempt.token;
    this.bytes = sizeOf(attempt);
  }

  /** The body's `id` member when the body is a JSON object with a string id (what a postback is about). */
  get id(): string | undefined {
    if (this.parsedId === null) this.parsedId = this.attempt === undefined ? undefined : idMemberOf(this.attempt.body);
    return this.parsedId ?? undefined;
  }

  get value(): CheckedAttempt {
    if (this.checked !== undefined) return this.checked;
    if (this.attempt !== undefined) {
      this.checked = { attempt: this.attempt, check: this.check(this.attempt) };
      return this.checked;
    }
    // Evicted: read back, checked, and not kept (memory stays bounded).
    const again = this.reload?.(this.seq);
    return again === undefined ? this.droppedView() : { attempt: again, check: this.check(again) };
  }

  /** Frees the body (its id read first, so lookups by id still find it); the bytes it held. */
  evict(): number {
    if (this.attempt === undefined) return 0;
    this.parsedId ??= idMemberOf(this.attempt.body);
    this.attempt = undefined;
    this.checked = undefined;
    return this.bytes;
  }

  private droppedView(): CheckedAttempt {
    return {
      attempt: {
        seq: this.seq,
        token: this.token,
        path: this.token === null ? '(dropped)' : `/pb/${this.token}`,
        n: this.n,
        method: 'POST',
        headers: {},
        body: '',
        bodyBytes: 0,
        truncated: true,
        receivedAt: new Date(0).toISOString(),
        monoMs: 0,
        reply: { answer: 'status', status: 200 },
      },
      check: {
        kind: 'unknown',
        status: null,
        signature: 'not-checked',
        findings: [
          {
            rule: 'dropped',
            severity: 'warning',
            message: "dropped by the capture server's bounds (memory, then the evidence's size): not judged",
          },
        ],
      },
    };
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

/**
 * The bytes of attempts all mailboxes keep in memory together (issue 33). Past the bound, the mailbox holding most
 * gives up its oldest attempts after its first `keepFirst` (a flood's endpoint, never a test's few): they stay
 * counted, and are read back from the evidence when looked at.
 */
export class MemoryBudget {
  private kept = 0;
  private evictedCount = 0;
  private readonly mailboxes = new Set<Mailbox>();

  constructor(
    readonly maxBytes: number,
    readonly keepFirst = 16,
  ) {}

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
}

/** The attempts one endpoint (or the unknown paths) received, and the waits for more. */
export class Mailbox {
  private readonly received: Received[] = [];
  private readonly waiters = new Set<{ count: number; wake: () => void }>();
  private kept = 0;
  /** The next attempt eviction may take: the oldest resident one after the first `keepFirst`. */
  private nextEvictable: number;

  constructor(
    private readonly budget?: MemoryBudget,
    private readonly reload?: Reload,
  ) {
    this.nextEvictable = budget?.keepFirst ?? 0;
    budget?.register(this);
  }

  private issued = 0;

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
