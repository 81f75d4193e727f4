import type { LoadedPostbackProfile } from '../profile/load-profile.js';

/**
 * Why the embedded reference receiver (examples/receivers) cannot stand in for the merchant's under this profile, or
 * undefined when it can: it verifies what a merchant copying it verifies — an RSA or Ed25519 service key over the
 * design brief's default signing input (RFC 8785 of the body without hash, base64).
 */
export function embeddedReceiverProblem(profile: LoadedPostbackProfile): string | undefined {
  const { scheme, input } = profile.postbackVerification;
  const { postbacks } = profile.settings;
  const defaultInput =
    input.members === 'all-but-hash' && input.canonicalForm === 'jcs' && input.hashEncoding === 'base64';
  if ((postbacks.scheme === 'rsa-sha256' || postbacks.scheme === 'ed25519') && defaultInput) return undefined;
  return (
    `the embedded reference receiver verifies rsa-sha256 or ed25519 over the default signing input, and this ` +
    `profile's postbacks use ${scheme.name} (${input.members}, ${input.canonicalForm}, ${input.hashEncoding}): ` +
    'give your receiver with --receiver URL (or receiver.url)'
  );
}
