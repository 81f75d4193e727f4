import { kitPath } from '../../kit-root.js';
import type { ClockMode } from '../clock/sandbox-clock.js';
import { type SandboxMethod, SANDBOX_METHODS } from '../config/payment-methods.js';
import type { RecordStyle } from '../domain/record-style.js';
import { FOREIGN_HELPERS, type HelperApi, REFERENCE_HELPERS } from '../helpers/helper-routes.js';
import { FOREIGN_METHODS } from './foreign-methods.js';
import { FOREIGN_MAGIC, type MagicRules, REFERENCE_MAGIC } from './magic-rules.js';

/**
 * What the sandbox is: the reference (the kit's own decisions for everything the interface leaves open, with a control
 * API and a virtual clock), or the foreign flavour, an independent-looking service that made the other legal choices
 * (design brief §8): its own paths and signing input, seconds in the list, its page sizes, another check order, no
 * control API, a real clock, two payment methods, and other traffic of the same merchant while the kit runs. Which
 * conventions it follows comes from its profile (profiles/foreign-sandbox.json); the rest is here. The random flavour
 * (random/random-flavour.ts) is a FlavorSpec drawn from a seed, with the profile it writes, given to startSandbox as
 * its `spec`.
 */
export type SandboxFlavor = 'reference' | 'foreign';

export const SANDBOX_FLAVORS: readonly SandboxFlavor[] = ['reference', 'foreign'];

export interface FlavorSpec {
  /** The profile it runs with when none is given. */
  readonly profileFile: string;
  readonly methods: readonly SandboxMethod[];
  /** Whether it serves the control API (and the pay page behind formUrl) under the profile's control.basePath. */
  readonly controlApi: boolean;
  /** The clock it must run on; undefined when either will do. */
  readonly clock: ClockMode | undefined;
  /** Payments a second that another client of the merchant creates by default (0: none). */
  readonly backgroundPerSecond: number;
  /** What it documents for payments that settle by themselves. */
  readonly magic: MagicRules;
  /** Its test-helper endpoints; served when the profile names a key for their header (outcomes.httpHooks.headers). */
  readonly helpers: HelperApi;
  /** The value its helpers' header must have, when the flavour documents it itself (else the profile's). */
  readonly helperKey?: string;
  /** How its records write createdAt and order clientFieldsValues (default the sandbox's own). */
  readonly recordStyle?: RecordStyle;
  /** Without a control API: where it serves the payment page behind formUrl and media, with no token. */
  readonly pagesBasePath?: string;
  /** Its source of chance while it runs (the retries' jitter); default node:crypto's. */
  readonly random?: () => number;
}

export const FLAVORS: Readonly<Record<SandboxFlavor, FlavorSpec>> = {
  reference: {
    profileFile: kitPath('profiles', 'sandbox.json'),
    methods: SANDBOX_METHODS,
    controlApi: true,
    clock: undefined,
    backgroundPerSecond: 0,
    magic: REFERENCE_MAGIC,
    helpers: REFERENCE_HELPERS,
  },
  foreign: {
    profileFile: kitPath('profiles', 'foreign-sandbox.json'),
    methods: FOREIGN_METHODS,
    controlApi: false,
    // Without a control API nobody can jump a virtual clock: its time is the wall's.
    clock: 'real',
    backgroundPerSecond: 4,
    magic: FOREIGN_MAGIC,
    helpers: FOREIGN_HELPERS,
  },
};

export function isSandboxFlavor(name: string): name is SandboxFlavor {
  return (SANDBOX_FLAVORS as readonly string[]).includes(name);
}
