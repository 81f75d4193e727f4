/**
 * A sandbox recording (JSON Lines, schemas/client/recorded-exchange.schema.json) read for judging. A file written by
 * hand or cut short is hostile input like any other: each bad line is named and skipped, never a crash.
 */
import { readFileSync, statSync } from 'node:fs';
import type { RecordedExchange } from '../../generated/client/recorded-exchange.gen.js';
import type { RecordingStopped } from '../../generated/client/recording-stopped.gen.js';
import { getContract } from '../contract/contract.js';
import type { Finding } from '../contract/finding.js';
import { MAX_RECORDING_BYTES } from '../sandbox/recording.js';
const MAX_PROBLEMS = 20;

/** An exchange of the recording and the line it is on. */
export interface RecordedLine {
  readonly line: number;
  readonly exchange: RecordedExchange;
}

export interface Recording {
  readonly exchanges: readonly RecordedLine[];
  /** Lines that were not recorded exchanges, each with its number (the first few). */
  readonly problems: readonly string[];
  readonly badLines: number;
  /** Where the sandbox stopped recording before the session ended, and why (its recording-stopped line). */
  readonly stopped?: { readonly line: number; readonly mark: RecordingStopped };
}

export class RecordingError extends Error {
  override readonly name = 'RecordingError';
}

/** A line's schema findings in one phrase: where (the line itself when the pointer is empty) and what. */
const described = (findings: readonly Finding[]): string =>
  findings.map((f) => `${f.pointer || '(line)'}: ${f.message}`).join('; ');

export function parseRecording(text: string): Recording {
  const exchanges: RecordedLine[] = [];
  const problems: string[] = [];
  let badLines = 0;
  let stopped: Recording['stopped'];
  const contract = getContract();
  const bad = (line: number, why: string): void => {
    badLines += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(`line ${line}: ${why}`);
  };
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      bad(index + 1, `not JSON (${(error as Error).message})`);
      return;
    }
    if (typeof value === 'object' && value !== null && 'stopped' in value) {
      const mark = contract.validate('client/recording-stopped', value);
      if (mark.ok) stopped ??= { line: index + 1, mark: mark.value };
      else bad(index + 1, described(mark.findings));
      return;
    }
    const validation = contract.validate('client/recorded-exchange', value);
    if (!validation.ok) {
      bad(index + 1, described(validation.findings));
      return;
    }
    exchanges.push({ line: index + 1, exchange: validation.value });
  });
  return { exchanges, problems, badLines, ...(stopped === undefined ? {} : { stopped }) };
}

export function readRecording(file: string): Recording {
  const unreadable = (error: unknown): RecordingError =>
    new RecordingError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw unreadable(error);
  }
  // The sandbox keeps its recordings under this cap; a larger file was not written by it.
  if (size > MAX_RECORDING_BYTES) {
    throw new RecordingError(
      `${file} is larger than a recording can be (${size} bytes, at most ${MAX_RECORDING_BYTES})`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw unreadable(error);
  }
  return parseRecording(text);
}
