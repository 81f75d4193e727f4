import { readdirSync, readFileSync } from 'node:fs';

/** The resident memory of `root` and all its descendants now, in bytes, from /proc (Linux). */
export function treeRssBytes(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      const resident = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      rss.set(pid, Number(resident?.[1] ?? 0) * 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; hops++) {
      if (at === root) {
        total += bytes;
        break;
      }
      at = parents.get(at);
    }
  }
  return total;
}

/** Samples the tree every `everyMs` until stopped; `stop()` gives the peak. */
export function sampleTreeRss(root: number, everyMs = 100): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes(root));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes(root));
    },
  };
}
