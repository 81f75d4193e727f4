/**
 * The net under a certification's time limit (src/runner/bounded-child.ts): a run past its bound gets SIGINT, as
 * Ctrl-C, and SIGKILL if it ignores that; a run within its bound is left alone.
 */
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { waitBounded } from '../../../src/runner/bounded-child.js';

/** A Node process running `code`, which prints `ready` once its signal handlers are in place. */
async function node(code: string) {
  const child = spawn(process.execPath, ['-e', `${code}; console.log('ready')`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve) =>
    child.stdout.once('data', () => {
      resolve();
    }),
  );
  return child;
}

test.describe('a bounded child process', () => {
  test('should be left alone when it ends within its bound', async () => {
    const child = await node('setTimeout(() => process.exit(3), 100)');
    expect(await waitBounded(child, 30_000, 1_000)).toBe(false);
    expect(child.exitCode).toBe(3);
  });

  test('should get SIGINT at its bound, as Ctrl-C', async () => {
    const child = await node('setInterval(() => undefined, 1_000)');
    expect(await waitBounded(child, 200, 30_000)).toBe(true);
    expect(child.signalCode).toBe('SIGINT');
  });

  test('should be killed when it ignores SIGINT', async () => {
    const child = await node("process.on('SIGINT', () => undefined); setInterval(() => undefined, 1_000)");
    expect(await waitBounded(child, 200, 300)).toBe(true);
    expect(child.signalCode).toBe('SIGKILL');
  });

  test('should have no bound at 0', async () => {
    const child = await node('setTimeout(() => process.exit(0), 500)');
    expect(await waitBounded(child, 0, 0)).toBe(false);
    expect(child.exitCode).toBe(0);
  });

  test('should reject when the process cannot be started', async () => {
    const child = spawn('/nonexistent/command', [], { stdio: 'ignore' });
    await expect(waitBounded(child, 1_000, 1_000)).rejects.toThrow(/ENOENT/);
  });
});
