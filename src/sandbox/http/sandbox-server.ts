import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from './answer.js';
import { readBody } from './read-body.js';

export interface Routes {
  /** The largest body a path accepts. */
  limitFor(path: string): number;
  tooLarge(path: string, limit: number): Answer;
  answer(req: IncomingMessage, path: string, query: string, bytes: Buffer): Answer | Promise<Answer>;
}

/** The path and the query of a request target; a plain split, as URL parsing costs more than the rest of routing. */
export function splitTarget(target: string): { path: string; query: string } {
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}

/** How long a graceful stop waits for requests in flight before it closes their connections. */
const DRAIN_MS = 5_000;

/**
 * node:http with the sandbox's routes: bounded bodies, deadlines against slow clients, and a catch-all that turns
 * anything unexpected into a logged 500 (the fuzz self-test proves client input never gets there).
 */
export class SandboxServer {
  private readonly server: Server;
  private inFlight = 0;
  private drained: (() => void) | undefined;

  constructor(
    private readonly routes: Routes,
    private readonly log: (line: string) => void,
    /** Told of every exchange once answered (`payment-conformance sandbox --record FILE`); off by default. */
    private readonly onExchange?: (exchange: ServedExchange) => void,
  ) {
    this.server = createServer((req, res) => {
      void this.serve(req, res);
    });
    this.server.requestTimeout = 30_000;
    this.server.headersTimeout = 20_000;
    this.server.keepAliveTimeout = 65_000;
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting, lets requests in flight finish (up to 5 s), then closes every connection. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
    this.server.closeIdleConnections();
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (this.drained = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, DRAIN_MS).unref()),
      ]);
    }
    this.server.closeAllConnections();
    await closed;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++;
    try {
      const { path, query } = splitTarget(req.url ?? '/');
      const limit = this.routes.limitFor(path);
      const read = await readBody(req, limit);
      const answer =
        'tooLarge' in read ? this.routes.tooLarge(path, limit) : await this.routes.answer(req, path, query, read.bytes);
      write(res, answer, 'tooLarge' in read);
      this.onExchange?.({
        at: new Date(),
        method: req.method ?? '',
        path,
        request: 'tooLarge' in read ? undefined : read.bytes,
        status: answer.status,
        response: payloadOf(answer),
      });
    } catch (error) {
      this.log(
        `internal error on ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) write(res, { status: 500, json: { error: 'internal error' } }, false);
      else res.destroy();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    }
  }
}

/** One request and its answer, as the sandbox served them. */
export interface ServedExchange {
  readonly at: Date;
  readonly method: string;
  readonly path: string;
  /** The body as received; undefined when it was too large to read. */
  readonly request: Buffer | undefined;
  readonly status: number;
  readonly response: Buffer | string;
}

function payloadOf(answer: Answer): Buffer | string {
  return answer.json !== undefined ? JSON.stringify(answer.json) : (answer.raw ?? '');
}

function write(res: ServerResponse, answer: Answer, closeAfter: boolean): void {
  const payload = payloadOf(answer);
  const headers: Record<string, string> = {
    ...(answer.json !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    ...answer.headers,
    ...(closeAfter ? { connection: 'close' } : {}),
  };
  res.writeHead(answer.status, headers);
  res.end(payload);
}
