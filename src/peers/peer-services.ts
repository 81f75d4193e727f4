/**
 * The payment services the kit was not built against (design brief §9): each an independent implementation of the
 * interface with its own legal choices and its own injectable faults, and a profile written from its README alone,
 * as a merchant writes one from a provider's guide. Two live beside the project (../shared/peers: the Python service,
 * PayGate), one in it (counterparts/orbipay-service, written from the interface alone by someone who never read the
 * kit). The kit starts each as its README says, with a copy of its config whose merchants' registered postback URL is
 * the capture server's (the onboarding a merchant does with a provider); their code and files stay as they are.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { type RunningPeer, startPeerProcess } from './peer-process.js';
import type { PeerFault } from './peer-fault.js';
import { PYTHON_SERVICE_FAULT_MAP } from './python-service-faults.js';
import { PAYGATE_SERVICE_FAULT_MAP } from './paygate-service-faults.js';
import { ORBIPAY_SERVICE_FAULT_MAP } from './orbipay-service-faults.js';

export type { RunningPeer };

export type PeerServiceName = 'python-service' | 'paygate-service' | 'orbipay-service';

export interface PeerService {
  readonly name: PeerServiceName;
  /** How messages name it. */
  readonly label: string;
  /** Its folder, or why it is not on this machine. */
  dir(): string | { readonly missing: string };
  /** The program and its entry script, as its README runs it. */
  readonly program: 'python3' | 'node';
  readonly script: string;
  /** Its profile, written from its README. */
  readonly profile: string;
  /** Its faults, as its README lists them, with the requirements each breaks (judged from the README alone). */
  readonly faults: Readonly<Record<string, PeerFault>>;
}

/** Where the shared peers live beside the project (../shared/peers); KIT_PEERS_DIR names another place. */
export function peersDir(): string {
  const named = process.env.KIT_PEERS_DIR?.trim();
  return named !== undefined && named !== '' ? path.resolve(named) : path.resolve(kitPath('..', 'shared', 'peers'));
}

function folder(dir: string, script: string, label: string): string | { readonly missing: string } {
  return existsSync(path.join(dir, script))
    ? dir
    : { missing: `${label} is not here (${dir}): ../shared/peers is absent on this machine` };
}

export const PEER_SERVICES: Readonly<Record<PeerServiceName, PeerService>> = {
  'python-service': {
    name: 'python-service',
    label: 'the independent Python service',
    dir: () => folder(path.join(peersDir(), 'python-service'), 'service.py', 'the independent Python service'),
    program: 'python3',
    script: 'service.py',
    profile: kitPath('profiles', 'peers', 'python-service.json'),
    faults: PYTHON_SERVICE_FAULT_MAP,
  },
  'paygate-service': {
    name: 'paygate-service',
    label: 'the PayGate sandbox',
    dir: () => folder(path.join(peersDir(), 'paygate-service'), 'service.py', 'the PayGate sandbox'),
    program: 'python3',
    script: 'service.py',
    profile: kitPath('profiles', 'peers', 'paygate-service.json'),
    faults: PAYGATE_SERVICE_FAULT_MAP,
  },
  'orbipay-service': {
    name: 'orbipay-service',
    label: 'the Orbipay sandbox',
    dir: () => {
      const dir = kitPath('counterparts', 'orbipay-service');
      return existsSync(path.join(dir, 'service.mjs'))
        ? dir
        : { missing: `the Orbipay sandbox is not here (${dir}): counterparts/ is not in this installation` };
    },
    program: 'node',
    script: 'service.mjs',
    profile: kitPath('profiles', 'counterparts', 'orbipay-service.json'),
    faults: ORBIPAY_SERVICE_FAULT_MAP,
  },
};

export const PEER_SERVICE_NAMES = Object.keys(PEER_SERVICES) as PeerServiceName[];

export function isPeerServiceName(name: string): name is PeerServiceName {
  return (PEER_SERVICE_NAMES as string[]).includes(name);
}

export interface PeerOptions {
  /** One of the service's faults, or none for the clean service. */
  readonly fault?: string;
  /** The merchant's registered postback URL (§6): the capture server's `{public URL}/pb/merchant`. */
  readonly registeredPostbackUrl?: string;
  /** How long it may take to say it listens (default 20 s). */
  readonly startTimeoutMs?: number;
}

/**
 * A peer's config as its README describes it, copied to `into` with its key files named by absolute path (the copy
 * lives elsewhere) and, when given, the registered postback URL of its merchants replaced.
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

/** Starts a peer service; rejects with what it printed when it does not say it listens in time. */
export async function startPeerService(service: PeerService, options: PeerOptions = {}): Promise<RunningPeer> {
  const dir = service.dir();
  if (typeof dir !== 'string') throw new Error(dir.missing);
  if (options.fault !== undefined && service.faults[options.fault] === undefined) {
    throw new Error(`${service.label} has no fault ${options.fault} (${Object.keys(service.faults).join(', ')})`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'kit-peer-'));
  const config = peerConfigCopy(dir, work, options.registeredPostbackUrl);
  const args = [service.script, '--port', '0', '--config', config];
  if (options.fault !== undefined) args.push('--fault', options.fault);
  try {
    return await startPeerProcess({
      label: service.label,
      program: service.program,
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
