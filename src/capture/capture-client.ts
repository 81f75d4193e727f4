import type { CheckedAttempt, Reply } from '../../generated/capture/definitions.gen.js';
import type { EndpointRequest } from '../../generated/capture/endpoint.request.gen.js';
import type { SchemaId, SchemaTypes } from '../../generated/schema-types.gen.js';
import { HttpTransport, type RawResponse, TransportError } from '../client/transport.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';
import { KitLimitError } from '../kit-limit.js';
import type { Secret } from '../secrets/secret.js';
import type { CaptureEndpoint } from './capture-endpoint.js';
import { CaptureTimeoutError } from './mailbox.js';

/**
 * The kit's own capture server failed a worker: it answered something else than its contract, or did not answer. A
 * kit-side limit (src/kit-limit.ts): what the test was checking is NOT VERIFIED, never the target's FAIL.
 */
export class CaptureApiError extends KitLimitError {
  override readonly name: string = 'CaptureApiError';

  constructor(detail: string) {
    super(`the kit's capture server failed: ${detail}`);
  }
}

/** A long poll asks for this at most, then asks again: no single request waits unbounded. */
const POLL_MS = 60_000;
/** Beyond the wait itself, what a call may take. */
const CALL_MARGIN_MS = 10_000;

/**
 * The capture server of the run, from a Playwright worker, through the capture API (capture-api.ts). Endpoints it
 * makes behave like the server's own: waits end with a CaptureTimeoutError saying what arrived.
 */
export class CaptureClient {
  private readonly transport: HttpTransport;

  constructor(
    baseUrl: string,
    private readonly token: Secret,
  ) {
    this.transport = new HttpTransport(new URL(baseUrl).origin, 4);
  }

  async createEndpoint(request: EndpointRequest = {}): Promise<CaptureEndpoint> {
    const created = await this.call('POST', 'endpoints', request, 'capture/endpoint.response', 0);
    return this.endpointView(created.token, created.url, request.label);
  }

  /** The merchant's registered-URL endpoint, shared by every test. */
  merchantEndpoint(publicUrl: string): CaptureEndpoint {
    return this.endpointView(
      'merchant',
      `${publicUrl.replace(/\/+$/, '')}/pb/merchant`,
      "the merchant's registered URL",
    );
  }

  /** Attempts at paths no endpoint has. */
  async unknownAttempts(): Promise<readonly CheckedAttempt[]> {
    return (await this.call('GET', 'unknown?count=0&waitMs=0', undefined, 'capture/attempts.response', 0)).attempts;
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private endpointView(token: string, url: string, label: string | undefined): CaptureEndpoint {
    const where = label === undefined ? `/pb/${token}` : `${label} (/pb/${token})`;
    const attemptsPath = `endpoints/${token}/attempts`;
    return {
      token,
      url,
      label,
      script: async (script: readonly Reply[], then?: Reply) => {
        await this.send('PUT', `endpoints/${token}/script`, { script, ...(then === undefined ? {} : { then }) }, 0);
      },
      attempts: async (about) => {
        const query = about === undefined ? 'count=0&waitMs=0' : `about=${encodeURIComponent(about)}`;
        return (await this.call('GET', `${attemptsPath}?${query}`, undefined, 'capture/attempts.response', 0)).attempts;
      },
      waitForAttempts: async (count: number, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const waitMs = Math.max(0, Math.min(POLL_MS, deadline - Date.now()));
          const result = await this.call(
            'GET',
            `${attemptsPath}?count=${count}&waitMs=${waitMs}`,
            undefined,
            'capture/attempts.response',
            waitMs,
          );
          if (result.complete) return result.attempts;
          if (Date.now() >= deadline) throw new CaptureTimeoutError(where, count, timeoutMs, result.attempts);
        }
      },
    };
  }

  /** A call whose answer must match `schema`. */
  private async call<Id extends SchemaId>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: Id,
    waitMs: number,
  ): Promise<SchemaTypes[Id]> {
    const text = await this.send(method, path, body, waitMs);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new CaptureApiError(`capture API ${method} ${path}: not JSON: ${text.slice(0, 300)}`);
    }
    const validation = getContract().validate(schema, value);
    if (!validation.ok) {
      throw new CaptureApiError(`capture API ${method} ${path}: ${formatFindings(validation.findings)}`);
    }
    return validation.value;
  }

  /** One request to the capture API; its deadline is the wait asked for plus a margin. */
  private async send(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, waitMs: number): Promise<string> {
    let response: RawResponse;
    try {
      response = await this.transport.send({
        method,
        path: `/__capture/v1/${path}`,
        headers: { authorization: `Bearer ${this.token.reveal()}`, 'content-type': 'application/json' },
        body: Buffer.from(body === undefined ? '' : JSON.stringify(body), 'utf8'),
        timeoutMs: waitMs + CALL_MARGIN_MS,
      });
    } catch (error) {
      // The run's own server, on loopback: not reaching it is the kit's trouble, never the target's.
      if (error instanceof TransportError) throw new CaptureApiError(`capture API ${method} ${path}: ${error.message}`);
      throw error;
    }
    const text = response.body.toString('utf8');
    if (response.status !== 200) {
      throw new CaptureApiError(`capture API ${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    }
    return text;
  }
}
