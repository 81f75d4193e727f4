import { setTimeout as sleep } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Spaces requests to at most `perSecond` (the profile's safety.requestsPerSecond). Callers queue, and each is let go
 * one interval after the previous one actually was: a stalled event loop then delays the queue instead of releasing
 * a burst of overdue requests at once, so no second ever sees more than the cap (plus the one that opens it).
 */
export class RateLimiter {
  private lastRelease = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    perSecond: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(perSecond > 0)) throw new RangeError('requests per second must be above 0');
    this.intervalMs = 1000 / perSecond;
  }

  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.lastRelease + this.intervalMs - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      this.lastRelease = this.clock.now();
    });
    // A failed turn (a sleep that threw) must not stop the callers queued behind it.
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
