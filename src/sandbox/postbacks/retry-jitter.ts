import { randomInt } from 'node:crypto';

/**
 * The random jitter a provider documents for its postback retries (profile RetrySchedule.jitter; §6 shows no
 * schedule): each wait strays from the one stated by up to that fraction of it, either way (0.2: ±20 %), so that
 * retries of many postbacks do not all come at once. Jitter 0 keeps the schedule as stated.
 */
export function jittered(statedMs: number, jitter: number, random: () => number): number {
  if (jitter <= 0 || statedMs <= 0) return statedMs;
  const spread = Math.min(jitter, 1) * (2 * random() - 1);
  return Math.max(0, Math.round(statedMs * (1 + spread)));
}

/** A chance in [0, 1) from node:crypto. */
export function cryptoRandom(): number {
  return randomInt(0, 2 ** 32) / 2 ** 32;
}
