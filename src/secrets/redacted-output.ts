import { redactSecrets } from './redaction.js';

/** Streams already wrapped: wrapping twice would only redact twice. */
const wrapped = new WeakSet<NodeJS.WriteStream>();

function redactChunk(chunk: unknown): unknown {
  if (typeof chunk === 'string') return redactSecrets(chunk);
  if (chunk instanceof Uint8Array) {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
    const redacted = redactSecrets(text);
    // Bytes that carry no secret go out as they came, whatever their encoding.
    return redacted === text ? chunk : Buffer.from(redacted, 'utf8');
  }
  return chunk;
}

/**
 * Makes `stream` redact every secret this process knows (src/secrets/redaction.ts) from each chunk written to it,
 * including secrets learnt after this call. In a Playwright worker, stdout and stderr are the test's output, which the
 * runner hands to the line reporter as it arrives, before the secret scrubber reporter can clean the finished result
 * (developers' guide: secrets never appear in logs); scrubbing here cleans a chunk before it leaves the worker.
 * A secret split across two writes is not caught: console.log writes each call in one chunk.
 */
export function redactOutputOf(stream: NodeJS.WriteStream): void {
  if (wrapped.has(stream)) return;
  wrapped.add(stream);
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = (chunk: unknown, ...rest: unknown[]) => write(redactChunk(chunk), ...rest);
}
