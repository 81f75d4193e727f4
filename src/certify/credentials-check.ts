/**
 * The credentials preflight (issue 16, design brief §5): before any suite, one signed status check of an id no
 * payment has. A 404 says the target reads the kit's signature; a 401 says every signed check would fail for the same
 * reason, which one line names instead of a report full of 401s; no answer says the run cannot be carried out.
 */
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../client/api-client.js';
import { TransportError } from '../client/transport.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { pemNewlineHint } from '../signing/pem-newline.js';

/** The preflight's one request answers within this, or the run stops: a wrong key is told in under 10 s. */
export const PREFLIGHT_TIMEOUT_MS = 8_000;

/** undici's and OpenSSL's codes for a TLS handshake that failed. */
const TLS_FAILURE = /CERT|TLS|SSL|SELF_SIGNED|EPROTO/i;

export type CredentialsCheck =
  | { readonly ok: true; readonly status: number; readonly warning?: string }
  /** `status` is the target's answer when it refused the credentials (401); absent when there was no answer. */
  | { readonly ok: false; readonly message: string; readonly status?: number };

/** What a 401 code of §7 most likely means for a kit that signs with the profile's settings. */
const CAUSES: Readonly<Record<string, string>> = {
  NO_KEY:
    'the publicKey the kit sends (signing.publicKey) is not one the target knows: register it for the merchant, ' +
    'or point signing.publicKey at the key that is registered',
  UNAUTHORIZED:
    'the target knows the publicKey but the hash does not verify: the key pair (signing.signingKey is not the ' +
    "publicKey's private key), the scheme (signing.scheme) or the signing input (signing.members, " +
    "signing.canonicalForm, signing.hashEncoding) differ from the target's; npm run discover probes the signing input",
  NO_LOGIN:
    'the target sees no publicKey in the body: its path or method may be another operation (operations.paymentStatus)',
  NO_TOKEN:
    'the target sees no hash in the body: its path or method may be another operation (operations.paymentStatus)',
};

export async function checkCredentials(targetUrl: string, profile: LoadedProfile): Promise<CredentialsCheck> {
  const timeoutMs = Math.min(PREFLIGHT_TIMEOUT_MS, profile.settings.timing.requestTimeoutMs);
  const api = new ApiClient({ baseUrl: targetUrl, profile, connections: 1 });
  const { method = 'POST', path } = profile.settings.operations.paymentStatus;
  const where = `${method} ${new URL(targetUrl).origin}${path}`;
  try {
    const exchange = await api.dispatch(api.prepare('paymentStatus', { paymentId: randomUUID() }), { timeoutMs });
    const code = errorCode(exchange.json);
    if (exchange.status === 401) {
      const cause =
        (CAUSES[code ?? ''] ?? 'the target refuses the credentials of the profile (signing)') +
        (code === 'UNAUTHORIZED' ? '' : pemNewlineHint(profile.requestSigner.publicKey, 'signing.publicKey'));
      return {
        ok: false,
        status: 401,
        message: `the credentials preflight got 401 ${code ?? '(no §7 error code)'} from ${where}: ${cause}`,
      };
    }
    if (exchange.status === 404 || exchange.status === 200) return { ok: true, status: exchange.status };
    // Anything else is for the suites to judge (a wrong path shows there too); the run goes on, told why.
    return {
      ok: true,
      status: exchange.status,
      warning:
        `the credentials preflight's signed status check of an unknown id got ${exchange.status}` +
        `${code === undefined ? '' : ` ${code}`} from ${where}, not 404: check operations.paymentStatus and the signing settings if many checks fail`,
    };
  } catch (error) {
    if (error instanceof TransportError) {
      const what = error.kind === 'timeout' ? 'no answer in time' : 'no connection';
      const tls = TLS_FAILURE.test(error.message)
        ? " (a TLS failure: this machine does not trust the target's certificate; NODE_EXTRA_CA_CERTS can name its CA)"
        : '';
      return { ok: false, message: `the credentials preflight got ${what}: ${error.message}${tls}` };
    }
    return {
      ok: false,
      message: `the credentials preflight could not send its request to ${where}: ${messageOf(error)}`,
    };
  } finally {
    await api.close();
  }
}

function errorCode(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { error } = json as { error?: unknown };
  return typeof error === 'string' ? error : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
