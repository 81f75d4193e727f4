import type { Profile } from '../../generated/profile/profile.gen.js';
import type { ServiceProfile } from '../../src/profile/load-profile.js';
import { kitPath } from '../../src/kit-root.js';
import { writeProfileVariant } from '../../src/profile/profile-copy.js';

/** profiles/sandbox.json with file paths made absolute and `change` applied, written to a temporary file. */
export function sandboxProfileVariant(name: string, change: (profile: ServiceProfile) => Profile): string {
  return profileVariant('sandbox.json', name, change);
}

/** A profile of profiles/ with file paths made absolute and `change` applied, written to a temporary file. */
export function profileVariant(source: string, name: string, change: (profile: ServiceProfile) => Profile): string {
  return writeProfileVariant(kitPath('profiles', source), name, change);
}

/** The sandbox profile with hmac-sha256 requests and postbacks, keyed with the test-only secrets of fixtures/keys. */
export function hmacProfile(): string {
  return sandboxProfileVariant('sandbox-hmac', (profile) => ({
    ...profile,
    name: 'sandbox-hmac',
    signing: {
      scheme: 'hmac-sha256',
      publicKey: { value: 'merchant-hmac-key-1' },
      signingKey: { file: kitPath('fixtures', 'keys', 'merchant-hmac.secret') },
    },
    postbacks: {
      scheme: 'hmac-sha256',
      servicePublicKey: { value: 'service-hmac-key-1' },
      verificationKey: { file: kitPath('fixtures', 'keys', 'service-hmac.secret') },
    },
  }));
}
