import { Pool } from 'undici';

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly path: string;
  readonly body: Buffer;
  readonly concurrency: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** An answer counts as served only with this status. */
  readonly expectStatus: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One POST of the body: its latency in ms when answered with the expected status, undefined otherwise. */
async function sendOnce(
  pool: Pool,
  options: { readonly path: string; readonly body: Buffer; readonly expectStatus: number },
): Promise<number | undefined> {
  const started = performance.now();
  try {
    const response = await pool.request({
      method: 'POST',
      path: options.path,
      headers: { 'content-type': 'application/json' },
      body: options.body,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    await response.body.dump();
    return response.statusCode === options.expectStatus ? performance.now() - started : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A closed-loop load generator on an undici Pool: `concurrency` requests always in flight, the same body each time,
 * a warm-up that is not measured, then `durationMs` measured. The same generator loads every server compared.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pool = new Pool(options.url, { connections: options.concurrency, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const latency = await sendOnce(pool, options);
      if (!measuring) continue;
      if (latency === undefined) errors++;
      else latencies.push(latency);
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs));
  measuring = true;
  const measuredFrom = performance.now();
  stopAt = measuredFrom + options.durationMs;
  await Promise.all(workers);
  const seconds = (performance.now() - measuredFrom) / 1000;
  await pool.close();
  return resultOf(latencies, errors, seconds);
}

/** The figures of a load run from each answered request's latency. */
function resultOf(latencies: readonly number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export interface CountOptions {
  readonly url: string;
  readonly path: string;
  readonly body: Buffer;
  readonly concurrency: number;
  /** Sent first, not measured. */
  readonly warmup: number;
  readonly requests: number;
  readonly expectStatus: number;
}

/**
 * A fixed number of requests from `concurrency` senders (each its own connection), after an unmeasured warm-up:
 * throughput, p99 and how many were not answered with `expectStatus`.
 */
export async function runCount(options: CountOptions): Promise<LoadResult> {
  const pool = new Pool(options.url, { connections: options.concurrency, keepAliveTimeout: 30_000 });
  const send = async (count: number, latencies: number[]): Promise<number> => {
    let next = 0;
    let errors = 0;
    const sender = async () => {
      while (next < count) {
        next++;
        const latency = await sendOnce(pool, options);
        if (latency === undefined) errors++;
        else latencies.push(latency);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, sender));
    return errors;
  };
  await send(options.warmup, []);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await send(options.requests, latencies);
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return resultOf(latencies, errors, seconds);
}
