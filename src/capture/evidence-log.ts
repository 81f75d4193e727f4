import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { EvidenceLine } from '../../generated/capture/evidence-line.gen.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';

/**
 * The capture server's evidence: one JSON line per endpoint and per attempt, appended before the attempt is
 * answered, so a run that is killed loses nothing it acknowledged. Lines that arrive together are written together
 * (one write per batch), which keeps the promise without a system call per postback.
 */
export class EvidenceLog {
  private pending: { text: string; done: (error?: Error) => void }[] = [];
  private writing: Promise<void> | undefined;

  private constructor(
    private readonly handle: FileHandle,
    readonly file: string,
  ) {}

  /** Opens `file` for appending (creating its folder), emptied first unless `resume`. */
  static async open(file: string, resume: boolean): Promise<EvidenceLog> {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    return new EvidenceLog(await open(file, resume ? 'a' : 'w'), file);
  }

  /** Resolves once the line is in the file (written to the operating system, not necessarily to the disk). */
  append(line: EvidenceLine): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        text: `${JSON.stringify(line)}\n`,
        done: (error) => {
          if (error === undefined) resolve();
          else reject(error);
        },
      });
      this.writing ??= this.drain();
    });
  }

  /** Waits for every line appended so far, then closes the file. */
  async close(): Promise<void> {
    await this.writing;
    await this.handle.close();
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.handle.write(batch.map((entry) => entry.text).join(''));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error as Error);
      }
    }
    this.writing = undefined;
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
