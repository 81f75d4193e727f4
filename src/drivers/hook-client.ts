import type { TlsSettings } from '../profile/tls-settings.js';
import type { Hook, HttpHooks } from '../../generated/profile/profile.gen.js';
import { HttpTransport, TransportError } from '../client/transport.js';
import { redactSecrets } from '../secrets/redaction.js';
import type { Secret } from '../secrets/secret.js';
import { fillBody, fillPath, type HookValue, type HookValues, recordPlaceholders } from '../profile/templates.js';
import { atPointer } from '../json-pointer.js';

/** The hooks a profile may name (outcomes.httpHooks). */
export type HookName = 'settlePayment' | 'flipPayment' | 'createComplaint' | 'moveComplaint' | 'flipComplaint';

/** A hook answered other than 2xx, or not at all: the provider's helper, not the interface, failed. */
export class HookError extends Error {
  override readonly name = 'HookError';
}

export interface HookClientOptions {
  readonly baseUrl: string;
  readonly hooks: HttpHooks;
  /** The hooks' headers, read from their secret sources (LoadedProfile.hookHeaders). */
  readonly headers: ReadonlyMap<string, Secret>;
  readonly timeoutMs: number;
  /** Waits for a turn under the run's rate cap (safety.requestsPerSecond): the helpers are on the same target. */
  readonly paced?: () => Promise<void>;
  /** The profile's `tls`: the helpers are on the target. */
  readonly tls?: TlsSettings | undefined;
  /** A body signed as the API's are (§5), for the hooks the profile marks `signed`: its exact bytes. */
  readonly signBody?: (body: Readonly<Record<string, unknown>>) => Buffer;
  /** The records a template's {{payment.MEMBER}} and {{complaint.MEMBER}} read, by id (the status checks). */
  readonly records?: RecordReader;
}

/** Reads a payment's or a complaint's record for a hook's template; undefined when there is none to read. */
export interface RecordReader {
  payment(paymentId: string): Promise<Readonly<Record<string, unknown>> | undefined>;
  complaint(complaintId: string): Promise<Readonly<Record<string, unknown>> | undefined>;
}

/**
 * Calls the provider's own test helpers as the profile describes them (outcomes.httpHooks): templated method, path
 * and body, the helpers' own headers. What a helper answers is the provider's business, so only its status is read
 * (and, for createComplaint, the new complaint's id); an answer quoted in an error is redacted.
 */
export class HookClient {
  private readonly transport: HttpTransport;
  private readonly prefix: string;

  constructor(private readonly options: HookClientOptions) {
    const url = new URL(options.baseUrl);
    this.transport = new HttpTransport(url.origin, 2, { tls: options.tls });
    this.prefix = url.pathname.replace(/\/+$/, '');
  }

  /** Requests sent to the provider's test helpers. */
  get requestsSent(): number {
    return this.transport.sent;
  }

  has(name: HookName): boolean {
    return this.options.hooks[name] !== undefined;
  }

  /** Calls a hook; resolves with its parsed answer (undefined when it is not JSON). */
  async call(name: HookName, values: HookValues): Promise<unknown> {
    const hook: Hook | undefined = this.options.hooks[name];
    if (hook === undefined) throw new HookError(`the profile names no outcomes.httpHooks.${name}`);
    const method = hook.method ?? 'POST';
    const filled = await this.withRecords(hook, values);
    const path = this.prefix + fillPath(hook.path, filled);
    const body = this.bodyOf(name, hook, filled);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [header, secret] of this.options.headers) headers[header] = secret.reveal();
    await this.options.paced?.();
    let status: number;
    let text: string;
    try {
      // The interface client's transport: a deadline on the whole exchange, a bounded body, no redirects followed.
      const response = await this.transport.send({
        method,
        path,
        headers,
        body: body ?? Buffer.alloc(0),
        timeoutMs: this.options.timeoutMs,
      });
      status = response.status;
      text = response.body.toString('utf8');
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      throw new HookError(`${name}: no answer: ${error.message}`);
    }
    if (status < 200 || status > 299) {
      throw new HookError(redactSecrets(`${name} (${method} ${path}) answered ${status} ${text.slice(0, 300)}`));
    }
    try {
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  /** The hook's body: JSON, or signed like the API's where the profile says so (hook.signed). */
  private bodyOf(name: HookName, hook: Hook, values: HookValues): Buffer | undefined {
    if (hook.body === undefined) return undefined;
    const body = fillBody(hook.body, values);
    if (hook.signed !== true) return Buffer.from(JSON.stringify(body), 'utf8');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HookError(`outcomes.httpHooks.${name} is signed, so its body must be a JSON object`);
    }
    if (this.options.signBody === undefined) throw new HookError(`${name}: no signer for a signed hook`);
    return this.options.signBody(body as Record<string, unknown>);
  }

  /** The values with the record members the template names ({{payment.amount}}), read from the status checks. */
  private async withRecords(hook: Hook, values: HookValues): Promise<HookValues> {
    const wanted = recordPlaceholders([hook.path, hook.body]);
    if (wanted.length === 0) return values;
    const filled: Record<string, HookValue> = { ...values };
    for (const kind of ['payment', 'complaint'] as const) {
      const names = wanted.filter((name) => name.startsWith(`${kind}.`));
      const id = kind === 'payment' ? values.paymentId : values.complaintId;
      if (names.length === 0 || typeof id !== 'string') continue;
      const record = await this.options.records?.[kind](id);
      for (const name of names) {
        const member = record?.[name.slice(kind.length + 1)];
        filled[name] =
          typeof member === 'string' || typeof member === 'number' || typeof member === 'boolean' || member === null
            ? member
            : member === undefined
              ? undefined
              : JSON.stringify(member);
      }
    }
    return filled;
  }

  /** createComplaint's new complaint id, where the profile says the answer holds it (idAt, default /id). */
  async createComplaint(values: HookValues): Promise<string> {
    const answer = await this.call('createComplaint', values);
    const pointer = this.options.hooks.createComplaint?.idAt ?? '/id';
    const id = atPointer(answer, pointer);
    if (typeof id !== 'string' || id === '') {
      throw new HookError(
        redactSecrets(
          `createComplaint answered no complaint id at ${pointer}: ${(JSON.stringify(answer) as string | undefined)?.slice(0, 300) ?? 'nothing'}`,
        ),
      );
    }
    return id;
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}
