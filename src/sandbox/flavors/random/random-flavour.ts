import { writeFileSync } from 'node:fs';
import type { Profile } from '../../../../generated/profile/profile.gen.js';
import type { FlavorSpec } from '../flavors.js';
import { drawRandom, type RandomDraw } from './random-draw.js';
import { randomMagicRules } from './random-magic.js';
import { randomProfile } from './random-profile.js';
import { Prng } from './prng.js';

/**
 * The random flavour (`npm run sandbox -- --flavor random --seed N`): a service that drew, from a seed, every choice
 * the interface leaves to a provider among its legal values, and the profile that states them as its merchant would,
 * so that CI can certify several seeds and show the kit raises no false alarm whatever a conformant provider chose.
 * Modelled on the foreign flavour: no control API, a real clock, test helpers under their own path and header,
 * magic values, another client of the same merchant.
 */
export interface RandomFlavour {
  readonly draw: RandomDraw;
  readonly profile: Profile;
  /** For startSandbox's `spec`, with the profile loaded from the file it was written to. */
  readonly spec: FlavorSpec;
}

export function randomFlavour(seed: number, profileFile = ''): RandomFlavour {
  const draw = drawRandom(seed);
  const chance = new Prng(draw.runSeed);
  const spec: FlavorSpec = {
    profileFile,
    methods: draw.methods.methods,
    controlApi: false,
    // Without a control API nobody can jump a virtual clock: its time is the wall's.
    clock: 'real',
    backgroundPerSecond: draw.backgroundPerSecond,
    magic: randomMagicRules(draw.magic, draw.plain),
    helpers: draw.helpers.api,
    helperKey: draw.helpers.key,
    recordStyle: draw.conventions.recordStyle,
    pagesBasePath: draw.pagesBasePath,
    random: () => chance.next(),
  };
  return { draw, profile: randomProfile(draw), spec };
}

/** Writes the flavour's profile to `file` (JSON, two-space indented) and returns the flavour. */
export function writeRandomFlavour(seed: number, file: string): RandomFlavour {
  const flavour = randomFlavour(seed, file);
  writeFileSync(file, `${JSON.stringify(flavour.profile, null, 2)}\n`, 'utf8');
  return flavour;
}
