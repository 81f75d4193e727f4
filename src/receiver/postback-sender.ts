/**
 * The kit as the service toward a merchant's receiver (§4.6, §6): one POST of exact bytes, one GET of the merchant's
 * state. Every wait has a deadline; a receiver's answer is read up to a bound, never followed when it redirects.
 */
import { type Dispatcher, request } from 'undici';
import { describeTlsFailure } from '../client/network.js';

/** What a receiver says is kept up to this: enough for evidence, never a hostile receiver's megabytes. */
const MAX_ANSWER_CHARS = 2_000;
/** The merchant's recorded state (a read-back) is parsed whole: a ledger of a run fits well within this. */
const MAX_STATE_CHARS = 1024 * 1024;

export interface Delivery {
  readonly url: string;
  /** What was sent, as text (the bytes exactly, when they are text). */
  readonly sent: string;
  /** The HTTP status, or undefined when the receiver did not answer within the timeout (or at all). */
  readonly status: number | undefined;
  /** The answer's body (clipped), or why there was none. */
  readonly answer: string;
  readonly durationMs: number;
}

/** The answer's text up to `maxChars` (then cut, the rest never read): a receiver answering without end costs nothing. */
export async function boundedText(body: AsyncIterable<Buffer | string>, maxChars: number): Promise<string> {
  // One decoder for the whole answer: a character split between two chunks is read whole.
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.length > maxChars) return `${text.slice(0, maxChars)}… (cut)`;
  }
  return text;
}

function reasonOf(error: unknown, timeoutMs: number): string {
  const tls = describeTlsFailure(error);
  if (tls !== undefined) return `no answer: ${tls}`;
  // undici's errors carry a text code (UND_ERR_…); an aborted signal's DOMException a number (23) and its name.
  const rawCode = (error as { code?: unknown } | undefined)?.code;
  const code = typeof rawCode === 'string' ? rawCode : ((error as Error | undefined)?.name ?? '');
  if (/TIMEOUT|AbortError|TimeoutError/i.test(code)) return `no answer within ${timeoutMs} ms`;
  return `no answer: ${code || (error instanceof Error ? error.message : String(error))}`;
}

/**
 * POSTs `bytes` to the receiver as a postback: application/json, as the service sends them, or another spelling of
 * that media type a service may send (with its charset).
 */
export async function deliver(
  url: string,
  bytes: string | Buffer,
  timeoutMs: number,
  dispatcher?: Dispatcher,
  contentType = 'application/json',
): Promise<Delivery> {
  const started = performance.now();
  const sent = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  try {
    const response = await request(url, {
      ...(dispatcher === undefined ? {} : { dispatcher }),
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs + 1_000),
    });
    const answer = await boundedText(response.body, MAX_ANSWER_CHARS).catch((error: unknown) =>
      reasonOf(error, timeoutMs),
    );
    return { url, sent, status: response.statusCode, answer, durationMs: performance.now() - started };
  } catch (error) {
    return {
      url,
      sent,
      status: undefined,
      answer: reasonOf(error, timeoutMs),
      durationMs: performance.now() - started,
    };
  }
}

export interface ReadBackAnswer {
  readonly url: string;
  readonly status: number | undefined;
  /** The parsed answer; undefined when it was not JSON. */
  readonly json: unknown;
  readonly text: string;
}

/** GETs the merchant's recorded state. */
export async function readState(
  url: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs: number,
  dispatcher?: Dispatcher,
): Promise<ReadBackAnswer> {
  try {
    const response = await request(url, {
      ...(dispatcher === undefined ? {} : { dispatcher }),
      method: 'GET',
      headers,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs + 1_000),
    });
    const text = await boundedText(response.body, MAX_STATE_CHARS);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { url, status: response.statusCode, json, text };
  } catch (error) {
    return { url, status: undefined, json: undefined, text: reasonOf(error, timeoutMs) };
  }
}
