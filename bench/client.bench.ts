/**
 * Client overhead (issue 10, figure 2): the kit's request pipeline (build the fields, sign, send, validate the answer
 * against its schema) against a raw undici loop sending one pre-signed body, both to the same sandbox endpoint, in
 * the same run, with the same concurrency. The profile's rate cap is lifted for both: the cap is a safety setting,
 * not the pipeline's cost.
 */
import { ApiClient } from '../src/client/api-client.js';
import { getContract } from '../src/contract/contract.js';
import { kitPath } from '../src/kit-root.js';
import { loadProfile, type LoadedProfile } from '../src/profile/load-profile.js';
import { startChildServer } from './lib/child-server.js';
import type { Figure } from './lib/figure.js';
import { payInFields, signedPayInBody } from './lib/pay-in.js';
import { runLoad } from './lib/load.js';
import { sandboxProfileVariant } from './lib/profile-variant.js';

const CONCURRENCY = 16;
const WARMUP_MS = 1_000;
const DURATION_MS = 4_000;

const KEY_NAME = { 'rsa-sha256': 'rsa', ed25519: 'ed25519' } as const;

function profileFor(scheme: 'rsa-sha256' | 'ed25519'): string {
  return sandboxProfileVariant(`sandbox-${scheme}-uncapped`, (profile) => ({
    ...profile,
    safety: { ...profile.safety, requestsPerSecond: 1_000_000 },
    // Each scheme stated: the default profile's is ed25519 (issue 39), RSA the one most providers use.
    signing: {
      scheme,
      publicKey: { file: kitPath('fixtures', 'keys', `merchant-${KEY_NAME[scheme]}.public.pem`) },
      signingKey: { file: kitPath('fixtures', 'keys', `merchant-${KEY_NAME[scheme]}.private.pem`) },
    },
    postbacks: {
      scheme,
      servicePublicKey: { file: kitPath('fixtures', 'keys', `service-${KEY_NAME[scheme]}.public.pem`) },
    },
  }));
}

/** The kit's pipeline in a closed loop: what a conformance test does for each request. */
async function pipelineLoad(url: string, profile: LoadedProfile): Promise<{ perSecond: number; errors: number }> {
  const api = new ApiClient({ baseUrl: url, profile, connections: CONCURRENCY });
  const contract = getContract();
  let done = 0;
  let errors = 0;
  let measuring = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const exchange = await api.createPayIn(payInFields(profile));
      const ok = exchange.status === 200 && contract.validate('payments/create-payment.response', exchange.json).ok;
      if (!measuring) continue;
      if (ok) done++;
      else errors++;
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  measuring = true;
  const from = performance.now();
  stopAt = from + DURATION_MS;
  await Promise.all(workers);
  const seconds = (performance.now() - from) / 1000;
  await api.close();
  return { perSecond: done / seconds, errors };
}

async function overhead(scheme: 'rsa-sha256' | 'ed25519', target: boolean): Promise<Figure> {
  const file = profileFor(scheme);
  const profile = await loadProfile(file);
  const sandbox = await startChildServer(['dist/scripts/sandbox.js', '--port', '0', '--profile', file]);
  try {
    const body = await signedPayInBody(profile);
    const raw = await runLoad({
      url: sandbox.url,
      path: profile.settings.operations.createPayIn.path,
      body,
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
      expectStatus: 200,
    });
    const kit = await pipelineLoad(sandbox.url, profile);
    const ratio = kit.perSecond / raw.perSecond;
    return {
      name: `client pipeline (build, sign, send, validate), ${scheme}`,
      value: Math.round(kit.perSecond),
      unit: 'req/s',
      baseline: { name: 'raw undici loop, pre-signed body, same endpoint', value: Math.round(raw.perSecond) },
      ratio: Math.round(ratio * 100) / 100,
      target: target ? 'ratio >= 0.5' : 'reported',
      met: (!target || ratio >= 0.5) && kit.errors === 0 && raw.errors === 0,
      notes: `${CONCURRENCY} in flight, ${DURATION_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up; errors ${kit.errors} / ${raw.errors}`,
    };
  } finally {
    await sandbox.stop();
  }
}

export async function benchClient(): Promise<Figure[]> {
  return [await overhead('ed25519', true), await overhead('rsa-sha256', false)];
}
