import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { kitRoot } from '../../src/kit-root.js';

export interface ChildServer {
  readonly url: string;
  readonly pid: number;
  /** What it printed on stdout so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a server process and waits (at most 30 s) for its `listening on URL` line. */
export async function startChildServer(args: readonly string[]): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, [...args], {
    cwd: kitRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no listening line from ${args.join(' ')} within 30 s`));
    }, 30_000);
    child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${String(code)} before listening`));
    });
  });
  return {
    url,
    pid: child.pid ?? -1,
    output: () => out,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
