/**
 * The service's side of the signing (§2.5, §5.3: "not shown") and the start of its retry schedule (§6.4: "not
 * shown"), from postbacks it sends: a payment of the discovery's own, with text beyond ASCII in its merchantUserId, is
 * led to SUCCESS by the profile's own means (a provider's helper, a documented magic value, or plain payments that
 * settle by themselves) and posts to a capture server of the discovery, which answers 500 three times before its 200.
 * The first body's hash is verified under every signing input with the profile's postback scheme and pinned service
 * key; the attempts' arrival times are the schedule's start. Its end (how many attempts, every how long after the
 * list) cannot be seen in a discovery: that part is reported as seen, not proposed.
 */
import { randomUUID } from 'node:crypto';
import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import type { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import { CaptureServer } from '../capture/capture-server.js';
import { CaptureTimeoutError } from '../capture/mailbox.js';
import type { HookClient } from '../drivers/hook-client.js';
import { profileHooks } from '../drivers/profile-hooks.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { reservedValues } from '../profile/reserved-values.js';
import { type Decision, inconclusive } from './decision.js';
import { postbackSigningInputs, signingDecisions } from './postback-signing.js';

export interface PostbackProbeOptions {
  readonly captureHost?: string;
  readonly capturePort?: number;
  /** What the target is told to post to, when it reaches this machine through a tunnel or a proxy. */
  readonly capturePublicUrl?: string;
  /** The payment's creation amount (the discovery's plain one). */
  readonly amount: number;
  /** The most payments it may create (what --max-creations leaves): one, and more when a hash leaves the input open. */
  readonly maxPayments: number;
}

export const POSTBACK_SIGNING_KEYS = [
  'postbacks.members',
  'postbacks.canonicalForm',
  'postbacks.hashEncoding',
] as const;
const RETRY_KEY = 'conventions.postbackRetry';
/** Answers that are not 200 before the one that is: the schedule's first waits. */
const REFUSALS = 3;
/** Further postbacks judged, one payment each, while one postback's hash leaves the signing input open. */
const MORE_POSTBACKS = 3;

/** How the profile leads a new payment to SUCCESS by itself, or why it cannot. */
type Settle =
  | { readonly kind: 'hook'; readonly hooks: HookClient }
  | { readonly kind: 'creation'; readonly members: Record<string, unknown>; readonly via: string }
  | string;

function settleOf(profile: LoadedProfile, target: string, amount: number, api: ApiClient): Settle {
  const outcomes = profile.settings.outcomes;
  const hooks = profileHooks(profile, target, api);
  if (hooks?.has('settlePayment') === true) return { kind: 'hook', hooks };
  const magic = outcomes?.magicValues?.payments.find((p) => p.ends.length === 1 && p.ends[0].status === 'SUCCESS');
  if (magic !== undefined) {
    const { set } = magic;
    if ('amountCents' in set) {
      return { kind: 'creation', members: { amount: Math.floor(amount) + set.amountCents / 100 }, via: 'magic cents' };
    }
    if ('merchantUserId' in set) {
      return { kind: 'creation', members: { merchantUserId: set.merchantUserId }, via: 'magic merchantUserId' };
    }
  }
  const plain = outcomes?.plainPayments;
  if (typeof plain === 'object' && (plain.status === 'SUCCESS' || plain.status === 'FAILED')) {
    return { kind: 'creation', members: {}, via: `plain payments settle (${plain.status})` };
  }
  return (
    'nothing leads a payment to a postback: the profile names no outcomes.httpHooks.settlePayment, no magic value ' +
    'that ends SUCCESS, and no outcomes.plainPayments that settle by themselves'
  );
}

/** The postback-side decisions: its signing input, and the start of the retry schedule as seen. */
export async function probePostbacks(
  api: ApiClient,
  target: string,
  profile: LoadedProfile,
  options: PostbackProbeOptions,
): Promise<Decision[]> {
  if (options.maxPayments < 1) {
    return everyKey('--max-creations leaves the postback probe no payment to create: it needs one', []);
  }
  const settle = settleOf(profile, target, options.amount, api);
  if (typeof settle === 'string') return everyKey(settle, []);
  const capture = await CaptureServer.start({
    host: options.captureHost ?? '127.0.0.1',
    port: options.capturePort ?? 0,
    ...(options.capturePublicUrl === undefined ? {} : { publicUrl: options.capturePublicUrl }),
  });
  try {
    const endpoint = await capture.createEndpoint({ kind: 'payment', label: 'discover: postbacks' });
    await endpoint.script(Array.from({ length: REFUSALS }, () => ({ answer: 'status' as const, status: 500 })));
    const created = await settledPayment(api, profile, settle, options, endpoint.url);
    if (!('paymentId' in created)) return everyKey(created.why, [created.exchange]);
    const budgetMs = profile.settings.timing.postbackBudgetMs ?? profile.settings.timing.postbackWaitMs;
    const attempts = await endpoint.waitForAttempts(REFUSALS + 1, budgetMs).catch((error: unknown) => {
      if (error instanceof CaptureTimeoutError) return error.attempts;
      throw error;
    });
    if (attempts.length === 0) {
      return everyKey(
        `no postback arrived at ${endpoint.url} within ${budgetMs} ms (timing.postbackBudgetMs): a target elsewhere needs --capture-public-url, the address it reaches this machine at`,
        [created.exchange],
      );
    }
    const evidence = [created.exchange];
    const judgedAttempts = [attempts[0] as CheckedAttempt];
    let judged = postbackSigningInputs(profile, judgedAttempts);
    // Retries carry the first attempt's bytes: only another payment's postback is another hash. One signature may
    // read the same in base64 and base64url (an Ed25519 one has no '+' or '/' about one time in sixteen), so while
    // the inputs left differ, more postbacks are judged: a service signs them all one way.
    for (
      let more = 0;
      more < Math.min(MORE_POSTBACKS, options.maxPayments - 1) && typeof judged !== 'string' && judged.length > 1;
      more++
    ) {
      const next = await capture.createEndpoint({ kind: 'payment', label: `discover: postback ${more + 2}` });
      const another = await settledPayment(api, profile, settle, options, next.url);
      if (!('paymentId' in another)) break;
      const arrived = await next.waitForAttempts(1, budgetMs).catch(() => []);
      if (arrived[0] === undefined) break;
      evidence.push(another.exchange);
      judgedAttempts.push(arrived[0]);
      judged = postbackSigningInputs(profile, judgedAttempts);
    }
    const decisions =
      typeof judged === 'string'
        ? POSTBACK_SIGNING_KEYS.map((key) => inconclusive(key, judged, evidence))
        : signingDecisions(judged, evidence);
    return [...decisions, retrySeen(attempts, created.exchange)];
  } finally {
    if (typeof settle !== 'string' && settle.kind === 'hook') await settle.hooks.close();
    await capture.stop();
  }
}

/** A new PAY_IN payment posting back to `postBackUrl`, led to SUCCESS as `settle` says, or why it is not. */
async function settledPayment(
  api: ApiClient,
  profile: LoadedProfile,
  settle: Exclude<Settle, string>,
  options: PostbackProbeOptions,
  postBackUrl: string,
): Promise<{ exchange: Exchange; paymentId: string } | { exchange: Exchange; why: string }> {
  const method = profile.settings.merchant.paymentMethods.payIn;
  // Text beyond ASCII in the body tells the canonical forms apart; a reserved merchantUserId would move it.
  const text = `Zoë Ωμέγα ${randomUUID().slice(0, 8)}`;
  const merchantUserId = reservedValues(profile.settings).merchantUserIds.has(text) ? undefined : text;
  const exchange = await api.createPayIn({
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: options.amount,
    clientFieldsValues: method.clientFieldsValues.map((field) => ({ ...field })),
    merchantPaymentId: `${profile.settings.safety.merchantPaymentIdPrefix}discover-${randomUUID()}`,
    postBackUrl,
    ...(merchantUserId === undefined ? {} : { merchantUserId }),
    ...(settle.kind === 'creation' ? settle.members : {}),
  });
  const paymentId = (exchange.json as { paymentId?: unknown } | undefined)?.paymentId;
  if (exchange.status !== 200 || typeof paymentId !== 'string') {
    return { exchange, why: `the payment for the postback probe got ${exchange.status}` };
  }
  if (settle.kind === 'hook') {
    try {
      await settle.hooks.call('settlePayment', { paymentId, status: 'SUCCESS' });
    } catch (error) {
      return { exchange, why: `the provider's settle helper failed: ${(error as Error).message}` };
    }
  }
  return { exchange, paymentId };
}

function everyKey(why: string, evidence: readonly Exchange[]): Decision[] {
  return [...POSTBACK_SIGNING_KEYS, RETRY_KEY].map((key) => inconclusive(key, why, evidence));
}

/** The start of the retry schedule: when each attempt came after the first, answered 500 until the last. */
function retrySeen(attempts: readonly CheckedAttempt[], created: Exchange): Decision {
  const first = attempts[0]?.attempt.monoMs ?? 0;
  const times = attempts.map((a) => Math.round(a.attempt.monoMs - first));
  const waits = times.slice(1).map((t, n) => t - (times[n] ?? 0));
  const why =
    attempts.length < 2
      ? `one attempt in the budget, answered 500: no retry came within it`
      : `attempts at ${times.map((t) => `+${t} ms`).join(', ')} (waits ${waits.join(', ')} ms after each 500): ` +
        "the schedule's start; how many attempts in all and the wait past the list cannot be seen in a discovery. " +
        "State conventions.postbackRetry from the provider's documentation (delaysMs[0] is the wait before the first attempt)";
  return { ...inconclusive(RETRY_KEY, why, [created]), observed: true };
}
