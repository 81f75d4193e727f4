/**
 * `payment-conformance sandbox --record FILE`: every exchange a merchant's client makes with the sandbox, one JSON line each
 * (schemas/client/recorded-exchange.schema.json), written as it is answered so that a session stopped with Ctrl-C
 * loses nothing. `payment-conformance report client FILE` judges the recording (src/client-report).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { RecordedExchange } from '../../generated/client/recorded-exchange.gen.js';
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

/** Starts a recording in `file` (emptied first); returns what the sandbox calls on each exchange. */
export function recordTo(file: string): (exchange: ServedExchange) => void {
  writeFileSync(file, '');
  return (exchange) => {
    appendFileSync(file, `${JSON.stringify(recordedLine(exchange))}\n`);
  };
}
