/**
 * A peer of ../shared/peers as a child process (design brief §9): started with its own command line, ready when it
 * prints its "listening on URL" line, its stderr kept as its log, stopped with SIGTERM and then SIGKILL. The peers'
 * code and files are never changed; only their command line and copies of their config differ.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface RunningPeer {
  /** Its base URL, from its own "listening on" line. */
  readonly url: string;
  /** What it wrote to stderr so far (one line per request and postback attempt), the last 256 KiB. */
  log(): string;
  stop(): Promise<void>;
}

export interface PeerProcess {
  /** How messages name it: "the peer service", "receiver R05". */
  readonly label: string;
  readonly cwd: string;
  /** The program its README runs it with (default python3). */
  readonly program?: 'python3' | 'node';
  /** The program's arguments. */
  readonly args: readonly string[];
  /** How long it may take to say it listens (default 20 s). */
  readonly startTimeoutMs?: number | undefined;
  /** Runs once it has stopped (its temporary files). */
  readonly cleanup?: () => void;
}

const LOG_LIMIT = 256 * 1024;
const LISTENING = /listening on (http:\/\/\S+)/;

/** Starts a Python peer; rejects with what it printed when it does not say it listens in time. */
export async function startPeerProcess(peer: PeerProcess): Promise<RunningPeer> {
  const program = peer.program ?? 'python3';
  // A node peer runs on the Node.js that runs the kit.
  const command = program === 'node' ? process.execPath : program;
  const child = spawn(command, [...peer.args], { cwd: peer.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-LOG_LIMIT);
  });
  let url: string;
  try {
    url = await listeningUrl(peer.label, program, child, peer.startTimeoutMs ?? 20_000, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    log: () => stderr,
    stop: async () => {
      await stopChild(child);
      peer.cleanup?.();
    },
  };
}

function listeningUrl(
  label: string,
  program: string,
  child: ChildProcess,
  timeoutMs: number,
  stderr: () => string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      reject(new Error(`${label} did not say it listens within ${timeoutMs} ms: ${stderr().slice(-600)}`));
    }, timeoutMs);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const found = LISTENING.exec(stdout);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${program} could not be started (${error.message})${program === 'python3' ? ': the Python peers need Python 3.11' : ''}`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${String(code)}) before it listened: ${stderr().slice(-600)}`));
    });
  });
}

/** SIGTERM (it shuts down cleanly, its README says), then SIGKILL if it is still there 5 s later. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A peer that binds port 0 started where it does not hold `port`, a port the kit chose for a server of its own that
 * is not listening yet (the capture server a later run starts): the OS may hand a port that was free a moment ago
 * to the peer's bind. Started again (up to `tries` times in all) it gets another; a peer that takes it every time is
 * an error naming the port, never a run whose server cannot listen.
 */
export async function startAvoidingPort<T extends Pick<RunningPeer, 'url' | 'stop'>>(
  port: number,
  start: () => Promise<T>,
  tries = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const peer = await start();
    if (new URL(peer.url).port !== String(port)) return peer;
    await peer.stop();
    if (attempt >= tries)
      throw new Error(`the peer was given port ${port}, kept for the kit's own server, ${tries} times`);
  }
}
