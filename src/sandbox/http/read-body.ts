import type { IncomingMessage } from 'node:http';

export type BodyRead = { readonly bytes: Buffer } | { readonly tooLarge: true };

/**
 * Reads a request body up to `limit` bytes; past it, stops buffering (the answer closes the connection). Plain
 * stream events rather than an async iterator: this runs for every request, and the iterator's machinery cost more
 * than the rest of a small request's reading.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve({ bytes: chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks) });
    });
    req.on('error', reject);
  });
}
