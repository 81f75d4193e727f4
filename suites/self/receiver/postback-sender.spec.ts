/**
 * The kit as the service reads a receiver's answers within bounds (issue 33): a receiver that answers without end
 * costs the run nothing but a clipped answer in the evidence; a state read-back is read whole up to a mebibyte.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { deliver, readState } from '../../../src/receiver/postback-sender.js';

let server: Server;
let url = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url === '/trickle') {
      // A byte every 100 ms, without end: only the read's own deadline (an aborted signal) stops it.
      const timer = setInterval(() => response.write(' '), 100);
      response.on('close', () => {
        clearInterval(timer);
      });
      return;
    }
    if (request.url === '/state') {
      // A recorded state of 300 KiB: longer than a postback's answer is ever kept, well within a read-back's bound.
      response.end(
        JSON.stringify({ entries: Array.from({ length: 6_000 }, (_, i) => ({ id: `p-${i}`, note: 'x'.repeat(30) })) }),
      );
      return;
    }
    // 64 MiB of answer, in chunks, as fast as the sender reads.
    let left = 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const more = (): void => {
      while (left > 0) {
        left -= 1;
        if (!response.write(chunk)) {
          response.once('drain', more);
          return;
        }
      }
      response.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('should keep a clipped answer of a receiver that answers without end', async () => {
  const delivery = await deliver(`${url}/pb`, '{"id":"p-1"}', 5_000);
  expect(delivery.status).toBe(200);
  expect(delivery.answer).toHaveLength(2_000 + '… (cut)'.length);
  expect(delivery.answer.endsWith('… (cut)')).toBe(true);
});

test('should read a state read-back whole within its bound', async () => {
  const state = await readState(`${url}/state`, {}, 5_000);
  expect(state.status).toBe(200);
  expect((state.json as { entries: unknown[] } | undefined)?.entries).toHaveLength(6_000);
});

test('should name a read-back that outlives its deadline as no answer in time, not by an error number', async () => {
  const state = await readState(`${url}/trickle`, {}, 300);
  expect(state.status).toBeUndefined();
  expect(state.text).toBe('no answer within 300 ms');
});
