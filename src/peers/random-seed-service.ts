/**
 * The sandbox's random legal flavour of one seed as a service the kit was not built against (design brief §9): every
 * choice the interface leaves open drawn from the seed (src/sandbox/flavors/random), the profile that states them
 * written beside it, and a sample of the sandbox's own faults, each judged by the requirements its catalogue says it
 * breaks. It runs as a child process, as a provider's sandbox would (`payment-conformance sandbox --flavor random`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { FAULTS } from '../sandbox/faults/fault-registry.js';
import { writeRandomFlavour } from '../sandbox/flavors/random/random-flavour.js';
import type { PeerFault } from './peer-fault.js';
import { startPeerProcess } from './peer-process.js';
import type { PeerOptions, PeerService, RunningPeer } from './peer-services.js';

/**
 * Faults of the catalogue that bite whatever a seed drew (none of them only under one choice of a convention): the
 * sample a random seed is certified under.
 */
export const RANDOM_FAULT_SAMPLE = [
  'auth-missing-publickey-gives-no-key',
  'auth-unknown-key-gives-unauthorized',
  'error-unknown-payment-200',
  'payment-status-lowercase',
  'payment-drops-merchant-user-id',
  'status-no-fallback',
  'list-totals-page-only',
  'list-ignores-currency-filter',
  'postback-no-retry',
  'postback-no-flip',
] as const;

function sampleFaults(): Record<string, PeerFault> {
  return Object.fromEntries(
    RANDOM_FAULT_SAMPLE.map((name) => {
      const fault = FAULTS.find((f) => f.name === name);
      if (fault === undefined) throw new Error(`the sandbox has no fault ${name}`);
      return [name, { breaks: fault.breaks, readme: fault.description }];
    }),
  );
}

/** The random flavour of `seed`, its profile drawn once per process into a folder of its own. */
export function randomSeedService(seed: number): PeerService {
  let profile: string | undefined;
  const profileFile = (): string => {
    if (profile === undefined) {
      profile = path.join(mkdtempSync(path.join(tmpdir(), 'kit-random-')), `random-${seed}.json`);
      writeRandomFlavour(seed, profile);
    }
    return profile;
  };
  return {
    name: `random-${seed}`,
    label: `the random flavour of seed ${seed}`,
    dir: () => kitPath(),
    profileFile,
    faults: sampleFaults(),
    // Its merchant's registered URL is the one it drew: the registered-URL check is NOT VERIFIED there.
    registersPostbackUrl: false,
    start: async (options: PeerOptions = {}): Promise<RunningPeer> => {
      const work = mkdtempSync(path.join(tmpdir(), 'kit-random-run-'));
      const args = [
        kitPath('bin', 'payment-conformance.mjs'),
        'sandbox',
        '--flavor',
        'random',
        '--seed',
        String(seed),
        '--port',
        '0',
        '--profile-out',
        path.join(work, 'profile.json'),
        ...(options.fault === undefined ? [] : ['--fault', options.fault]),
      ];
      return startPeerProcess({
        label: `the random flavour of seed ${seed}`,
        program: 'node',
        cwd: kitPath(),
        args,
        startTimeoutMs: options.startTimeoutMs ?? 30_000,
        cleanup: () => {
          rmSync(work, { recursive: true, force: true });
        },
      });
    },
  };
}
