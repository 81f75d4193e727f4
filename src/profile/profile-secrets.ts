import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Profile, SecretSource } from '../../generated/profile/profile.gen.js';
import { readSecretSource } from './sources.js';

/** Where a profile names a secret (schemas/profile: every `SecretSource`). */
function secretSourcesOf(profile: Partial<Profile>): [string, unknown][] {
  return [
    ['signing.signingKey', profile.signing?.signingKey],
    ['postbacks.verificationKey', profile.postbacks?.verificationKey],
    ['control.token', profile.control?.token],
    ['receiver.serviceSigningKey', profile.receiver?.serviceSigningKey],
    ...Object.entries(profile.receiver?.readBack?.headers ?? {}).map(([name, source]): [string, unknown] => [
      `receiver.readBack.headers.${name}`,
      source,
    ]),
  ];
}

/**
 * Reads every secret a profile names, so that redaction knows them, synchronously and without validating anything:
 * Playwright calls its reporters synchronously, and a reporter must be able to scrub the first failure it sees. A
 * profile or a source that cannot be read is skipped here; loadProfile refuses it with the reason.
 */
export function rememberProfileSecrets(profileFile: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(profileFile, 'utf8'));
  } catch {
    return;
  }
  if (typeof parsed !== 'object' || parsed === null) return;
  // Unvalidated: any member may be missing or of another type, hence the checks below.
  const profile = parsed as Partial<Profile>;
  const baseDir = path.dirname(path.resolve(profileFile));
  for (const [field, source] of secretSourcesOf(profile)) {
    if (typeof source !== 'object' || source === null) continue;
    try {
      // The Secret registers its value for redaction as it is made.
      readSecretSource(source as SecretSource, baseDir, field);
    } catch {
      // Unreadable: the run is refused before it starts (certify's preflight loads the profile).
    }
  }
}
