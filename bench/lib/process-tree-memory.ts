import { readdirSync, readFileSync } from 'node:fs';

/**
 * The memory a process tree holds now, from /proc (Linux). PSS (proportional set size) counts a page shared by n
 * processes as 1/n to each: the memory the tree takes from the machine. Summed RSS counts every shared page once per
 * process, which a browser's dozen processes (one binary, shared libraries) inflate several times over.
 */
export interface TreeMemory {
  /** Proportional set size of the tree, bytes. */
  readonly pssBytes: number;
  /** Resident set sizes summed, bytes (shared pages counted per process). */
  readonly rssBytes: number;
  /** The part of pssBytes held by the browser's processes (Chromium, for the payment page's tests). */
  readonly browserPssBytes: number;
}

function kilobytes(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return Number(match?.[1] ?? 0) * 1024;
}

export function treeMemory(root: number): TreeMemory {
  const parents = new Map<number, number>();
  const seen = new Map<number, { pss: number; rss: number; browser: boolean }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      const rollup = readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      seen.set(pid, {
        pss: kilobytes(rollup, 'Pss'),
        rss: kilobytes(rollup, 'Rss'),
        browser: /chrom/i.test(command),
      });
    } catch {
      // The process ended while it was read, or is not ours to read.
    }
  }
  let pssBytes = 0;
  let rssBytes = 0;
  let browserPssBytes = 0;
  for (const [pid, memory] of seen) {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; hops++) {
      if (at === root) {
        pssBytes += memory.pss;
        rssBytes += memory.rss;
        if (memory.browser) browserPssBytes += memory.pss;
        break;
      }
      at = parents.get(at);
    }
  }
  return { pssBytes, rssBytes, browserPssBytes };
}

/** Samples the tree every `everyMs` until stopped; `stop()` gives the peak of each measure (each at its own moment). */
export function sampleTreeMemory(root: number, everyMs = 100): { stop(): TreeMemory } {
  let peak: TreeMemory = { pssBytes: 0, rssBytes: 0, browserPssBytes: 0 };
  const sample = (): void => {
    const now = treeMemory(root);
    peak = {
      pssBytes: Math.max(peak.pssBytes, now.pssBytes),
      rssBytes: Math.max(peak.rssBytes, now.rssBytes),
      browserPssBytes: Math.max(peak.browserPssBytes, now.browserPssBytes),
    };
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
