/**
 * discover judges a service's postback signing input over its postbacks, not one of them: one Ed25519 signature in
 * sixteen has no '+' or '/', and then reads the same in base64 and base64url (padded), so one postback cannot tell
 * postbacks.hashEncoding. These cases sign postback bodies as a service would (text beyond ASCII in them, as discover
 * sends, tells the canonical forms apart) and give them to the judgement.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import { postbackSigningInputs, signingDecisions } from '../../src/discover/postback-signing.js';
import { kitPath } from '../../src/kit-root.js';
import { type LoadedProfile, loadProfile } from '../../src/profile/load-profile.js';
import type { Decision } from '../../src/discover/decision.js';
import { BodySigner } from '../../src/signing/body-signer.js';
import { Secret } from '../../src/secrets/secret.js';
import { builtinScheme } from '../../src/signing/builtin-schemes.js';
import { DEFAULT_SIGNING_INPUT, signingInputText } from '../../src/signing/signing-input.js';
import { sandboxProfileCopy, writeProfile } from '../../fixtures/self/profile-files.js';

const key = (name: string) => readFileSync(kitPath('fixtures', 'keys', name), 'utf8');
const service = (encoding: 'base64' | 'base64url') =>
  new BodySigner(
    builtinScheme('ed25519', encoding),
    {
      publicKey: key('service-ed25519.public.pem'),
      signingKey: new Secret(key('service-ed25519.private.pem'), 'test'),
    },
    { ...DEFAULT_SIGNING_INPUT, hashEncoding: encoding },
  );

function attempt(body: object): CheckedAttempt {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    attempt: {
      seq: 1,
      token: 'tok',
      path: '/pb/tok',
      n: 1,
      method: 'POST',
      headers: {},
      body: bytes.toString('base64'),
      bodyBytes: bytes.length,
      truncated: false,
      receivedAt: '2026-11-28T00:00:00.000Z',
      monoMs: 0,
      reply: { answer: 'status', status: 200 },
    },
    check: { kind: 'payment', status: 'SUCCESS', findings: [], signature: 'valid' },
  };
}

/** A signed postback whose hash does (or does not) read the same in base64 and base64url. */
function postback(signer: BodySigner, ambiguous: boolean): CheckedAttempt {
  for (let n = 0; n < 2000; n++) {
    const signed = signer.sign({ paymentId: `p-${n}`, status: 'SUCCESS', amount: 10, merchantUserId: 'Zoë Ωμέγα' });
    if (/[+/_-]/.test(signed.hash) !== ambiguous) return attempt(signed);
  }
  throw new Error('no such signature in 2000 bodies');
}

/** The decisions the postbacks lead to; a judgement that failed throws its reason. */
function decisionsOf(profile: LoadedProfile, attempts: readonly CheckedAttempt[]): Decision[] {
  const inputs = postbackSigningInputs(profile, attempts);
  if (typeof inputs === 'string') throw new Error(inputs);
  return signingDecisions(inputs, []);
}

async function ed25519Profile(file: string) {
  const profile = sandboxProfileCopy();
  const postbacks = {
    ...profile.postbacks,
    scheme: 'ed25519',
    servicePublicKey: { file: kitPath('fixtures', 'keys', 'service-ed25519.public.pem') },
  };
  return loadProfile(writeProfile(file, { ...profile, postbacks } as typeof profile));
}

test('one postback whose hash reads the same in base64 and base64url leaves postbacks.hashEncoding open', async ({}, testInfo) => {
  const profile = await ed25519Profile(testInfo.outputPath('profile.json'));
  const decisions = decisionsOf(profile, [postback(service('base64'), true)]);
  const encoding = decisions.find((d) => d.key === 'postbacks.hashEncoding');
  expect(encoding?.value, JSON.stringify(encoding)).toBeUndefined();
  expect(encoding?.why).toContain('several signing inputs');
  expect(decisions.find((d) => d.key === 'postbacks.canonicalForm')?.value).toBe('jcs');
});

for (const encoding of ['base64', 'base64url'] as const) {
  test(`a second postback decides postbacks.hashEncoding ${encoding}, whichever comes first`, async ({}, testInfo) => {
    const profile = await ed25519Profile(testInfo.outputPath('profile.json'));
    const signer = service(encoding);
    for (const order of [
      [postback(signer, true), postback(signer, false)],
      [postback(signer, false), postback(signer, true)],
    ]) {
      const hashEncoding = decisionsOf(profile, order).find((d) => d.key === 'postbacks.hashEncoding');
      expect(hashEncoding?.value, JSON.stringify(hashEncoding)).toBe(encoding);
    }
  });
}

test('postbacks that share no signing input are a service signing more than one way, not a guess', async ({}, testInfo) => {
  const profile = await ed25519Profile(testInfo.outputPath('profile.json'));
  const inputs = postbackSigningInputs(profile, [
    postback(service('base64'), false),
    postback(service('base64url'), false),
  ]);
  expect(inputs).toEqual(expect.stringContaining('signs its postbacks more than one way'));
  expect(inputs).toEqual(expect.stringContaining(signingInputText({ ...DEFAULT_SIGNING_INPUT })));
});
