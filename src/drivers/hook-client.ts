import type { TlsSettings } from '../profile/tls-settings.js';
import type { Hook, HttpHooks } from '../../generated/profile/profile.gen.js';
import { HttpTransport, TransportError } from '../client/transport.js';
import { redactSecrets } from '../secrets/redaction.js';
import type { Secret } from '../secrets/secret.js';
import { fillBody, fillPath, type HookValues } from './hook-template.js';
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
    const path = this.prefix + fillPath(hook.path, values);
    const body = hook.body === undefined ? undefined : JSON.stringify(fillBody(hook.body, values));
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
        body: Buffer.from(body ?? '', 'utf8'),
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
