import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type {
  CapturedAttempt,
  CheckedAttempt,
  EndpointKind,
  PostbackCheck,
  Reply,
} from '../../generated/capture/definitions.gen.js';
import type { EndpointRequest } from '../../generated/capture/endpoint.request.gen.js';
import { getContract } from '../contract/contract.js';
import { ACKNOWLEDGE, answer } from './answer.js';
import { readBody } from './body-reader.js';
import { CaptureApi, type CaptureBackend } from './capture-api.js';
import { type CaptureEndpoint, type Endpoint, endpointView } from './capture-endpoint.js';
import { EvidenceLog, readEvidence } from './evidence-log.js';
import { CAPTURE_LIMITS, type CaptureBounds } from './capture-limits.js';
import type { CaptureServerOptions } from './capture-options.js';
import { Mailbox, MemoryBudget, type WaitResult } from './mailbox.js';
import { checkAttempt, type PostbackCheckOptions } from './postback-check.js';

export type { CaptureServerOptions } from './capture-options.js';

/** The endpoint of the merchant's registered URL (§6): every test shares it and tells its postbacks apart by id. */
export const MERCHANT_TOKEN = 'merchant';

/** Bytes of an oversize body kept for the evidence (the size is counted to the end). */
const OVERSIZE_KEPT = 4096;

const ENDPOINT_PATH = /^\/pb\/([a-f0-9]{32}|merchant)(?:[?#].*)?$/;

/**
 * Receives postbacks on behalf of the merchant (§4.6, §6). Each test gets its own endpoint (`/pb/<token>`), so
 * parallel tests never see each other's postbacks; any other path is recorded as a finding. Every attempt is
 * recorded before it is parsed (raw bytes, headers, arrival on the wall and the monotonic clock, the answer given)
 * and appended to the evidence file before it is answered; then it is checked (bytes, schema, signature, pinned
 * key). Answers are scripted per endpoint and per attempt.
 */
export class CaptureServer implements CaptureBackend {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly budget: MemoryBudget;
  private readonly unknownMailbox: Mailbox;
  private oversize = 0;
  private readonly sockets = new Set<Socket>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly api: CaptureApi | undefined;
  private seq = 0;
  private stopping = false;

  private constructor(
    private readonly server: Server,
    private readonly evidence: EvidenceLog | undefined,
    private readonly options: CaptureServerOptions,
    private readonly checkOptions: PostbackCheckOptions | undefined,
    /** The URL it listens at. */
    readonly url: string,
    /** The base URL targets post to. */
    readonly publicUrl: string,
  ) {
    this.api = options.apiToken === undefined ? undefined : new CaptureApi(this, options.apiToken);
    this.budget = new MemoryBudget(
      options.memoryBytes ?? CAPTURE_LIMITS.memoryBytes,
      undefined,
      options.entries ?? CAPTURE_LIMITS.entries,
    );
    this.unknownMailbox = this.mailbox();
  }

  /** What the bounds did so far: bodies refused as too large, attempts out of memory, evidence dropped. */
  bounds(): CaptureBounds {
    return {
      oversize: this.oversize,
      evictedFromMemory: this.budget.evicted,
      forgotten: this.budget.forgotten,
      evidenceBytes: this.evidence?.bytes ?? 0,
      dropped: this.evidence?.droppedSummary() ?? { attempts: 0, bytes: 0, byEndpoint: [] },
    };
  }

  private mailbox(): Mailbox {
    return new Mailbox(this.budget, (seq) => this.evidence?.read(seq));
  }

  static async start(options: CaptureServerOptions = {}): Promise<CaptureServer> {
    const evidence =
      options.evidenceFile === undefined
        ? undefined
        : await EvidenceLog.open(
            options.evidenceFile,
            options.resume === true,
            options.evidenceBytes ?? CAPTURE_LIMITS.evidenceBytes,
          );
    const checkOptions =
      options.checks?.verification === undefined
        ? undefined
        : { contract: options.checks.contract ?? getContract(), verification: options.checks.verification };
    const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const capture = new CaptureServer(
      server,
      evidence,
      options,
      checkOptions,
      url,
      (options.publicUrl ?? url).replace(/\/+$/, ''),
    );
    capture.addEndpoint(MERCHANT_TOKEN, 'any', "the merchant's registered URL");
    if (options.resume === true && options.evidenceFile !== undefined) await capture.restore(options.evidenceFile);
    server.on('connection', (socket) => {
      capture.sockets.add(socket);
      socket.once('close', () => capture.sockets.delete(socket));
    });
    server.on('request', (request, response) => {
      capture.track(capture.handle(request, response));
    });
    return capture;
  }

  /** A new endpoint: its URL is what the target is given as postBackUrl. */
  async createEndpoint(request: EndpointRequest = {}): Promise<CaptureEndpoint> {
    const token = randomBytes(16).toString('hex');
    const endpoint = this.addEndpoint(token, request.kind ?? 'any', request.label);
    endpoint.script = [...(request.script ?? [])];
    endpoint.then = request.then ?? ACKNOWLEDGE;
    await this.evidence?.append({
      type: 'endpoint',
      token,
      kind: endpoint.kind,
      ...(request.label === undefined ? {} : { label: request.label }),
      createdAt: new Date().toISOString(),
    });
    return this.view(endpoint);
  }

  /** An endpoint by token (the merchant's one included), or undefined. */
  endpoint(token: string): CaptureEndpoint | undefined {
    const endpoint = this.endpoints.get(token);
    return endpoint === undefined ? undefined : this.view(endpoint);
  }

  /** Waits for `count` attempts at an endpoint, or at paths no endpoint has (`null`). */
  waitForAttempts(token: string | null, count: number, timeoutMs: number): Promise<WaitResult> {
    const mailbox = token === null ? this.unknownMailbox : this.endpoints.get(token)?.mailbox;
    if (mailbox === undefined) return Promise.resolve({ attempts: [], complete: false });
    return mailbox.waitFor(count, timeoutMs);
  }

  /** An endpoint's attempts about one payment or complaint (their body's id), or undefined when there is no endpoint. */
  attemptsAbout(token: string, id: string): readonly CheckedAttempt[] | undefined {
    return this.endpoints.get(token)?.mailbox.attemptsAbout(id);
  }

  /** Sets the replies to an endpoint's next attempts; false when there is no such endpoint. */
  setScript(token: string, script: readonly Reply[], then: Reply = ACKNOWLEDGE): boolean {
    const endpoint = this.endpoints.get(token);
    if (endpoint === undefined) return false;
    endpoint.script = [...script];
    endpoint.then = then;
    return true;
  }

  /** Attempts at paths no endpoint has: each one is a finding (a postback sent to the wrong place). */
  get unknownAttempts(): readonly CheckedAttempt[] {
    return this.unknownMailbox.attempts;
  }

  /** Stops accepting, lets attempts being answered finish (hangs end now), and closes the evidence file. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const closed = new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
    this.server.closeIdleConnections();
    await Promise.allSettled([...this.inFlight]);
    for (const socket of this.sockets) socket.destroy();
    await closed;
    for (const endpoint of this.endpoints.values()) endpoint.mailbox.wakeAll();
    this.unknownMailbox.wakeAll();
    await this.evidence?.close();
  }

  private addEndpoint(token: string, kind: EndpointKind, label: string | undefined): Endpoint {
    const endpoint: Endpoint = { token, kind, label, script: [], then: ACKNOWLEDGE, mailbox: this.mailbox() };
    this.endpoints.set(token, endpoint);
    return endpoint;
  }

  private view(endpoint: Endpoint): CaptureEndpoint {
    return endpointView(endpoint, `${this.publicUrl}/pb/${endpoint.token}`, (script, then) =>
      this.setScript(endpoint.token, script, then),
    );
  }

  private track(work: Promise<void>): void {
    const settled = work.catch((error: unknown) => {
      this.options.log?.(`capture: ${error instanceof Error ? error.message : String(error)}`);
    });
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/';
    if (this.api !== undefined && path.startsWith('/__capture/')) {
      await this.api.handle(request, response, path);
      return;
    }
    const monoMs = performance.now();
    const receivedAt = new Date().toISOString();
    const limit = this.options.maxBodyBytes ?? CAPTURE_LIMITS.maxBodyBytes;
    // A body announced larger than the limit is counted as it drains, its first bytes kept for the evidence only.
    const announced = Number(request.headers['content-length'] ?? 0);
    const { body, bodyBytes, truncated } = await readBody(request, announced > limit ? OVERSIZE_KEPT : limit);
    const tooLarge = bodyBytes > limit;
    if (tooLarge) this.oversize += 1;
    const token = ENDPOINT_PATH.exec(path)?.[1];
    const endpoint = token === undefined ? undefined : this.endpoints.get(token);
    const mailbox = endpoint?.mailbox ?? this.unknownMailbox;
    // 413 for a body beyond the limit (the endpoint's script is not used up); 404 where no endpoint is.
    const reply: Reply = tooLarge
      ? { answer: 'status', status: 413 }
      : endpoint === undefined
        ? { answer: 'status', status: 404 }
        : this.nextReply(endpoint);
    const attempt: CapturedAttempt = {
      seq: ++this.seq,
      token: endpoint?.token ?? null,
      path,
      n: mailbox.nextNumber(),
      method: request.method ?? 'GET',
      headers: { ...request.headers },
      body: body.toString('base64'),
      bodyBytes,
      truncated,
      receivedAt,
      monoMs,
      reply,
    };
    try {
      await this.evidence?.append({ type: 'attempt', attempt });
    } catch (error) {
      // Not recorded, so not acknowledged: the sender will try again.
      this.options.log?.(`capture: evidence not written (${(error as Error).message}); answering 503`);
      response.writeHead(503).end();
      return;
    }
    const kind = endpoint?.kind ?? 'any';
    // Checked when first looked at: the signature check must not delay the answer the sender waits for.
    const checked = mailbox.add(attempt, (a) => this.check(a, kind));
    this.options.onAttempt?.(checked());
    await answer(request, response, reply, this.options.maxHangMs ?? 60_000);
  }

  private nextReply(endpoint: Endpoint): Reply {
    return endpoint.script.shift() ?? endpoint.then;
  }

  private check(attempt: CapturedAttempt, kind: EndpointKind): PostbackCheck {
    return checkAttempt(attempt, kind, this.checkOptions);
  }

  /** A restart: endpoints and attempts of the evidence file come back (scripts do not: they start at 200). */
  private async restore(file: string): Promise<void> {
    const { lines, problems } = await readEvidence(file);
    for (const problem of problems) this.options.log?.(`capture: evidence ${problem}`);
    for (const line of lines) {
      if (line.type === 'endpoint') {
        if (!this.endpoints.has(line.token)) this.addEndpoint(line.token, line.kind, line.label);
        continue;
      }
      // What an earlier run's bound dropped stays in its file: nothing of it comes back.
      if (line.type === 'dropped') continue;
      const { attempt } = line;
      const endpoint = attempt.token === null ? undefined : this.endpoints.get(attempt.token);
      const kind = endpoint?.kind ?? 'any';
      (endpoint?.mailbox ?? this.unknownMailbox).add(attempt, (a) => this.check(a, kind));
      this.seq = Math.max(this.seq, attempt.seq);
    }
  }
}
