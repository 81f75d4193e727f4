import type { IncomingMessage } from 'node:http';

/** A request's body as the capture server keeps it. */
export interface ReadBody {
  /** The first `limit` bytes. */
  readonly body: Buffer;
  /** Every byte that arrived. */
  readonly bodyBytes: number;
  /** More arrived than was kept. */
  readonly truncated: boolean;
}

/**
 * The body, up to `limit` bytes kept; the rest is counted and dropped so a huge body cannot exhaust memory. A sender
 * that gives up mid-body (aborted, an error) still leaves what arrived as evidence.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    const done = () => {
      resolve({ body: Buffer.concat(chunks), bodyBytes: total, truncated: total > kept });
    };
    request.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept >= limit) return;
      const part = chunk.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    });
    request.once('end', done);
    request.once('aborted', done);
    request.once('error', done);
  });
}
