/**
 * Before any suite of certify-receiver: one correctly signed SUCCESS postback of a throwaway payment, by POST, the way
 * every check will send them (§4.6, §5.3). A receiver that does not answer it within its timeout (and whose state,
 * where the profile reads it back, does not show it either), or refuses it as unauthenticated, would turn every check
 * into the same failure after minutes; the run stops at once with the likely cause instead (exit 2). Any other answer,
 * and a slow one the merchant's state shows was taken, is the suites' to judge (a 204 or a late 200 is
 * RECEIVER-ACK-PAYMENT-SUCCESS's finding, not a setup problem).
 */
import { probeTls } from '../client/network.js';
import { randomUUID } from 'node:crypto';
import { getContract } from '../contract/contract.js';
import type { LoadedPostbackProfile } from '../profile/load-profile.js';
import { redactSecrets } from '../secrets/redaction.js';
import { canonicalJson } from '../signing/canonical-json.js';
import { interfaceStatus } from './merchant-state.js';
import { atStatePointer, fillStatePointer } from './state-pointer.js';
import { type ExpectedPayment, type ExpectedPayments, expectPayment, newRunId } from './expected-payments.js';
import { deliver, readState } from './postback-sender.js';
import { pemNewlineHint } from '../signing/pem-newline.js';
import { readBackHeaders, readBackUrl, type ReceiverSettings } from './receiver-settings.js';
import type { KitService } from './service-created.js';

/**
 * The longest the preflight waits for an answer: the profile's receiver.timeoutMs, never more than this, so that a
 * receiver that never answers stops the run within 15 s of its start.
 */
export const PREFLIGHT_WAIT_MS = 12_000;

/**
 * The least it waits. The preflight asks whether the shop is there and takes postbacks, not whether it is quick: the
 * profile's timeoutMs is judged by the RECEIVER-ACK-* tests, each answer against it. A one-second bound on a machine
 * busy with other runs once stopped a correct shop's whole certification as a setup error (CI of 20945cf, issue 39).
 */
export const PREFLIGHT_LEAST_WAIT_MS = 5_000;

/** How long the preflight waits for each answer of the shop. */
export const preflightWaitMs = (settings: Pick<ReceiverSettings, 'timeoutMs'>): number =>
  Math.min(Math.max(settings.timeoutMs, PREFLIGHT_LEAST_WAIT_MS), PREFLIGHT_WAIT_MS);

/** The receiver's answer, as quoted in the one line. */
const QUOTED_CHARS = 160;

/**
 * A §2.5 SUCCESS postback of a payment that exists nowhere else: ids a merchant can recognise and ignore; the payment
 * the profile states where the shop is made to expect it (its checks compare them).
 */
function throwawayPayment(expected: ExpectedPayments | undefined): Record<string, unknown> {
  const id = `${newRunId()}-preflight`;
  const stated = expected?.payment ?? {};
  return {
    id,
    status: 'SUCCESS',
    failedCode: null,
    paymentMethodId: stated.paymentMethodId ?? 'kit-preflight',
    amount: stated.amount ?? 1,
    currency: stated.currency ?? 'USD',
    clientFieldsValues: [],
    merchantPaymentId: id,
    merchantUserId: stated.merchantUserId ?? 'kit-preflight',
    createdAt: new Date().toISOString(),
  };
}

function quoted(answer: string): string {
  const text = redactSecrets(answer.replace(/\s+/g, ' ').trim());
  return text === ''
    ? 'an empty body'
    : JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
}

/** Whether the merchant's read-back shows the throwaway payment recorded SUCCESS (false without a payment read-back). */
async function recorded(url: string, settings: ReceiverSettings, body: Record<string, unknown>): Promise<boolean> {
  const target = settings.readBack?.payment;
  // A shop that keeps no status (a wallet) cannot show this one payment was taken.
  if (target === undefined || target.statusAt === null) return false;
  const filled = readBackUrl(target.url, 'payment', body, url);
  const pointer = fillStatePointer(target.statusAt, body);
  if ('missing' in filled || 'missing' in pointer) return false;
  const answer = await readState(filled.url, readBackHeaders(settings.readBack), PREFLIGHT_WAIT_MS, settings.network);
  // Its record, not any 200: the status the shop recorded for it, in the shop's words, is SUCCESS.
  const word = atStatePointer(answer.json, pointer.pointer);
  return answer.status === 200 && interfaceStatus(word, target.statusWords) === 'SUCCESS';
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
  /** The kit's sandbox, where the shop's own client creates the payment (expectedPayments.createdOnService). */
  service?: KitService,
): Promise<string | undefined> {
  const { expected } = settings;
  const payment = throwawayPayment(expected);
  const timeoutMs = preflightWaitMs(settings);
  if (expected !== undefined) {
    const asked = expectationOf(payment, expected);
    const setup = await expectPayment(expected, asked, url, timeoutMs, settings.network, service);
    if (setup.request.method === 'none') return `the shop could not be made to expect a payment: ${setup.answer}`;
    if (setup.notCreated !== undefined) {
      return (
        `the shop could not be made to expect a payment: its setup ${setup.request.method} ${setup.request.url} ` +
        `answered ${setup.status ?? 'nothing'}, but ${setup.notCreated} (receiver.expectedPayments.createdOnService)`
      );
    }
    // No answer at all on the receiver's origin: a TLS refusal (a client certificate it demands) is the likely cause.
    const byCommand = setup.request.method === 'command';
    if (!byCommand && setup.status === undefined && new URL(setup.request.url).origin === new URL(url).origin) {
      const tls = await probeTls(new URL(url), profile.tls);
      if (tls !== undefined) return `the receiver at ${url} could not be reached: ${tls}`;
    }
    if (!setup.ok && byCommand) {
      return (
        `the shop could not be made to expect a payment: its setup command ${setup.request.url} exited ` +
        `${setup.status ?? 'without an exit code'} (${quoted(setup.answer)}), not 0 (receiver.expectedPayments.setup.command)`
      );
    }
    if (!setup.ok) {
      return (
        `the shop could not be made to expect a payment: its setup call ${setup.request.method} ${setup.request.url} ` +
        `answered ${setup.status ?? 'nothing'} (${quoted(setup.answer)}), not one of ${expected.okStatuses.join(', ')} ` +
        '(receiver.expectedPayments.setup)'
      );
    }
  }
  const problem = await paymentPreflight(url, settings, profile, payment, timeoutMs);
  if (problem !== undefined) return problem;
  if (expected !== undefined) {
    const readBack = await readBackOfExpected(url, settings, payment);
    if (readBack !== undefined) return readBack;
  }
  const complaintUrl = settings.complaintUrl === undefined ? url : new URL(settings.complaintUrl, url).toString();
  const merchantId = profile.settings.receiver?.merchantId ?? 'kit-preflight';
  return complaintUrl === url ? undefined : complaintPreflight(complaintUrl, settings, timeoutMs, merchantId);
}

/** The payment the preflight's postback describes, as the shop is made to expect it. */
function expectationOf(payment: Record<string, unknown>, expected: ExpectedPayments): ExpectedPayment {
  return {
    merchantPaymentId: String(payment.merchantPaymentId),
    merchantUserId: String(payment.merchantUserId),
    paymentMethodId: String(payment.paymentMethodId),
    type: expected.payment.type ?? 'PAY_IN',
    currency: String(payment.currency),
    amount: Number(payment.amount),
    id: String(payment.id),
  };
}

/**
 * A payment the shop was made to expect, acknowledged: its read-back must find it. A 404 there is the URL's mistake
 * (a typo reads as "nothing recorded" in every check), said now with the URL.
 */
async function readBackOfExpected(
  url: string,
  settings: ReceiverSettings,
  payment: Record<string, unknown>,
): Promise<string | undefined> {
  const target = settings.readBack?.payment;
  // A balance read where the record would be: a 404 there is a user with no wallet yet, a balance of 0.
  const balanceOnly = target?.statusAt === null && target.money.kind === 'balance' && target.money.url === undefined;
  if (target === undefined || balanceOnly) return undefined;
  const filled = readBackUrl(target.url, 'payment', payment, url);
  if ('missing' in filled) return undefined;
  const answer = await readState(filled.url, readBackHeaders(settings.readBack), PREFLIGHT_WAIT_MS, settings.network);
  // A wrong path (404, 405) or nobody there: the URL's mistake. A slow answer on a busy machine is not; the checks
  // read back within their own bounds.
  const unreachable = answer.status === undefined && !answer.text.startsWith('no answer within');
  if (answer.status === 404 || answer.status === 405 || unreachable) {
    return (
      `the read-back of a payment the shop expects, GET ${filled.url}, answered ${answer.status ?? 'nothing'} ` +
      `(${quoted(answer.text)}): check receiver.readBack.payment.url and its placeholders`
    );
  }
  return undefined;
}

/** The complaint URL, where it is not the payment URL: it takes a signed complaint postback by POST. */
async function complaintPreflight(
  url: string,
  settings: ReceiverSettings,
  timeoutMs: number,
  merchantId: string,
): Promise<string | undefined> {
  const now = new Date().toISOString();
  const body = settings.service.sign({
    id: `kit-preflight-${randomUUID()}`,
    merchantId,
    status: 'COMPLETED',
    createdAt: now,
    updatedAt: now,
  });
  const delivery = await deliver(url, canonicalJson(body), timeoutMs, settings.network);
  if (delivery.status === undefined) {
    return `the complaint URL ${url} did not answer a signed complaint postback (POST) within ${timeoutMs} ms: ${delivery.answer} (receiver.complaintUrl)`;
  }
  if (delivery.status === 404 || delivery.status === 405) {
    return (
      `the complaint URL ${url} answered a complaint postback (POST) with ${delivery.status} ` +
      `(${quoted(delivery.answer)}): it takes no postbacks there (receiver.complaintUrl)`
    );
  }
  return undefined;
}

/** The throwaway payment postback, and why the receiver cannot be certified, from its answer. */
async function paymentPreflight(
  url: string,
  settings: ReceiverSettings,
  profile: LoadedPostbackProfile,
  payment: Record<string, unknown>,
  timeoutMs: number,
): Promise<string | undefined> {
  const body = settings.service.sign(payment);
  const validation = getContract().validate('postbacks/payment-postback', body);
  if (!validation.ok && validation.findings.some((f) => f.severity === 'error')) {
    return `the kit built a preflight postback its own schema refuses: ${JSON.stringify(validation.findings)}`;
  }
  const delivery = await deliver(url, canonicalJson(body), timeoutMs, settings.network);
  const { status } = delivery;
  if (status === undefined) {
    // A receiver that took the postback but answers too slowly is the checks' finding (RECEIVER-ACK-…), not a setup
    // problem: its state, where the profile can read it, tells it from one that never got it.
    if (await recorded(url, settings, body)) return undefined;
    // TLS 1.3 reports a refused client certificate after the handshake, as a closed connection: look once more.
    const tls = await probeTls(new URL(url), profile.tls);
    if (tls !== undefined) return `the receiver at ${url} could not be reached: ${tls}`;
    return (
      `the receiver at ${url} did not answer a signed postback (POST) within ${timeoutMs} ms (the preflight's wait; receiver.timeoutMs ${settings.timeoutMs} ms): ` +
      `${delivery.answer}. Is it the URL postbacks are POSTed to, and is the receiver running?`
    );
  }
  if (status === 401 || status === 403) {
    return (
      `the receiver at ${url} refused a correctly signed postback with ${status} (${quoted(delivery.answer)}): it likely ` +
      "does not pin the kit's service key (postbacks.servicePublicKey, whose private key the kit signs with: " +
      'receiver.serviceSigningKey), or verifies another signing input or encoding than the profile states ' +
      `(${signingInputOf(profile)})` +
      pemNewlineHint(profile.postbackVerification.key.publicKey, 'postbacks.servicePublicKey')
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
