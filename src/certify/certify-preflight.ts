/**
 * What certify checks before a run is worth starting (design brief §5): the target answers, the credentials pass a
 * signed status check; each failure is one clear line (exit 2). Works on the profile certify loaded once.
 */
import { request } from 'undici';
import { describeTlsFailure, probeTls, targetDispatcher, type TlsSettings } from '../client/network.js';
import { CONTAINER_TARGET_PREFIX, imageOf } from '../container/target-name.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { type CertifyOptions, httpUrl } from './certify-args.js';
import { CertifyError } from './certify-error.js';
import { checkCredentials } from './credentials-check.js';
import { runWarnings } from './run-warnings.js';

/** Any HTTP answer means the target is there; no answer within the deadline means the run cannot be carried out. */
export async function assertReachable(target: URL, tls: TlsSettings | undefined): Promise<void> {
  const dispatcher = targetDispatcher(tls, 1);
  try {
    const response = await request(target, {
      dispatcher,
      method: 'GET',
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
      signal: AbortSignal.timeout(6_000),
    });
    await response.body.dump();
  } catch (error) {
    const reason =
      describeTlsFailure(error) ??
      (await probeTls(target, tls)) ??
      (error instanceof Error
        ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
        : String(error));
    throw new CertifyError(`cannot reach the target at ${target.origin}: ${reason}`);
  } finally {
    await dispatcher.close();
  }
}

/**
 * What must hold before a run is worth starting; each failure is one clear message. Returns the warnings the run
 * starts with (a user's usual mistakes on a target elsewhere).
 */
export async function preflight(options: CertifyOptions, profile: LoadedProfile): Promise<string[]> {
  const warnings = runWarnings(profile, options);
  if (options.target === undefined) return warnings;
  if (options.target.startsWith(CONTAINER_TARGET_PREFIX)) {
    // Reachable once started: startContainer waits for it, and the credentials are checked then.
    if (imageOf(options.target) === '') {
      throw new CertifyError('--target container: needs an image (e.g. container:payment-sandbox:local)');
    }
    return warnings;
  }
  await assertReachable(httpUrl('--target', options.target), profile.tls);
  return [...warnings, ...(await credentialsPreflight(options.target, profile))];
}

/** The signed status check of an unknown id: a 401 or no answer stops the run before any suite (exit 2). */
export async function credentialsPreflight(target: string, profile: LoadedProfile): Promise<string[]> {
  const check = await checkCredentials(target, profile);
  if (!check.ok) throw new CertifyError(check.message);
  return check.warning === undefined ? [] : [check.warning];
}
