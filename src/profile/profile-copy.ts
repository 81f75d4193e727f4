import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Profile } from '../../generated/profile/profile.gen.js';
import type { ServiceProfile } from './load-profile.js';

/**
 * A service profile file's settings with every `file` source (keys, secrets) and every custom signing `module` made
 * absolute from the profile's folder, so that a changed copy can live anywhere (a run's variant with another capture port, a test's profile). Not validated: the
 * copy is loaded like any profile.
 */
export function profileWithAbsolutePaths(file: string): ServiceProfile {
  const base = path.dirname(path.resolve(file));
  const absolute = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(absolute);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        (key === 'file' || key === 'module') && typeof value === 'string' ? path.resolve(base, value) : absolute(value),
      ]),
    );
  };
  return absolute(JSON.parse(readFileSync(file, 'utf8'))) as ServiceProfile;
}

/** A copy of a profile with `change` applied, written to a new temporary folder; returns the copy's path. */
export function writeProfileVariant(file: string, name: string, change: (profile: ServiceProfile) => Profile): string {
  const copy = path.join(mkdtempSync(path.join(tmpdir(), 'kit-profile-')), `${name}.json`);
  writeFileSync(copy, `${JSON.stringify(change(profileWithAbsolutePaths(file)), null, 2)}\n`);
  return copy;
}
