/**
 * `payment-conformance sandbox --record FILE`: every exchange a merchant's client makes with the sandbox, one JSON line each
 * (schemas/client/recorded-exchange.schema.json), written as it is answered so that a session stopped with Ctrl-C
 * loses nothing. `payment-conformance report client FILE` judges the recording (src/client-report).
 *
 * Bounded (issue 33): the file stays within the cap the report reads; a recording that reaches it, or whose file can
 * no longer be written, ends with one recording-stopped line (schemas/client/recording-stopped.schema.json), and the
 * sandbox goes on serving. Never a crash, never a recording the report refuses.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { RecordedExchange } from '../../generated/client/recorded-exchange.gen.js';
import type { RecordingStopped } from '../../generated/client/recording-stopped.gen.js';
import type { ServedExchange } from './http/sandbox-server.js';

/** A request body is kept up to this: a client's requests are small; a huge one is noted, not kept whole. */
const MAX_RECORDED_BYTES = 256 * 1024;

export function recordedLine(exchange: ServedExchange): RecordedExchange {
  const request = exchange.request ?? Buffer.alloc(0);
  const truncated = exchange.request === undefined || request.length > MAX_RECORDED_BYTES;
  const response = typeof exchange.response === 'string' ? exchange.response : exchange.response.toString('utf8');
  return {
    at: exchange.at.toISOString(),
    method: /^[A-Z]{1,16}$/.test(exchange.method) ? exchange.method : 'OTHER',
    path: exchange.path.startsWith('/') && !/\s/.test(exchange.path) ? exchange.path : '/',
    request: request.subarray(0, MAX_RECORDED_BYTES).toString('utf8'),
    ...(truncated ? { requestTruncated: true } : {}),
    status: exchange.status,
    response: response.slice(0, MAX_RECORDED_BYTES),
  };
}

/** The largest recording: what `report client` reads (a client session is thousands of lines, not gigabytes). */
export const MAX_RECORDING_BYTES = 256 * 1024 * 1024;

/** Room kept for the recording-stopped line, so that it always fits under the cap. */
const STOP_LINE_ROOM = 256;

export interface RecordingOptions {
  /** The size cap of the file in bytes (default MAX_RECORDING_BYTES). */
  readonly capBytes?: number;
  /** Told once, when the recording stops before the session ends. */
  readonly onStop?: (why: string) => void;
}

/** Starts a recording in `file` (emptied first); returns what the sandbox calls on each exchange. */
export function recordTo(file: string, options: RecordingOptions = {}): (exchange: ServedExchange) => void {
  const capBytes = options.capBytes ?? MAX_RECORDING_BYTES;
  writeFileSync(file, '');
  let written = 0;
  let stopped = false;
  const stop = (exchange: ServedExchange, why: RecordingStopped['stopped'], detail: string): void => {
    stopped = true;
    const line: RecordingStopped = { at: exchange.at.toISOString(), stopped: why, capBytes };
    try {
      // After a failed write, part of that line may be in the file: the stop line starts a line of its own (a blank
      // line is skipped by the reader, a cut one is named as bad).
      appendFileSync(file, `${why === 'write-error' ? '\n' : ''}${JSON.stringify(line)}\n`);
    } catch {
      // The file cannot take even this line: the warning below is all that is left to say it.
    }
    options.onStop?.(`recording ${file} stopped (${detail}); later exchanges are served but not recorded`);
  };
  return (exchange) => {
    if (stopped) return;
    const text = `${JSON.stringify(recordedLine(exchange))}\n`;
    const bytes = Buffer.byteLength(text);
    if (written + bytes + STOP_LINE_ROOM > capBytes) {
      stop(exchange, 'size-cap', `it reached its cap of ${capBytes} bytes`);
      return;
    }
    try {
      appendFileSync(file, text);
      written += bytes;
    } catch (error) {
      stop(
        exchange,
        'write-error',
        `writing failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
}
