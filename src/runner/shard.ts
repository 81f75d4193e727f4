/** One shard of a run split over machines (Playwright's --shard index/total), and the checks every merge makes. */
export interface Shard {
  readonly index: number;
  readonly total: number;
}

/** A shard flag, or a set of parts, that cannot make one run: one line, exit 2. */
export class ShardError extends Error {}

/** `i/n` as --shard gives it. */
export function parseShard(value: string): Shard {
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(value);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (match === null || index < 1 || index > total) {
    throw new ShardError(`--shard must be i/n with 1 ≤ i ≤ n (got ${value})`);
  }
  return { index, total };
}

/** The shards of 1..total that `seen` (names `i/n`) lacks, in order. */
export function missingShards(seen: ReadonlySet<string>, total: number): string[] {
  return Array.from({ length: total }, (_, i) => `${i + 1}/${total}`).filter((name) => !seen.has(name));
}
