import type { LoadedPostbackProfile } from '../../profile/load-profile.js';
import { Secret } from '../../secrets/secret.js';
import { BodySigner, verifyBody } from '../../signing/body-signer.js';
import { isBuiltinScheme, SHARED_SECRET_SCHEMES } from '../../signing/builtin-schemes.js';
import type { SigningCredentials } from '../../signing/scheme.js';
import { testCredentials, testSigningKey } from '../../signing/test-keys.js';

export class SandboxConfigError extends Error {
  override readonly name = 'SandboxConfigError';
}

/**
 * The credentials the kit signs postbacks with, as the service (§2.5, §2.6): the sandbox toward the capture server,
 * certify-receiver toward a merchant's receiver. The given credentials (receiver.serviceSigningKey), else the test-only
 * service keys of fixtures/keys for asymmetric schemes and the profile's shared secret for hmac. They must verify under the key the
 * profile pins, or every postback check would fail for a reason that is not the target's.
 */
export function serviceSigner(
  profile: Pick<LoadedPostbackProfile, 'postbackVerification'>,
  given?: SigningCredentials,
): BodySigner {
  const { scheme, key, input } = profile.postbackVerification;
  let credentials = given;
  if (credentials === undefined) {
    if (!isBuiltinScheme(scheme.name))
      throw new SandboxConfigError(`the kit has no test-only service key for postback scheme ${scheme.name}`);
    if (SHARED_SECRET_SCHEMES.has(scheme.name)) {
      if (key.secret === undefined)
        throw new SandboxConfigError(`${scheme.name} postbacks need the shared secret (postbacks.verificationKey)`);
      credentials = { publicKey: key.publicKey, signingKey: key.secret };
    } else {
      credentials = { publicKey: key.publicKey, signingKey: testSigningKey('service', scheme.name) };
    }
  }
  const signer = new BodySigner(scheme, credentials, input);
  if (!verifyBody(signer.sign({ probe: 'service key' }), scheme, key, { input }).valid) {
    throw new SandboxConfigError(
      given === undefined
        ? `the kit's test-only ${scheme.name} service key (fixtures/keys) is not the key pair of postbacks.servicePublicKey`
        : 'the private key given is not the key pair of postbacks.servicePublicKey',
    );
  }
  return signer;
}

/** Another party with keys of its own, for the fault that signs postbacks with a foreign key. */
export function strangerSigner(profile: Pick<LoadedPostbackProfile, 'postbackVerification'>): BodySigner {
  const { scheme, input } = profile.postbackVerification;
  if (!isBuiltinScheme(scheme.name))
    return new BodySigner(
      scheme,
      { publicKey: 'stranger', signingKey: new Secret('stranger-secret-of-thirty-two-bytes!', 'stranger') },
      input,
    );
  return new BodySigner(scheme, testCredentials('stranger', scheme.name), input);
}
