import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadedProfile } from '../profile/load-profile.js';
import { wireBound } from '../profile/list-time.js';
import { reservedValues } from '../profile/reserved-values.js';
import { redactSecrets } from '../secrets/redaction.js';
import type { Exchange } from './exchange.js';
import type { FieldsOf, OperationName } from '../contract/operations.js';
import { preparedFromBody, type PreparedRequest } from './prepared-request.js';
import { RateLimiter } from './rate-limiter.js';
import { throttleWait } from './throttle.js';
import { assertSafe } from './safety-guard.js';
import { HttpTransport } from './transport.js';

/** The profile names no path for an operation (§4.7 ones are optional): the target lacks that capability. */
export class MissingOperationError extends Error {
  override readonly name = 'MissingOperationError';
}

export interface ApiClientOptions {
  /** {base_url} of the target; may carry a path prefix. */
  readonly baseUrl: string;
  readonly profile: LoadedProfile;
  /** Concurrent connections to the target. */
  readonly connections?: number;
  /** Sees every exchange, e.g. to keep it as evidence. */
  readonly onExchange?: (exchange: Exchange) => void;
  /**
   * Called before the client waits for a target that answered 429 (its Retry-After): a test's time limit grows by it.
   */
  readonly onThrottle?: (waitMs: number) => void;
  /**
   * This client's share of the profile's safety.requestsPerSecond, when several clients (one per worker) send to
   * the same target: the cap holds for the run, not for each of them. Default: the whole cap.
   */
  readonly requestsPerSecond?: number;
}

export interface DispatchOptions {
  readonly timeoutMs?: number;
}

/**
 * The typed client of the payment service: signs bodies as the merchant with the profile's scheme and sends the
 * exact bytes it signed. `prepare` + `dispatch` (and the variants of request-variants.ts) are the raw mode that
 * negative tests use; the named methods are the everyday one.
 */
export class ApiClient {
  private readonly transport: HttpTransport;
  private readonly pathPrefix: string;
  private readonly limiter: RateLimiter;

  constructor(private readonly options: ApiClientOptions) {
    const url = new URL(options.baseUrl);
    this.transport = new HttpTransport(url.origin, options.connections, { tls: options.profile.tls });
    this.pathPrefix = url.pathname.replace(/\/+$/, '');
    this.limiter = new RateLimiter(options.requestsPerSecond ?? options.profile.settings.safety.requestsPerSecond);
  }

  /** Requests this client has sent to the target. */
  get requestsSent(): number {
    return this.transport.sent;
  }

  /** Waits for this client's next turn under the rate cap: other requests to the same target (test helpers) queue too. */
  paced(): Promise<void> {
    return this.limiter.take();
  }

  /** Whether the profile names a path for the operation. */
  supports(operation: OperationName): boolean {
    return this.options.profile.settings.operations[operation] !== undefined;
  }

  /** A signed request for the operation (§5): publicKey set to the merchant's key, hash over the rest. */
  prepare<Op extends OperationName>(operation: Op, fields: FieldsOf<Op>): PreparedRequest {
    return this.prepareUnchecked(operation, fields);
  }

  /** A signed request from any fields, valid or not: validation tests change a body, then sign it. */
  prepareUnchecked(operation: OperationName, fields: Readonly<Record<string, unknown>>): PreparedRequest {
    const body = operation === 'paymentsList' ? this.listBoundsOnWire(fields) : fields;
    return preparedFromBody(operation, this.options.profile.requestSigner.sign(body), 'signed');
  }

  /**
   * The list's bounds as the target takes them (conventions.listTimestampUnit): the kit counts in ticks, a target
   * that takes ISO 8601 text gets text. Anything but a number (a test's wrong type) goes as it is.
   */
  private listBoundsOnWire(fields: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    const unit = this.options.profile.settings.conventions?.listTimestampUnit;
    if (unit !== 'iso8601') return fields;
    const wire = { ...fields };
    for (const member of ['createdAtFrom', 'createdAtTo']) {
      const value = wire[member];
      if (typeof value === 'number') wire[member] = wireBound(value, unit);
    }
    return wire;
  }

  /**
   * Sends a prepared request exactly as prepared; resolves with the exchange whatever the status, but for 429 Too
   * Many Requests: the client waits as the target asks (Retry-After) and sends the same bytes again (throttle.ts).
   * Every exchange, the 429s included, is seen by onExchange.
   */
  async dispatch(request: PreparedRequest, options: DispatchOptions = {}): Promise<Exchange> {
    for (let attempt = 1; ; attempt++) {
      const exchange = await this.dispatchOnce(request, options);
      if (exchange.status !== 429) return exchange;
      const waitMs = throttleWait(
        attempt + 1,
        exchange.headers['retry-after'],
        `${exchange.request.method} ${exchange.request.url}`,
      );
      this.options.onThrottle?.(waitMs);
      await sleep(waitMs);
    }
  }

  private async dispatchOnce(request: PreparedRequest, options: DispatchOptions): Promise<Exchange> {
    const { settings } = this.options.profile;
    const endpoint = settings.operations[request.operation];
    if (endpoint === undefined) {
      throw new MissingOperationError(`the profile names no path for ${request.operation}: the target lacks it`);
    }
    assertSafe(
      request.operation,
      request.body,
      request.bytes,
      settings.safety,
      reservedValues(settings).merchantPaymentIdPrefixes,
    );
    const method = endpoint.method ?? 'POST';
    const path = this.pathPrefix + endpoint.path;
    const headers = { 'content-type': request.contentType ?? 'application/json', accept: 'application/json' };
    await this.limiter.take();
    const startedAt = new Date();
    const started = performance.now();
    const response = await this.transport.send({
      method,
      path,
      headers,
      body: request.bytes,
      timeoutMs: options.timeoutMs ?? settings.timing.requestTimeoutMs,
    });
    // A target may reflect a credential it was given (a debug header, an error quoting the request): the kit quotes
    // answers in messages, step titles and reports, so what it keeps of an answer is redacted once, here.
    const text = redactSecrets(response.body.toString('utf8'));
    const parsed = parseJson(text);
    const exchange: Exchange = {
      operation: request.operation,
      request: {
        method,
        url: this.transport.origin + path,
        headers,
        body: request.bytes.toString('utf8'),
        variant: request.variant,
      },
      status: response.status,
      headers: redactHeaders(response.headers),
      text,
      json: parsed.value,
      jsonError: parsed.error,
      truncated: response.truncated,
      startedAt: startedAt.toISOString(),
      durationMs: performance.now() - started,
    };
    this.options.onExchange?.(exchange);
    return exchange;
  }

  /** prepare + dispatch. */
  async send<Op extends OperationName>(operation: Op, fields: FieldsOf<Op>): Promise<Exchange> {
    return this.dispatch(this.prepare(operation, fields));
  }

  createPayIn(fields: FieldsOf<'createPayIn'>): Promise<Exchange> {
    return this.send('createPayIn', fields);
  }

  createPayOut(fields: FieldsOf<'createPayOut'>): Promise<Exchange> {
    return this.send('createPayOut', fields);
  }

  paymentStatus(fields: FieldsOf<'paymentStatus'>): Promise<Exchange> {
    return this.send('paymentStatus', fields);
  }

  paymentsList(fields: FieldsOf<'paymentsList'>): Promise<Exchange> {
    return this.send('paymentsList', fields);
  }

  complaintStatus(fields: FieldsOf<'complaintStatus'>): Promise<Exchange> {
    return this.send('complaintStatus', fields);
  }

  paymentMethods(fields: FieldsOf<'paymentMethods'>): Promise<Exchange> {
    return this.send('paymentMethods', fields);
  }

  mediaUpload(fields: FieldsOf<'mediaUpload'>): Promise<Exchange> {
    return this.send('mediaUpload', fields);
  }

  complaintCreate(fields: FieldsOf<'complaintCreate'>): Promise<Exchange> {
    return this.send('complaintCreate', fields);
  }

  smsConfirm(fields: FieldsOf<'smsConfirm'>): Promise<Exchange> {
    return this.send('smsConfirm', fields);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}

function redactHeaders(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      typeof value === 'string' ? redactSecrets(value) : value.map(redactSecrets),
    ]),
  );
}

function parseJson(text: string): { value: unknown; error: string | undefined } {
  if (text === '') return { value: undefined, error: 'empty body' };
  try {
    return { value: JSON.parse(text) as unknown, error: undefined };
  } catch (error) {
    return { value: undefined, error: (error as Error).message };
  }
}
