import type { Dispatcher } from 'undici';
import { describeTlsFailure, localDispatcher, targetDispatcher, type TlsSettings } from './network.js';

/** A body larger than this from a target is cut: a hostile target must not exhaust the kit's memory. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The request did not get a complete response: the message says what happened, in the target's terms. */
export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly kind: 'timeout' | 'connection',
    message: string,
  ) {
    super(message);
  }
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
  readonly truncated: boolean;
}

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly timeoutMs: number;
}

/**
 * HTTP to one origin over keep-alive connections. Every request has a deadline covering connect, headers and body;
 * redirects are returned as they are, never followed. `network`: `local` for the kit's own servers (direct), or a
 * target's TLS settings (also taking HTTP_PROXY/HTTPS_PROXY/NO_PROXY into account: network.ts).
 */
export class HttpTransport {
  private readonly dispatcher: Dispatcher;
  #sent = 0;

  /** Requests sent so far (answered or not): what a rate-capped target counts. */
  get sent(): number {
    return this.#sent;
  }

  constructor(
    readonly origin: string,
    connections = 8,
    network: 'local' | { readonly tls: TlsSettings | undefined } = 'local',
  ) {
    this.dispatcher = network === 'local' ? localDispatcher(connections) : targetDispatcher(network.tls, connections);
  }

  async send(request: RawRequest): Promise<RawResponse> {
    const where = `${request.method} ${this.origin}${request.path}`;
    this.#sent++;
    try {
      const response = await this.dispatcher.request({
        origin: this.origin,
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs),
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      });
      const { body, truncated } = await readLimited(response.body);
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body, truncated };
    } catch (error) {
      throw asTransportError(error, where, request.timeoutMs);
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

async function readLimited(stream: AsyncIterable<Buffer>): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    if (size + chunk.length > MAX_RESPONSE_BYTES) {
      chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  return out;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function asTransportError(error: unknown, where: string, timeoutMs: number): TransportError {
  const err = error as { name?: string; code?: string; message?: string };
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    (err.code !== undefined && TIMEOUT_CODES.has(err.code))
  ) {
    return new TransportError('timeout', `${where}: no complete response within ${timeoutMs} ms`);
  }
  const tls = describeTlsFailure(error);
  if (tls !== undefined) return new TransportError('connection', `${where}: ${tls}`);
  const detail = err.code ?? err.message ?? String(error);
  return new TransportError(
    'connection',
    `${where}: ${detail}${err.code === 'ECONNREFUSED' ? ' (nothing listens there)' : ''}`,
  );
}
