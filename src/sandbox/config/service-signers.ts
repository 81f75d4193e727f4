import { readFileSync } from 'node:fs';
import { kitPath } from '../../kit-root.js';
import type { LoadedPostbackProfile } from '../../profile/load-profile.js';
import { Secret } from '../../secrets/secret.js';
import { BodySigner, verifyBody } from '../../signing/body-signer.js';
import type { SigningCredentials } from '../../signing/scheme.js';

export class SandboxConfigError extends Error {
  override readonly name = 'SandboxConfigError';
}

function testKey(file: string): Secret {
  return new Secret(readFileSync(kitPath('fixtures', 'keys', file), 'utf8'), `fixtures/keys/${file}`);
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
    if (scheme.name === 'rsa-sha256')
      credentials = { publicKey: key.publicKey, signingKey: testKey('service-rsa.private.pem') };
    else if (scheme.name === 'ed25519')
      credentials = { publicKey: key.publicKey, signingKey: testKey('service-ed25519.private.pem') };
    else if (scheme.name === 'hmac-sha256' && key.secret !== undefined)
      credentials = { publicKey: key.publicKey, signingKey: key.secret };
    else throw new SandboxConfigError(`the kit has no test-only service key for postback scheme ${scheme.name}`);
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
  const files: Record<string, [string, string]> = {
    'rsa-sha256': ['stranger-rsa.public.pem', 'stranger-rsa.private.pem'],
    ed25519: ['stranger-ed25519.public.pem', 'stranger-ed25519.private.pem'],
    'hmac-sha256': ['', 'stranger-hmac.secret'],
  };
  const pair = files[scheme.name];
  if (pair === undefined)
    return new BodySigner(
      scheme,
      { publicKey: 'stranger', signingKey: new Secret('stranger-secret-of-thirty-two-bytes!', 'stranger') },
      input,
    );
  const [publicFile, secretFile] = pair;
  const publicKey =
    publicFile === '' ? 'stranger-hmac-key-1' : readFileSync(kitPath('fixtures', 'keys', publicFile), 'utf8');
  const secret = testKey(secretFile);
  return new BodySigner(
    scheme,
    {
      publicKey,
      signingKey:
        scheme.name === 'hmac-sha256' ? new Secret(secret.reveal().replace(/\n$/, ''), secret.origin) : secret,
    },
    input,
  );
}
