/**
 * A user's usual mistakes when pointing the kit at an environment of someone else's (issue 16): told at the top of
 * the run and in the report, never a reason to stop (the run may still be what the user wants).
 */
import type { LoadedProfile } from '../profile/load-profile.js';

/** Above this rate on a target elsewhere, the cap is most likely a local sandbox's value left in place. */
export const REMOTE_RATE_WARNING = 50;

export interface RunSetting {
  /** The target's URL; undefined for the embedded sandbox. */
  readonly target: string | undefined;
  readonly captureHost: string | undefined;
  readonly capturePublicUrl: string | undefined;
}

/** Whether a host name is this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare.endsWith('.localhost');
}

export function runWarnings(profile: LoadedProfile, setting: RunSetting): string[] {
  if (setting.target === undefined) return [];
  // Said wherever the target is: a run that checked no certificate proves nothing of the target's TLS.
  const tls = profile.tls?.verify === false ? ["tls.verify is false: the target's certificate was not checked"] : [];
  return [...tls, ...elsewhereWarnings(profile, setting)];
}

function elsewhereWarnings(profile: LoadedProfile, setting: RunSetting): string[] {
  if (setting.target === undefined) return [];
  let host: string;
  try {
    const url = new URL(setting.target);
    // A container target runs on this machine (host networking); only an http(s) URL can be elsewhere.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    host = url.hostname;
  } catch {
    return [];
  }
  if (isLoopback(host)) return [];
  const warnings: string[] = [];
  const { safety, capabilities } = profile.settings;
  const captureHost = setting.captureHost ?? '127.0.0.1';
  if (capabilities.postbackDelivery && setting.capturePublicUrl === undefined && isLoopback(captureHost)) {
    warnings.push(
      `the target ${host} is not on this machine, but the capture server listens on ${captureHost} with no ` +
        '--capture-public-url: the target cannot post to it, and every postback check will wait in vain. Give a ' +
        'URL the target reaches (README: "Make the capture URL reachable from the provider").',
    );
  }
  if (safety.allowPayouts) {
    warnings.push(
      `payouts are allowed (safety.allowPayouts) on ${host}, a target elsewhere: make sure no money moves there, ` +
        'or set safety.allowPayouts to false.',
    );
  }
  if (safety.requestsPerSecond > REMOTE_RATE_WARNING) {
    warnings.push(
      `safety.requestsPerSecond is ${safety.requestsPerSecond} on ${host}, a target elsewhere: a sandbox or ` +
        "staging there is usually rate-limited; state its limit (the kit's bench: a certification at 5 requests/s).",
    );
  }
  return warnings;
}
