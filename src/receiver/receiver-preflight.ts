/**
 * Before any suite of certify-receiver: one correctly signed SUCCESS postback of a throwaway payment, by POST, the way
 * every check will send them (§4.6, §5.3). A receiver that does not answer it, or refuses it as unauthenticated, would
 * turn every check into the same failure after minutes; the run stops at once with the likely cause instead (exit 2).
 * Any other answer is the suites' to judge (a 204 is RECEIVER-ACK-PAYMENT-SUCCESS's finding, not a setup problem).
 */
import { randomUUID } from 'node:crypto';
import { getContract } from '../contract/contract.js';
import type { LoadedPostbackProfile } from '../profile/load-profile.js';
import { redactSecrets } from '../secrets/redaction.js';
import { canonicalJson } from '../signing/canonical-json.js';
import { deliver } from './postback-sender.js';
import type { ReceiverSettings } from './receiver-settings.js';

/**
 * How long the preflight waits for an answer (unless the profile's receiver.timeoutMs is longer): long enough for a
 * receiver that answers, but too slowly (a finding of the suites, not a setup problem), short enough that a receiver
 * that never answers stops the run within 15 s.
 */
export const PREFLIGHT_WAIT_MS = 13_000;

/** The receiver's answer, as quoted in the one line. */
const QUOTED_CHARS = 160;

/** A §2.5 SUCCESS postback of a payment that exists nowhere else: ids a merchant can recognise and ignore. */
function throwawayPayment(): Record<string, unknown> {
  const id = `kit-preflight-${randomUUID()}`;
  return {
    id,
    status: 'SUCCESS',
    failedCode: null,
    paymentMethodId: 'kit-preflight',
    amount: 1,
    currency: 'USD',
    clientFieldsValues: [],
    merchantPaymentId: id,
    createdAt: new Date().toISOString(),
  };
}

function quoted(answer: string): string {
  const text = redactSecrets(answer.replace(/\s+/g, ' ').trim());
  return text === ''
    ? 'an empty body'
    : JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
}

/** What the profile says the receiver verifies, for the message about a refusal. */
function signingInputOf(profile: LoadedPostbackProfile): string {
  const { scheme, input } = profile.postbackVerification;
  const nonAscii = input.canonicalForm === 'sorted-compact' ? `, nonAscii ${input.nonAscii}` : '';
  return `${scheme.name} over ${input.members}, canonicalForm ${input.canonicalForm}${nonAscii}, hashEncoding ${input.hashEncoding}`;
}

/**
 * Sends the throwaway postback; undefined when the receiver took it in a way the suites can judge, else the one line
 * that says why the run cannot be carried out.
 */
export async function receiverPreflight(
  url: string,
  settings: ReceiverSettings,
  profile: LoadedPostbackProfile,
): Promise<string | undefined> {
  const body = settings.service.sign(throwawayPayment());
  const validation = getContract().validate('postbacks/payment-postback', body);
  if (!validation.ok && validation.findings.some((f) => f.severity === 'error')) {
    return `the kit built a preflight postback its own schema refuses: ${JSON.stringify(validation.findings)}`;
  }
  const timeoutMs = Math.max(settings.timeoutMs, PREFLIGHT_WAIT_MS);
  const delivery = await deliver(url, canonicalJson(body), timeoutMs);
  const { status } = delivery;
  if (status === undefined) {
    return (
      `the receiver at ${url} did not answer a signed postback (POST) within ${timeoutMs} ms: ${delivery.answer}. ` +
      'Is it the URL postbacks are POSTed to, and is the receiver running?'
    );
  }
  if (status === 401 || status === 403) {
    return (
      `the receiver at ${url} refused a correctly signed postback with ${status} (${quoted(delivery.answer)}): it likely ` +
      "does not pin the kit's service key (postbacks.servicePublicKey, whose private key the kit signs with: " +
      'receiver.serviceSigningKey), or verifies another signing input or encoding than the profile states ' +
      `(${signingInputOf(profile)})`
    );
  }
  if (status === 404 || status === 405) {
    return (
      `the receiver at ${url} answered a postback (POST) with ${status} (${quoted(delivery.answer)}): it takes no ` +
      'postbacks there; give the URL the service POSTs them to (--receiver, receiver.url)'
    );
  }
  return undefined;
}
