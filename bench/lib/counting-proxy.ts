import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A reverse proxy in front of a target that counts the requests it forwards, by the first two path segments. */
export interface CountingProxy {
  readonly url: string;
  /** Requests forwarded so far, by path prefix (e.g. /merchant-api/v2, /qa/v2). */
  counts(): ReadonlyMap<string, number>;
  total(): number;
  stop(): Promise<void>;
}

function prefixOf(url: string): string {
  return `/${(url.split('?')[0] ?? '')
    .split('/')
    .filter((s) => s !== '')
    .slice(0, 2)
    .join('/')}`;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const counts = new Map<string, number>();
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const prefix = prefixOf(incoming.url ?? '/');
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
        timeout: 30_000,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('timeout', () => proxied.destroy(new Error('upstream timeout')));
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
