/**
 * A target that asks the kit to slow down (HTTP 429 Too Many Requests, RFC 6585 §4, with Retry-After, RFC 9110
 * §10.2.3): §8 shows no rate limit, so a provider may well have one, and answering 429 is the polite way to say so.
 * The kit waits as asked and sends the same bytes again; it never judges the 429 itself. A target that keeps
 * answering 429 past the kit's patience ends the check as NOT VERIFIED (a budget, not a finding).
 */
import { KitLimitError } from '../kit-limit.js';

/** Attempts of one request in all while the target answers 429. */
export const THROTTLE_ATTEMPTS = 6;
/** The longest single wait the kit accepts from Retry-After. */
export const THROTTLE_MAX_WAIT_MS = 30_000;
/** The wait when a 429 says nothing of when to come back. */
export const THROTTLE_DEFAULT_WAIT_MS = 1_000;

/** The wait a Retry-After header asks for (delta-seconds or an HTTP date), or undefined when it says nothing usable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How long to wait before attempt `attempt` (2, 3, …) after a 429, or a KitLimitError when the kit gives up: too many
 * 429s, or a Retry-After beyond its longest wait.
 */
export function throttleWait(attempt: number, header: string | string[] | undefined, where: string): number {
  const asked = retryAfterMs(header);
  if (attempt > THROTTLE_ATTEMPTS) {
    throw new KitLimitError(
      `${where} answered 429 Too Many Requests ${THROTTLE_ATTEMPTS} times: the target's rate limit held the check ` +
        'back (lower safety.requestsPerSecond in the profile)',
    );
  }
  if (asked !== undefined && asked > THROTTLE_MAX_WAIT_MS) {
    throw new KitLimitError(
      `${where} answered 429 with Retry-After ${Math.round(asked / 1000)} s, beyond the kit's longest wait of ` +
        `${THROTTLE_MAX_WAIT_MS / 1000} s (lower safety.requestsPerSecond in the profile)`,
    );
  }
  // Without Retry-After, a growing pause: 1, 2, 4 … seconds.
  return asked ?? THROTTLE_DEFAULT_WAIT_MS * 2 ** (attempt - 2);
}
