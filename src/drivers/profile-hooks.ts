/**
 * The provider's test helpers of a profile (outcomes.httpHooks) as a HookClient: their headers, the profile's TLS and
 * timeout, bodies signed as the API's where a hook says `signed`, and the records a template's {{payment.MEMBER}} or
 * {{complaint.MEMBER}} reads through the status checks (§4.3, §4.5).
 */
import type { ApiClient } from '../client/api-client.js';
import { serializeBody } from '../client/prepared-request.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { HookClient } from './hook-client.js';

function recordOf(json: unknown, status: number): Readonly<Record<string, unknown>> | undefined {
  return status === 200 && typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : undefined;
}

/** Undefined when the profile names no helpers. */
export function profileHooks(profile: LoadedProfile, baseUrl: string, api: ApiClient): HookClient | undefined {
  const hooks = profile.settings.outcomes?.httpHooks;
  if (hooks === undefined) return undefined;
  return new HookClient({
    baseUrl,
    hooks,
    headers: profile.hookHeaders,
    tls: profile.tls,
    timeoutMs: profile.settings.timing.requestTimeoutMs,
    paced: () => api.paced(),
    signBody: (body) => serializeBody(profile.requestSigner.sign(body)),
    records: {
      payment: async (paymentId) => {
        const exchange = await api.paymentStatus({ paymentId });
        return recordOf(exchange.json, exchange.status);
      },
      complaint: async (id) => {
        const exchange = await api.complaintStatus({ id });
        return recordOf(exchange.json, exchange.status);
      },
    },
  });
}
