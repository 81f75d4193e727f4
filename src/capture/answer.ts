import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Reply } from '../../generated/capture/definitions.gen.js';

export const ACKNOWLEDGE: Reply = { answer: 'status', status: 200 };

/** A reply in a few words, for evidence and messages: `500`, `302 → /elsewhere`, `hang`, `reset`, `slow 200`. */
export function describeReply(reply: Reply): string {
  switch (reply.answer) {
    case 'status': {
      const location = reply.headers?.location;
      return location === undefined ? String(reply.status) : `${reply.status} → ${location}`;
    }
    case 'hang':
      return 'hang';
    case 'reset':
      return 'reset';
    case 'slow-body':
      return `slow ${reply.status}`;
  }
}

/**
 * Answers one attempt as the reply says (§6.1: only a 200 acknowledges). A hang keeps the connection open until the
 * sender gives up, or `maxHangMs` passes; a reset closes it without a word.
 */
export async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  reply: Reply,
  maxHangMs: number,
): Promise<void> {
  switch (reply.answer) {
    case 'status':
      if (reply.delayMs !== undefined && reply.delayMs > 0) await sleep(reply.delayMs);
      response.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers });
      response.end(reply.body ?? '');
      return;
    case 'hang': {
      const stopWaiting = new AbortController();
      const closed = new Promise<void>((resolve) =>
        request.socket.once('close', () => {
          resolve();
        }),
      );
      const giveUp = sleep(maxHangMs, undefined, { signal: stopWaiting.signal, ref: false }).then(
        () => request.socket.destroy(),
        () => undefined,
      );
      await Promise.race([closed, giveUp]);
      stopWaiting.abort();
      return;
    }
    case 'reset':
      request.socket.resetAndDestroy();
      return;
    case 'slow-body':
      response.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8' });
      for (let chunk = 0; chunk < reply.chunks && !response.destroyed; chunk++) {
        await sleep(reply.chunkDelayMs);
        response.write('.');
      }
      response.end();
      return;
  }
}
