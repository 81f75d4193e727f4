import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EvidenceLine } from '../../generated/capture/evidence-line.gen.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';

/**
 * The capture server's evidence: one JSON line per endpoint and per attempt, appended before the attempt is
 * answered, so a run that is killed loses nothing it acknowledged. The lines that come in during one turn of the
 * event loop are written together, with one synchronous write at its end: no system call per postback, and no trip
 * through the thread pool between a postback and its answer.
 */
export class EvidenceLog {
  private pending: { text: string; done: (error?: Error) => void }[] = [];
  private flushing = false;
  private closed = false;

  private constructor(
    private readonly fd: number,
    readonly file: string,
  ) {}

  /** Opens `file` for appending (creating its folder), emptied first unless `resume`. */
  static async open(file: string, resume: boolean): Promise<EvidenceLog> {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    return new EvidenceLog(openSync(file, resume ? 'a' : 'w'), file);
  }

  /** Resolves once the line is in the file (written to the operating system, not necessarily to the disk). */
  append(line: EvidenceLine): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the evidence file is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({
        text: `${JSON.stringify(line)}\n`,
        done: (error) => {
          if (error === undefined) resolve();
          else reject(error);
        },
      });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  /** Writes what is pending, then closes the file. */
  close(): Promise<void> {
    this.flush();
    this.closed = true;
    closeSync(this.fd);
    return Promise.resolve();
  }

  private flush(): void {
    this.flushing = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      const bytes = Buffer.from(batch.map((entry) => entry.text).join(''), 'utf8');
      for (let written = 0; written < bytes.length;) written += writeSync(this.fd, bytes, written);
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.done(error as Error);
    }
  }
}

/** The lines of an evidence file, and why any line was left out (a line cut short by a kill, a foreign line). */
export async function readEvidence(file: string): Promise<{ lines: EvidenceLine[]; problems: string[] }> {
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
