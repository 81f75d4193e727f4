/**
 * A peer service binds port 0 while the capture port the kit chose for the run is not listening yet: the OS may give
 * the peer that very port (a CI run's fault then certified nothing, its capture server refused with EADDRINUSE).
 * startAvoidingPort starts the peer again until it holds another, and names the port when it never does.
 */
import { expect, test } from '@playwright/test';
import { startAvoidingPort } from '../../../src/peers/peer-process.js';

/** A start that hands out the given ports in turn, counting the peers stopped. */
function starts(ports: readonly number[]): {
  start: () => Promise<{ url: string; stop(): Promise<void> }>;
  stopped: number[];
} {
  const stopped: number[] = [];
  let next = 0;
  return {
    stopped,
    start: () => {
      const port = ports[next++] ?? 0;
      return Promise.resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () => {
          stopped.push(port);
          return Promise.resolve();
        },
      });
    },
  };
}

test('should start the peer again while it holds the port kept for the kit, and keep the first that does not', async () => {
  const fake = starts([4100, 4100, 4200]);
  const peer = await startAvoidingPort(4100, fake.start);
  expect(peer.url).toBe('http://127.0.0.1:4200');
  expect(fake.stopped).toEqual([4100, 4100]);
  const first = starts([4300]);
  expect((await startAvoidingPort(4100, first.start)).url).toBe('http://127.0.0.1:4300');
  expect(first.stopped).toEqual([]);
});

test('should name the port when the peer takes it every time, every one of them stopped', async () => {
  const fake = starts([4100, 4100, 4100]);
  await expect(startAvoidingPort(4100, fake.start)).rejects.toThrow(
    /port 4100, kept for the kit's own server, 3 times/,
  );
  expect(fake.stopped).toEqual([4100, 4100, 4100]);
});
