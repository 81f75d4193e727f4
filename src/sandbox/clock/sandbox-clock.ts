/**
 * The sandbox's time. Every timestamp and every timer of the sandbox (retries, magic outcomes) reads this clock.
 *
 * - `virtual`: real time plus an offset that only grows. Time flows as usual, and `advance(ms)` jumps it forward,
 *   firing every timer that comes due in order and awaiting each one, so a 27-hour retry schedule (design brief §4)
 *   runs in milliseconds.
 * - `real`: wall-clock time; `advance` is refused.
 */
export type ClockMode = 'virtual' | 'real';

interface Timer {
  readonly id: number;
  readonly dueMs: number;
  readonly run: () => Promise<void> | void;
}

export class ClockError extends Error {
  override readonly name = 'ClockError';
}

export class SandboxClock {
  private offsetMs = 0;
  private lastMs = 0;
  private nextId = 1;
  private timers: Timer[] = [];
  private wakeUp: NodeJS.Timeout | undefined;
  private advancing: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    readonly mode: ClockMode,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Milliseconds since the epoch, never going backwards (a wall clock may; createdAt must not). */
  now(): number {
    this.lastMs = Math.max(this.lastMs, Date.now() + this.offsetMs);
    return this.lastMs;
  }

  /** Runs `run` when the clock reaches `dueMs`; returns an id for cancel(). */
  schedule(dueMs: number, run: () => Promise<void> | void): number {
    const timer = { id: this.nextId++, dueMs, run };
    const index = this.timers.findIndex((t) => t.dueMs > dueMs);
    if (index === -1) this.timers.push(timer);
    else this.timers.splice(index, 0, timer);
    this.arm();
    return timer.id;
  }

  cancel(id: number): void {
    this.timers = this.timers.filter((t) => t.id !== id);
    this.arm();
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.timers.length;
  }

  /**
   * Jumps forward by `ms`, firing every timer due on the way at its own time and awaiting it (an HTTP attempt
   * included), then settles at the target. Timers already running finish first. Calls are serialised.
   */
  async advance(ms: number): Promise<void> {
    if (this.mode === 'real') throw new ClockError('the sandbox clock runs in real time: it cannot be advanced');
    const step = this.advancing.then(async () => {
      // Work that time already set going (an attempt on the wire) finishes first: what it schedules next (a
      // retry) belongs to the jump.
      await Promise.allSettled([...this.running]);
      const target = this.now() + ms;
      for (;;) {
        const next = this.timers[0];
        if (next === undefined || next.dueMs > target) break;
        this.jumpTo(next.dueMs);
        await this.fire(next);
      }
      this.jumpTo(target);
      this.arm();
    });
    this.advancing = step.catch(() => undefined);
    await step;
  }

  /** Cancels every timer and waits for the ones running; returns how many were dropped. */
  async stop(): Promise<number> {
    this.stopped = true;
    const dropped = this.timers.length;
    this.timers = [];
    if (this.wakeUp !== undefined) clearTimeout(this.wakeUp);
    await Promise.allSettled([...this.running]);
    return dropped;
  }

  private jumpTo(ms: number): void {
    const now = this.now();
    if (ms > now) this.offsetMs += ms - now;
  }

  private async fire(timer: Timer): Promise<void> {
    this.timers = this.timers.filter((t) => t !== timer);
    const run = (async () => {
      try {
        await timer.run();
      } catch (error) {
        this.onError(error);
      }
    })();
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** One real timer for the earliest due timer, so time also passes by itself. */
  private arm(): void {
    if (this.wakeUp !== undefined) clearTimeout(this.wakeUp);
    this.wakeUp = undefined;
    const next = this.timers[0];
    if (next === undefined || this.stopped) return;
    const delay = Math.min(Math.max(next.dueMs - this.now(), 0), 2 ** 31 - 1);
    this.wakeUp = setTimeout(() => {
      this.wakeUp = undefined;
      void this.fireDue();
    }, delay);
    this.wakeUp.unref();
  }

  /** Timers that came due as time passed run side by side: one slow receiver must not hold back the others. */
  private async fireDue(): Promise<void> {
    await this.advancing;
    const now = this.now();
    const due = this.timers.filter((t) => t.dueMs <= now);
    for (const timer of due) void this.fire(timer);
    this.arm();
  }
}
