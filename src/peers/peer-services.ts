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
import { randomSeedService } from './random-seed-service.js';

export type { RunningPeer };

export type PeerServiceName = 'python-service' | 'paygate-service' | 'orbipay-service';

export interface PeerService {
  /** As the command line names it: a registered name, or random-SEED. */
  readonly name: string;
  /** How messages name it. */
  readonly label: string;
  /** Its folder, or why it is not on this machine. */
  dir(): string | { readonly missing: string };
  /** Its profile, written from its README (for a random seed: drawn with it). */
  profileFile(): string;
  /** Its faults, as its README lists them, with the requirements each breaks (judged from the README alone). */
  readonly faults: Readonly<Record<string, PeerFault>>;
  /** Starts it, clean or with one of its faults. */
  start(options?: PeerOptions): Promise<RunningPeer>;
  /** Whether it takes the merchant's registered postback URL at its start (a peer's config does). */
  readonly registersPostbackUrl: boolean;
}

/** Where the shared peers live beside the project (../shared/peers); KIT_PEERS_DIR names another place. */
export function peersDir(): string {
  const named = process.env.KIT_PEERS_DIR?.trim();
  return named !== undefined && named !== '' ? path.resolve(named) : path.resolve(kitPath('..', 'shared', 'peers'));
}

function folder(dir: string, script: string, label: string, where: string): string | { readonly missing: string } {
  return existsSync(path.join(dir, script)) ? dir : { missing: `${label} is not here (${dir}): ${where}` };
}

/** A peer run as its README says: `PROGRAM SCRIPT --port 0 --config FILE [--fault NAME]`, its config a copy. */
function configuredPeer(spec: {
  name: PeerServiceName;
  label: string;
  dir: () => string;
  missing: string;
  program: 'python3' | 'node';
  script: string;
  profile: string;
  faults: Readonly<Record<string, PeerFault>>;
}): PeerService {
  const service: PeerService = {
    name: spec.name,
    label: spec.label,
    dir: () => folder(spec.dir(), spec.script, spec.label, spec.missing),
    profileFile: () => spec.profile,
    faults: spec.faults,
    registersPostbackUrl: true,
    start: (options = {}) => startConfiguredPeer(service, spec.program, spec.script, options),
  };
  return service;
}

export const PEER_SERVICES: Readonly<Record<PeerServiceName, PeerService>> = {
  'python-service': configuredPeer({
    name: 'python-service',
    label: 'the independent Python service',
    dir: () => path.join(peersDir(), 'python-service'),
    missing: '../shared/peers is absent on this machine',
    program: 'python3',
    script: 'service.py',
    profile: kitPath('profiles', 'peers', 'python-service.json'),
    faults: PYTHON_SERVICE_FAULT_MAP,
  }),
  'paygate-service': configuredPeer({
    name: 'paygate-service',
    label: 'the PayGate sandbox',
    dir: () => path.join(peersDir(), 'paygate-service'),
    missing: '../shared/peers is absent on this machine',
    program: 'python3',
    script: 'service.py',
    profile: kitPath('profiles', 'peers', 'paygate-service.json'),
    faults: PAYGATE_SERVICE_FAULT_MAP,
  }),
  'orbipay-service': configuredPeer({
    name: 'orbipay-service',
    label: 'the Orbipay sandbox',
    dir: () => kitPath('counterparts', 'orbipay-service'),
    missing: 'counterparts/ is not in this installation',
    program: 'node',
    script: 'service.mjs',
    profile: kitPath('profiles', 'counterparts', 'orbipay-service.json'),
    faults: ORBIPAY_SERVICE_FAULT_MAP,
  }),
};

export const PEER_SERVICE_NAMES = Object.keys(PEER_SERVICES) as PeerServiceName[];

/** The service a command line names: a registered peer, or the sandbox's random flavour of a seed (random-SEED). */
export function peerServiceNamed(name: string): PeerService | undefined {
  if ((PEER_SERVICE_NAMES as string[]).includes(name)) return PEER_SERVICES[name as PeerServiceName];
  const seed = /^random-(\d{1,9})$/.exec(name)?.[1];
  return seed === undefined ? undefined : randomSeedService(Number(seed));
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

/** Starts a configured peer; rejects with what it printed when it does not say it listens in time. */
async function startConfiguredPeer(
  service: PeerService,
  program: 'python3' | 'node',
  script: string,
  options: PeerOptions,
): Promise<RunningPeer> {
  const dir = service.dir();
  if (typeof dir !== 'string') throw new Error(dir.missing);
  if (options.fault !== undefined && service.faults[options.fault] === undefined) {
    throw new Error(`${service.label} has no fault ${options.fault} (${Object.keys(service.faults).join(', ')})`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'kit-peer-'));
  const config = peerConfigCopy(dir, work, options.registeredPostbackUrl);
  const args = [script, '--port', '0', '--config', config];
  if (options.fault !== undefined) args.push('--fault', options.fault);
  try {
    return await startPeerProcess({
      label: service.label,
      program,
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

/** Starts a peer service (clean, or with one of its faults). */
export function startPeerService(service: PeerService, options: PeerOptions = {}): Promise<RunningPeer> {
  return service.start(options);
}
