import { type Dispatcher, request } from 'undici';

/** What one delivery attempt got: an HTTP status, or why there was none. */
export interface AttemptResult {
  readonly status?: number;
  readonly error?: string;
  readonly location?: string;
  readonly durationMs: number;
  readonly responseBytes?: number;
}

/** A receiver's answer body is read up to this and dropped: only its status matters (§6.1). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs the postback bytes once, with a deadline covering connect, headers and body. Redirects are not followed
 * (a 3xx is an answer, and not 200). Never throws.
 */
export async function sendAttempt(
  url: string,
  bytes: Buffer,
  timeoutMs: number,
  dispatcher: Dispatcher,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  try {
    const response = await request(url, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'payment-sandbox-postbacks/1' },
      body: bytes,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    let responseBytes = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      responseBytes += chunk.length;
      if (responseBytes > MAX_ANSWER_BYTES) break;
    }
    const location = response.headers.location;
    return {
      status: response.statusCode,
      durationMs: elapsed(),
      responseBytes,
      ...(typeof location === 'string' ? { location } : {}),
    };
  } catch (error) {
    return { error: describe(error, timeoutMs), durationMs: elapsed() };
  }
}

function describe(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.code?.endsWith('_TIMEOUT') === true) {
    return `timeout: no complete answer within ${timeoutMs} ms`;
  }
  if (err.code === 'ECONNREFUSED') return 'refused: nothing listens there';
  if (err.code === 'ECONNRESET' || err.code === 'UND_ERR_SOCKET') return 'reset: the connection was closed';
  return err.code ?? err.message ?? String(error);
}
