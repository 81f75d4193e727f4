import { Agent } from 'undici';
import { SANDBOX_LIMITS } from '../config/sandbox-limits.js';
import type { Delivery, DeliveryAttempt } from '../../../generated/sandbox-control/deliveries.response.gen.js';
import type { RetrySchedule } from '../../../generated/profile/profile.gen.js';
import type { SandboxClock } from '../clock/sandbox-clock.js';
import type { FaultSet } from '../faults/fault-set.js';
import { destinationProblem, type PostbackHosts } from './destination.js';
import { cryptoRandom, jittered } from './retry-jitter.js';
import { type AttemptResult, sendAttempt } from './send-attempt.js';

export interface DeliveryOptions {
  readonly schedule: RetrySchedule;
  /** Per attempt, in real milliseconds (a receiver that hangs is really waited for). */
  readonly attemptTimeoutMs: number;
  readonly hosts: PostbackHosts;
  /** Chance in [0, 1) for the schedule's jitter (retry-jitter.ts); default node:crypto's. */
  readonly random?: () => number;
}

interface PendingDelivery {
  readonly log: Delivery;
  readonly bytes: Buffer;
  /** Another serialisation of the same body, for the fault that rebuilds retries. */
  readonly rebuilt: () => Buffer;
  timer: number | undefined;
  extraAttemptSent: boolean;
}

/**
 * How late the stale-after-flip fault re-sends the older status: a week of the sandbox's clock, past the end of any
 * retry schedule a scenario watches, so only a quiet window after it sees the stale postback.
 */
const LATE_STALE_MS = 7 * 24 * 3_600_000;

/** Redirects a faulty sender follows before giving up. */
const MAX_FOLLOWED_REDIRECTS = 3;

/**
 * Delivers postbacks (§6): only HTTP 200 acknowledges; anything else (another status, a timeout, a reset) is
 * retried on the profile's schedule, each retry byte-identical, up to maxAttempts. Every status change gets its
 * postback attempted; a newer postback about the same payment or complaint supersedes only the *retries* of an
 * older one, and attempts about one subject go out one at a time, in order, so a stale status never overtakes.
 */
export class DeliveryEngine {
  private readonly deliveries: PendingDelivery[] = [];
  private readonly dispatcher = new Agent({ pipelining: 0, connect: { timeout: 5_000 } });
  /** The last attempt started per subject: the next one waits for it. */
  private readonly lastAttempt = new Map<string, Promise<void>>();
  /** The late resend the stale-after-flip fault has planned, per subject. */
  private readonly lateResends = new Map<string, number>();
  private nextId = 1;

  constructor(
    private readonly clock: SandboxClock,
    private readonly faults: FaultSet,
    private readonly options: DeliveryOptions,
    private readonly log: (line: string) => void,
  ) {}

  enqueue(
    kind: 'payment' | 'complaint',
    subjectId: string,
    url: string | undefined,
    bytes: Buffer,
    rebuilt: () => Buffer,
  ): Delivery {
    for (const older of this.deliveries) {
      const waitingToRetry =
        older.log.state === 'pending' && older.log.attempts.length > 0 && older.timer !== undefined;
      const same = older.log.kind === kind && older.log.subjectId === subjectId;
      if (same && waitingToRetry && !this.faults.has('postback-stale-retry')) this.settle(older, 'superseded');
    }
    const delivery: PendingDelivery = {
      log: {
        id: `d-${this.nextId++}`,
        kind,
        subjectId,
        url: url ?? null,
        state: 'pending',
        body: bytes.toString('utf8'),
        nextAttemptAt: null,
        attempts: [],
      },
      bytes,
      rebuilt,
      timer: undefined,
      extraAttemptSent: false,
    };
    this.deliveries.push(delivery);
    this.forgetFinished();
    const problem =
      url === undefined
        ? 'no postBackUrl and no URL registered for the merchant'
        : destinationProblem(url, this.options.hosts);
    if (problem !== undefined) {
      this.record(
        delivery,
        { error: `not sent: ${problem}`, durationMs: 0 },
        url ?? '',
        bytes.length,
        this.clock.now(),
      );
      this.settle(delivery, 'undeliverable');
      this.log(`postback ${delivery.log.id} (${kind} ${subjectId}) not sent: ${problem}`);
    } else {
      this.scheduleAttempt(delivery, 1);
    }
    return delivery.log;
  }

  /** Past SANDBOX_LIMITS.deliveries, the oldest finished deliveries leave the log (pending ones stay). */
  private forgetFinished(): void {
    let excess = this.deliveries.length - SANDBOX_LIMITS.deliveries;
    if (excess <= 0) return;
    for (let i = 0; i < this.deliveries.length && excess > 0;) {
      if (this.deliveries[i]?.log.state === 'pending') {
        i++;
        continue;
      }
      this.deliveries.splice(i, 1);
      excess--;
    }
  }

  /** The delivery log, oldest first; optionally of one payment or complaint. */
  list(subjectId?: string): Delivery[] {
    return this.deliveries
      .filter((d) => subjectId === undefined || d.log.subjectId === subjectId)
      .map((d) => structuredClone(d.log));
  }

  /** Drops every pending delivery (on reset or shutdown); returns how many there were. */
  dropPending(): number {
    let dropped = 0;
    for (const delivery of this.deliveries) {
      if (delivery.log.state !== 'pending') continue;
      this.settle(delivery, 'dropped');
      dropped++;
    }
    return dropped;
  }

  clear(): void {
    this.dropPending();
    this.deliveries.length = 0;
  }

  /** Aborts attempts on the wire (they are recorded as failed) and releases connections. */
  async close(): Promise<void> {
    await this.dispatcher.destroy();
  }

  /**
   * The design brief's schedule (§4): attempt n waits delaysMs[n-1] after the previous one, then repeatEveryMs; each
   * wait strays as far as the schedule's jitter says (§6.4 shows no schedule; a provider documents its own).
   */
  private delayBefore(attempt: number): number {
    const { delaysMs, repeatEveryMs } = this.options.schedule;
    if (attempt > 1 && this.faults.has('postback-retry-schedule-fast')) return 1_000;
    const stated = delaysMs[attempt - 1] ?? repeatEveryMs;
    return jittered(stated, this.options.schedule.jitter ?? 0, this.options.random ?? cryptoRandom);
  }

  private scheduleAttempt(delivery: PendingDelivery, attempt: number): void {
    const due = this.clock.now() + this.delayBefore(attempt);
    delivery.log.nextAttemptAt = new Date(due).toISOString();
    delivery.timer = this.clock.schedule(due, () => this.attempt(delivery, attempt));
  }

  private async attempt(delivery: PendingDelivery, attempt: number): Promise<void> {
    delivery.timer = undefined;
    const key = `${delivery.log.kind}:${delivery.log.subjectId}`;
    const mine = (this.lastAttempt.get(key) ?? Promise.resolve()).then(() => this.attemptInTurn(delivery, attempt));
    const settled = mine.catch(() => undefined);
    this.lastAttempt.set(key, settled);
    await mine;
    if (this.lastAttempt.get(key) === settled) this.lastAttempt.delete(key);
  }

  private async attemptInTurn(delivery: PendingDelivery, attempt: number): Promise<void> {
    const url = delivery.log.url;
    if (url === null || delivery.log.state !== 'pending') return;
    delivery.log.nextAttemptAt = null;
    const bytes = attempt > 1 && this.faults.has('postback-retry-not-identical') ? delivery.rebuilt() : delivery.bytes;
    const startedAt = this.clock.now();
    const result = await this.send(url, bytes);
    this.record(delivery, result, url, bytes.length, startedAt);
    // A newer postback may have superseded this one while the attempt was on the wire.
    if (!isPending(delivery)) return;
    if (this.acknowledged(result.status)) {
      if (this.faults.has('postback-retry-after-200') && !delivery.extraAttemptSent) {
        delivery.extraAttemptSent = true;
        this.scheduleAttempt(delivery, attempt + 1);
        return;
      }
      this.settle(delivery, 'delivered');
      if (this.faults.has('postback-late-stale-after-flip')) this.resendOlderLater(delivery);
    } else if (this.hasNewer(delivery) && !this.faults.has('postback-stale-retry')) {
      this.settle(delivery, 'superseded');
    } else if (this.givesUp(result, attempt)) {
      this.settle(delivery, 'gave-up');
      this.log(`postback ${delivery.log.id} gave up after ${attempt} attempt(s)`);
    } else {
      this.scheduleAttempt(delivery, attempt + 1);
    }
  }

  /**
   * The fault that sends a stale status late: a week after a newer postback was acknowledged, the one before it about
   * the same subject goes out once more, long after any scenario that watched only its own attempts had ended.
   */
  private resendOlderLater(newer: PendingDelivery): void {
    const index = this.deliveries.indexOf(newer);
    const older = this.deliveries
      .slice(0, index)
      .filter((d) => d.log.kind === newer.log.kind && d.log.subjectId === newer.log.subjectId)
      .at(-1);
    const url = older?.log.url;
    if (older === undefined || url === null || url === undefined) return;
    // Only the latest change's predecessor comes back: a resend planned for an earlier change is dropped.
    const subject = `${newer.log.kind}:${newer.log.subjectId}`;
    const planned = this.lateResends.get(subject);
    if (planned !== undefined) this.clock.cancel(planned);
    // Returned, so that a jump of the clock awaits the attempt like any other.
    const timer = this.clock.schedule(this.clock.now() + LATE_STALE_MS, async () => {
      this.lateResends.delete(subject);
      const startedAt = this.clock.now();
      this.record(older, await this.send(url, older.bytes), url, older.bytes.length, startedAt);
    });
    this.lateResends.set(subject, timer);
  }

  /** After a failed attempt: only the attempt cap ends the retries (§6), unless a fault gives up earlier. */
  private givesUp(result: AttemptResult, attempt: number): boolean {
    if (attempt >= this.options.schedule.maxAttempts || this.faults.has('postback-no-retry')) return true;
    if (result.status === undefined) return this.faults.has('postback-no-retry-after-timeout');
    return result.status >= 400 && result.status < 500 && this.faults.has('postback-gives-up-on-4xx');
  }

  private hasNewer(delivery: PendingDelivery): boolean {
    const index = this.deliveries.indexOf(delivery);
    return this.deliveries
      .slice(index + 1)
      .some((d) => d.log.kind === delivery.log.kind && d.log.subjectId === delivery.log.subjectId);
  }

  private acknowledged(status: number | undefined): boolean {
    if (status === 200) return true;
    return this.faults.has('postback-accepts-any-2xx') && status !== undefined && status >= 200 && status < 300;
  }

  private async send(given: string, bytes: Buffer): Promise<AttemptResult> {
    const url = this.faults.has('postback-drops-query-string') ? given.replace(/\?[^#]*/, '') : given;
    let result = await sendAttempt(url, bytes, this.options.attemptTimeoutMs, this.dispatcher);
    if (!this.faults.has('postback-follows-redirect')) return result;
    for (let hops = 0; hops < MAX_FOLLOWED_REDIRECTS; hops++) {
      const { status, location } = result;
      if (status === undefined || status < 300 || status >= 400 || location === undefined) break;
      const next = new URL(location, url).href;
      if (destinationProblem(next, this.options.hosts) !== undefined) break;
      result = await sendAttempt(next, bytes, this.options.attemptTimeoutMs, this.dispatcher);
    }
    return result;
  }

  /** `at` is when the attempt started; the wait before the next one counts from its end (profile RetrySchedule). */
  private record(
    delivery: PendingDelivery,
    result: AttemptResult,
    url: string,
    requestBytes: number,
    startedAt: number,
  ): void {
    const base = {
      n: delivery.log.attempts.length + 1,
      at: new Date(startedAt).toISOString(),
      url,
      durationMs: Math.round(result.durationMs * 1000) / 1000,
      requestBytes,
      ...(result.responseBytes === undefined ? {} : { responseBytes: result.responseBytes }),
    };
    const attempt: DeliveryAttempt =
      result.status !== undefined
        ? { ...base, status: result.status }
        : { ...base, error: result.error ?? 'unknown error' };
    delivery.log.attempts.push(attempt);
  }

  private settle(delivery: PendingDelivery, state: Delivery['state']): void {
    delivery.log.state = state;
    delivery.log.nextAttemptAt = null;
    if (delivery.timer !== undefined) this.clock.cancel(delivery.timer);
    delivery.timer = undefined;
  }
}

function isPending(delivery: PendingDelivery): boolean {
  return delivery.log.state === 'pending';
}
