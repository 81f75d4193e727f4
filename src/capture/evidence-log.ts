import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CapturedAttempt } from '../../generated/capture/definitions.gen.js';
import type { EvidenceLine } from '../../generated/capture/evidence-line.gen.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';
import { DroppedTally, type DroppedSummary } from './dropped-tally.js';

/** Room the head keeps for the `dropped` line (at most 20 endpoints' counts). */
const DROPPED_LINE_ROOM = 8 * 1024;

/** Attempts of each endpoint always written to the head file (while the head has room for them). */
export const FIRST_ATTEMPTS_KEPT = 4;

/** Where a line went: 0 the head file, n > 0 the rotating segment of that generation. */
interface Location {
  readonly generation: number;
  readonly offset: number;
  readonly length: number;
}

interface Pending {
  readonly bytes: Buffer;
  readonly done: (error?: Error) => void;
}

/** One file the log appends to: its descriptor, size and what waits to be written to it. */
class Sink {
  pending: Pending[] = [];

  constructor(
    readonly fd: number,
    public size: number,
    /** Attempts in it, by endpoint token (`null`: paths no endpoint has): what a rotation drops. */
    readonly attempts = new DroppedTally(),
    /** Their numbers (seq): where they can be read back from, forgotten with the file. */
    readonly seqs: number[] = [],
  ) {}

  write(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      const bytes = Buffer.concat(batch.map((entry) => entry.bytes));
      for (let written = 0; written < bytes.length;) written += writeSync(this.fd, bytes, written);
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.done(error as Error);
    }
  }
}

/**
 * The capture server's evidence: one JSON line per endpoint and per attempt, appended before the attempt is
 * answered, so a run that is killed loses nothing it acknowledged. The lines that come in during one turn of the
 * event loop are written together, with one synchronous write per file at its end.
 *
 * Bounded (issue 33): the files never hold more than `maxBytes` together. The head file (`FILE`) takes the endpoint
 * lines, the first attempts of every endpoint and everything else until 60% of the cap; past that, attempts go to a
 * rotating pair of segments (`FILE.1`, the latest, and `FILE.2`, the ones before), 10% of the cap each: a flood keeps
 * its first and its latest attempts, and what rotation drops is counted per endpoint and written as a `dropped` line
 * when the log closes.
 */
export class EvidenceLog {
  private readonly head: Sink;
  private segment: Sink | undefined;
  private previous: Sink | undefined;
  private generation = 0;
  private readonly locations = new Map<number, Location>();
  private readonly dropped = new DroppedTally();
  private flushing = false;
  private closed = false;

  private constructor(
    readonly file: string,
    head: number,
    private readonly maxBytes: number,
  ) {
    this.head = new Sink(head, fstatSync(head).size);
  }

  /** Opens `file` for appending (creating its folder), emptied first (and its segments removed) unless `resume`. */
  static async open(file: string, resume: boolean, maxBytes = Infinity): Promise<EvidenceLog> {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    if (!resume) for (const segment of segmentFiles(file)) rmSync(segment, { force: true });
    // Read as well as appended: an attempt evicted from memory is read back from here.
    return new EvidenceLog(file, openSync(file, resume ? 'a+' : 'w+'), maxBytes);
  }

  /** What the bound dropped so far: attempts and bytes no file holds any more, by endpoint. */
  droppedSummary(): DroppedSummary {
    return this.dropped.summary();
  }

  /** Bytes the files hold now. */
  get bytes(): number {
    return this.head.size + (this.segment?.size ?? 0) + (this.previous?.size ?? 0);
  }

  /** Resolves once the line is in a file (written to the operating system, not necessarily to the disk). */
  append(line: EvidenceLine): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the evidence file is closed'));
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
    const attempt = line.type === 'attempt' ? line.attempt : undefined;
    const sink = line.type === 'dropped' ? this.head : this.sinkFor(bytes.length, attempt);
    if (sink === undefined) {
      // Larger than a segment can ever hold: counted, never written (the attempt is still answered and checked).
      if (attempt !== undefined) this.dropped.add(attempt.token, bytes.length);
      return Promise.resolve();
    }
    if (attempt !== undefined) {
      const generation = sink === this.head ? 0 : this.generation;
      this.locations.set(attempt.seq, { generation, offset: sink.size, length: bytes.length });
      sink.attempts.add(attempt.token, bytes.length);
      if (sink !== this.head) sink.seqs.push(attempt.seq);
    }
    sink.size += bytes.length;
    return new Promise((resolve, reject) => {
      const done = (error?: Error): void => {
        if (error === undefined) resolve();
        else reject(error);
      };
      sink.pending.push({ bytes, done });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  /** An attempt written earlier, read back from its file; undefined when rotation dropped it (or it was never kept). */
  read(seq: number): CapturedAttempt | undefined {
    const location = this.locations.get(seq);
    if (location === undefined || this.closed) return undefined;
    const sink = this.sinkOf(location.generation);
    if (sink === undefined) return undefined;
    if (sink.pending.length > 0) this.flush();
    const buffer = Buffer.alloc(location.length);
    readSync(sink.fd, buffer, 0, location.length, location.offset);
    try {
      const line = JSON.parse(buffer.toString('utf8')) as EvidenceLine;
      return line.type === 'attempt' && line.attempt.seq === seq ? line.attempt : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes what is pending and the `dropped` line (when the bound dropped anything), then closes the files. */
  async close(): Promise<void> {
    if (this.closed) return;
    const summary = this.dropped.summary();
    if (summary.attempts > 0) {
      await this.append({
        type: 'dropped',
        attempts: summary.attempts,
        bytes: summary.bytes,
        byEndpoint: summary.byEndpoint.map((entry) => ({ ...entry })),
        at: new Date().toISOString(),
      }).catch(() => undefined);
    }
    this.flush();
    this.closed = true;
    for (const sink of [this.head, this.segment, this.previous]) if (sink !== undefined) closeSync(sink.fd);
  }

  /**
   * The file a line goes to: the head while it has room (the first attempts of an endpoint and the other lines get
   * 80% of the cap, the rest 60%); else the current segment, rotated when full. Undefined for a line no segment
   * could hold.
   */
  private sinkFor(length: number, attempt: CapturedAttempt | undefined): Sink | undefined {
    const first = attempt === undefined || attempt.n <= FIRST_ATTEMPTS_KEPT;
    // The `dropped` line written at close always goes to the head: its room is kept free.
    if (this.head.size + length <= (first ? this.maxBytes * 0.8 - DROPPED_LINE_ROOM : this.maxBytes * 0.6)) {
      return this.head;
    }
    const segmentBytes = this.maxBytes * 0.1;
    if (length > segmentBytes) return undefined;
    if (this.segment === undefined || this.segment.size + length > segmentBytes) this.rotate();
    return this.segment;
  }

  /** FILE.1 becomes FILE.2 (what FILE.2 held is dropped, and counted), and a new FILE.1 starts. */
  private rotate(): void {
    this.flush();
    const [latest, before] = segmentFiles(this.file);
    if (this.previous !== undefined) {
      closeSync(this.previous.fd);
      this.dropped.merge(this.previous.attempts);
      for (const seq of this.previous.seqs) this.locations.delete(seq);
    }
    if (this.segment !== undefined) {
      closeSync(this.segment.fd);
      renameSync(latest, before);
      this.previous = new Sink(openSync(before, 'r'), this.segment.size, this.segment.attempts, this.segment.seqs);
    }
    this.generation += 1;
    this.segment = new Sink(openSync(latest, 'w+'), 0);
  }

  private sinkOf(generation: number): Sink | undefined {
    if (generation === 0) return this.head;
    if (generation === this.generation) return this.segment;
    return generation === this.generation - 1 ? this.previous : undefined;
  }

  private flush(): void {
    this.flushing = false;
    for (const sink of [this.head, this.segment]) sink?.write();
  }
}

/** Bytes an evidence file and its segments hold on disk (0 for those that do not exist). */
export function evidenceFilesBytes(file: string): number {
  return [file, ...segmentFiles(file)].reduce((sum, part) => {
    try {
      return sum + statSync(part).size;
    } catch {
      return sum;
    }
  }, 0);
}

/** The rotating segments of an evidence file: the latest, then the ones before. */
export function segmentFiles(file: string): [string, string] {
  return [`${file}.1`, `${file}.2`];
}

/**
 * The lines of an evidence file and its segments (attempts in order of arrival), and why any line was left out (a
 * line cut short by a kill, a foreign line).
 */
export async function readEvidence(file: string): Promise<{ lines: EvidenceLine[]; problems: string[] }> {
  const lines: EvidenceLine[] = [];
  const problems: string[] = [];
  const [latest, before] = segmentFiles(file);
  for (const part of [file, before, latest]) {
    if (part !== file && !existsSync(part)) continue;
    const read = await readLines(part);
    lines.push(...read.lines);
    problems.push(...read.problems.map((problem) => (part === file ? problem : `${path.basename(part)} ${problem}`)));
  }
  // Endpoints before the attempts at them, attempts in order of arrival whichever file kept them.
  const rank = (line: EvidenceLine): number => (line.type === 'endpoint' ? 0 : line.type === 'attempt' ? 1 : 2);
  const seq = (line: EvidenceLine): number => (line.type === 'attempt' ? line.attempt.seq : 0);
  lines.sort((a, b) => rank(a) - rank(b) || seq(a) - seq(b));
  return { lines, problems };
}

async function readLines(file: string): Promise<{ lines: EvidenceLine[]; problems: string[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], problems: [] };
    throw error;
  }
  const lines: EvidenceLine[] = [];
  const problems: string[] = [];
  const contract = getContract();
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push(`line ${index + 1}: not JSON (cut short?)`);
      return;
    }
    const validation = contract.validate('capture/evidence-line', value);
    if (validation.ok) lines.push(validation.value);
    else problems.push(`line ${index + 1}: ${formatFindings(validation.findings).replaceAll('\n', '; ')}`);
  });
  return { lines, problems };
}
