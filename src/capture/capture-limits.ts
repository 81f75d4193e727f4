import type { DroppedSummary } from './dropped-tally.js';

/**
 * The capture server's bounds (issue 33: a target that floods it must not exhaust the runner's memory or disk, nor
 * lose the run's evidence). Each is an option of CaptureServer.start, a flag of `payment-conformance capture` and a
 * KIT_CAPTURE_* variable of a Playwright run (fixtures/conformance/capture-setup.ts).
 */
export const CAPTURE_LIMITS = {
  /** A postback body (§2.5, §2.6) is a few hundred bytes: a body beyond this is answered 413, its size recorded. */
  maxBodyBytes: 256 * 1024,
  /** Attempts kept in memory, all endpoints together; the oldest beyond it are read back from the evidence. */
  memoryBytes: 32 * 1024 * 1024,
  /** Attempts remembered at all (number, id, where on disk); past it the oldest evicted ones are forgotten. */
  entries: 200_000,
  /** The evidence files together (evidence-log.ts): the first and the latest attempts of a flood are kept. */
  evidenceBytes: 256 * 1024 * 1024,
} as const;

/**
 * A bound given in whole units (a flag's `--memory-mb 64`, a run's KIT_CAPTURE_MEMORY_MB=64) in bytes, or `fallback`
 * when not given; anything but a positive whole number is refused, naming where it came from.
 */
export function boundBytes(name: string, text: string | undefined, unitBytes: number, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9]\d{0,6}$/.test(text)) throw new Error(`${name} must be a positive whole number (got ${text})`);
  return Number(text) * unitBytes;
}

/** What the bounds did in a run: the report names it (a run whose target flooded the capture server). */
export interface CaptureBounds {
  /** Bodies answered 413 for their size. */
  readonly oversize: number;
  /** Attempts evicted from memory (still on disk unless also dropped). */
  readonly evictedFromMemory: number;
  /** Attempts forgotten by the entry bound (on disk, no longer found by lookups). */
  readonly forgotten: number;
  /** Bytes the evidence files hold. */
  readonly evidenceBytes: number;
  /** Attempts the evidence's size bound dropped. */
  readonly dropped: DroppedSummary;
}

/** One line for a report or a log; undefined when the bounds changed nothing. */
export function describeBounds(bounds: CaptureBounds): string | undefined {
  const parts: string[] = [];
  if (bounds.oversize > 0) parts.push(`${bounds.oversize} postback(s) over the body limit answered 413`);
  if (bounds.forgotten > 0)
    parts.push(`${bounds.forgotten} old attempt(s) no longer looked up (still in the evidence)`);
  if (bounds.dropped.attempts > 0) {
    const where = bounds.dropped.byEndpoint
      .slice(0, 3)
      .map((e) => `${e.attempts} at ${e.token === null ? 'unknown paths' : `/pb/${e.token}`}`)
      .join(', ');
    parts.push(
      `${bounds.dropped.attempts} attempt(s) (${Math.round(bounds.dropped.bytes / 1024)} KiB) dropped from the evidence by its size bound (${where}); the first and the latest of each endpoint are kept`,
    );
  }
  if (parts.length === 0) return undefined;
  return `the capture server's bounds were reached: ${parts.join('; ')}`;
}

/**
 * The V8 heap a capture server process runs with (its memory bound in MB and room for the rest): V8 grows its heap
 * lazily, far past what is live, unless told its limit (issue 33's flood: 600 MB resident without one, 240 with).
 */
export function captureHeapMb(memoryBytes: number): number {
  return Math.round(memoryBytes / (1024 * 1024)) + 160;
}
