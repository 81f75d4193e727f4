import { setTimeout as sleep } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Spaces requests to at most `perSecond` (the profile's safety.requestsPerSecond). Concurrent callers each
 * reserve the next free slot, so the cap holds across parallel requests of one client.
 */
export class RateLimiter {
  private nextSlot = Number.NEGATIVE_INFINITY;
  private readonly intervalMs: number;

  constructor(
    perSecond: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(perSecond > 0)) throw new RangeError('requests per second must be above 0');
    this.intervalMs = 1000 / perSecond;
  }

  async take(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    const wait = slot - now;
    if (wait > 0) await this.clock.sleep(wait);
  }
}
