/**
 * The independent Python payment service of ../shared/peers/python-service (design brief §9): a service the kit was
 * not built against, with other legal choices and 20 injectable faults. The kit starts it as its README says
 * (`python3 service.py --port 0 --config FILE [--fault FXnn]`), with a copy of its config whose merchant's registered
 * postback URL is the capture server's (the onboarding a merchant does with a provider); the peer's code and files
 * stay as they are. Its profile, written from its README alone, is profiles/peers/python-service.json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { type RunningPeer, startPeerProcess } from './peer-process.js';

export type { RunningPeer };

/** Where the peers live beside the project (../shared/peers); KIT_PEERS_DIR names another place. */
export function peersDir(): string {
  const named = process.env.KIT_PEERS_DIR?.trim();
  return named !== undefined && named !== '' ? path.resolve(named) : path.resolve(kitPath('..', 'shared', 'peers'));
}

export const PYTHON_SERVICE_PROFILE = kitPath('profiles', 'peers', 'python-service.json');

/** The peer service's folder, or why it cannot be used here (the reason a spec that needs it skips with). */
export function pythonServiceDir(): string | { readonly missing: string } {
  const dir = path.join(peersDir(), 'python-service');
  return existsSync(path.join(dir, 'service.py'))
    ? dir
    : { missing: `the independent Python service is not here (${dir}): ../shared/peers is absent on this machine` };
}

/** Its faults, as its README lists them: FX01 to FX20. */
export const PYTHON_SERVICE_FAULTS: readonly string[] = Array.from(
  { length: 20 },
  (_, n) => `FX${String(n + 1).padStart(2, '0')}`,
);

export interface PeerOptions {
  /** One of PYTHON_SERVICE_FAULTS, or none for the clean service. */
  readonly fault?: string;
  /** The merchant's registered postback URL (§6): the capture server's `{public URL}/pb/merchant`. */
  readonly registeredPostbackUrl?: string;
  /** How long it may take to say it listens (default 20 s). */
  readonly startTimeoutMs?: number;
}

/**
 * The peer's config as its README describes it, copied to `into` with its key files named by absolute path (the
 * copy lives elsewhere) and, when given, the registered postback URL of its merchant replaced.
 */
export function peerConfigCopy(dir: string, into: string, registeredPostbackUrl: string | undefined): string {
  const config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;
  const absolute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absolute);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        /File$/.test(key) && typeof item === 'string' ? path.resolve(dir, item) : absolute(item),
      ]),
    );
  };
  const copy = absolute(config) as { merchants?: { postBackUrl?: string }[] };
  if (registeredPostbackUrl !== undefined) {
    for (const merchant of copy.merchants ?? []) merchant.postBackUrl = registeredPostbackUrl;
  }
  const file = path.join(into, 'config.json');
  writeFileSync(file, `${JSON.stringify(copy, null, 2)}\n`);
  return file;
}

/** Starts the peer service; rejects with what it printed when it does not say it listens in time. */
export async function startPythonService(options: PeerOptions = {}): Promise<RunningPeer> {
  const dir = pythonServiceDir();
  if (typeof dir !== 'string') throw new Error(dir.missing);
  if (options.fault !== undefined && !PYTHON_SERVICE_FAULTS.includes(options.fault)) {
    throw new Error(`the peer service has no fault ${options.fault} (${PYTHON_SERVICE_FAULTS.join(', ')})`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'kit-peer-'));
  const config = peerConfigCopy(dir, work, options.registeredPostbackUrl);
  const args = ['service.py', '--port', '0', '--config', config];
  if (options.fault !== undefined) args.push('--fault', options.fault);
  try {
    return await startPeerProcess({
      label: 'the peer service',
      cwd: dir,
      args,
      startTimeoutMs: options.startTimeoutMs,
      cleanup: () => {
        rmSync(work, { recursive: true, force: true });
      },
    });
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
