/**
 * Why a client's request does not verify, in terms a developer can fix (§5.2, §5.3): a missing or foreign publicKey,
 * or which part of the signing input the client built otherwise than the profile states — the members it covered,
 * their canonical form, the hash's encoding — found by verifying the request under each other choice.
 */
import type { LoadedProfile } from '../profile/load-profile.js';
import { verifyBody } from '../signing/body-signer.js';
import { builtinScheme, isBuiltinScheme } from '../signing/builtin-schemes.js';
import { SIGNING_INPUT_CHOICES, sameSigningInput, type SigningInputSpec } from '../signing/signing-input.js';

/** undefined when the request verifies; else what is wrong with its signature. */
export function signatureProblem(
  body: Readonly<Record<string, unknown>>,
  bytes: Buffer,
  profile: LoadedProfile,
): string | undefined {
  const { requestSigner, merchantVerificationKey: key } = profile;
  const stated = requestSigner.input;
  const verdict = verifyBody(body, requestSigner.scheme, key, { input: stated, bytes });
  if (verdict.valid) return undefined;
  switch (verdict.reason) {
    case 'no-public-key':
      return 'no publicKey (§5.1: every request carries it)';
    case 'no-hash':
      return 'no hash (§5.1: every request carries it)';
    case 'unknown-public-key':
      return typeof body.publicKey === 'string' && body.publicKey.trim() === key.publicKey.trim()
        ? "publicKey is the key file's contents with its white space changed: §5.2 puts the entire file contents in it"
        : "publicKey is not the merchant's key (§5.2: the entire contents of the key file issued at registration)";
    case 'bad-signature':
      return otherInputThatVerifies(body, bytes, profile, stated);
  }
}

function otherInputThatVerifies(
  body: Readonly<Record<string, unknown>>,
  bytes: Buffer,
  profile: LoadedProfile,
  stated: SigningInputSpec,
): string {
  const name = profile.settings.signing.scheme;
  for (const input of SIGNING_INPUT_CHOICES) {
    // A custom scheme writes its own encoding: only the members and the form can differ.
    if (sameSigningInput(input, stated) || (!isBuiltinScheme(name) && input.hashEncoding !== stated.hashEncoding)) {
      continue;
    }
    const scheme = isBuiltinScheme(name) ? builtinScheme(name, input.hashEncoding) : profile.requestSigner.scheme;
    if (verifyBody(body, scheme, profile.merchantVerificationKey, { input, bytes }).valid) {
      return `the hash verifies over another signing input: ${differences(stated, input)}`;
    }
  }
  return (
    'the hash verifies under no signing input with the merchant key: signed with another key, or the body was ' +
    'changed after it was signed'
  );
}

function differences(stated: SigningInputSpec, used: SigningInputSpec): string {
  const parts: string[] = [];
  if (used.members !== stated.members) {
    parts.push(`members ${used.members} where the profile states ${stated.members}`);
  }
  if (used.canonicalForm !== stated.canonicalForm) {
    parts.push(`canonicalForm ${used.canonicalForm} where the profile states ${stated.canonicalForm}`);
  } else if (
    used.canonicalForm === 'sorted-compact' &&
    (used.nonAscii ?? 'escaped') !== (stated.nonAscii ?? 'escaped')
  ) {
    parts.push(
      `text beyond ASCII ${used.nonAscii ?? 'escaped'} where the profile states ${stated.nonAscii ?? 'escaped'} (nonAscii)`,
    );
  }
  if (used.hashEncoding !== stated.hashEncoding) {
    parts.push(`hashEncoding ${used.hashEncoding} where the profile states ${stated.hashEncoding}`);
  }
  return parts.join('; ');
}
