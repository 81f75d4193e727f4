import type { ChildProcess } from 'node:child_process';

/**
 * Waits for `child` to exit, stopping it if it runs past `stopAfterMs`: SIGINT first, as Ctrl-C would (Playwright
 * then ends the run and its reporters still write), then SIGKILL `killAfterMs` later if it is still there. Resolves
 * with whether it had to be stopped; rejects if it could not be started. A limit of 0 means none.
 */
export function waitBounded(child: ChildProcess, stopAfterMs: number, killAfterMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const timers: NodeJS.Timeout[] = [];
    let stopping = false;
    if (stopAfterMs > 0) {
      timers.push(
        setTimeout(() => {
          stopping = true;
          child.kill('SIGINT');
          timers.push(setTimeout(() => child.kill('SIGKILL'), killAfterMs));
        }, stopAfterMs),
      );
    }
    const settle = (): void => {
      timers.forEach(clearTimeout);
    };
    child.on('error', (error) => {
      settle();
      reject(error);
    });
    child.on('exit', () => {
      settle();
      resolve(stopping);
    });
  });
}
