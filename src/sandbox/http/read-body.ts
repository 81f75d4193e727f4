import type { IncomingMessage } from 'node:http';

export type BodyRead = { readonly bytes: Buffer } | { readonly tooLarge: true };

/** Reads a request body up to `limit` bytes; past it, stops buffering (the answer closes the connection). */
export async function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return { tooLarge: true };
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks) };
}
