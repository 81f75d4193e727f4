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
import { verifyBody } from '../signing/body-signer.js';
import { builtinScheme, isBuiltinScheme } from '../signing/builtin-schemes.js';
import {
  distinctChoices,
  SIGNING_INPUT_CHOICES,
  type SigningInputSpec,
  signingInputText,
} from '../signing/signing-input.js';
import { type Decision, inconclusive, proposed } from './decision.js';

export interface PostbackProbeOptions {
  readonly captureHost?: string;
  readonly capturePort?: number;
  /** What the target is told to post to, when it reaches this machine through a tunnel or a proxy. */
  readonly capturePublicUrl?: string;
  /** The payment's creation amount (the discovery's plain one). */
  readonly amount: number;
}

export const POSTBACK_SIGNING_KEYS = [
  'postbacks.members',
  'postbacks.canonicalForm',
  'postbacks.hashEncoding',
] as const;
const RETRY_KEY = 'conventions.postbackRetry';
/** Answers that are not 200 before the one that is: the schedule's first waits. */
const REFUSALS = 3;

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
    const method = profile.settings.merchant.paymentMethods.payIn;
    // Text beyond ASCII in the body tells the canonical forms apart; a reserved merchantUserId would move it.
    const text = `Zoë Ωμέγα ${randomUUID().slice(0, 8)}`;
    const merchantUserId = reservedValues(profile.settings).merchantUserIds.has(text) ? undefined : text;
    const created = await api.createPayIn({
      accountId: method.accountId,
      paymentMethodId: method.id,
      amount: options.amount,
      clientFieldsValues: method.clientFieldsValues.map((field) => ({ ...field })),
      merchantPaymentId: `${profile.settings.safety.merchantPaymentIdPrefix}discover-${randomUUID()}`,
      postBackUrl: endpoint.url,
      ...(merchantUserId === undefined ? {} : { merchantUserId }),
      ...(settle.kind === 'creation' ? settle.members : {}),
    });
    const paymentId = (created.json as { paymentId?: unknown } | undefined)?.paymentId;
    if (created.status !== 200 || typeof paymentId !== 'string') {
      return everyKey(`the payment for the postback probe got ${created.status}`, [created]);
    }
    if (settle.kind === 'hook') {
      try {
        await settle.hooks.call('settlePayment', { paymentId, status: 'SUCCESS' });
      } catch (error) {
        return everyKey(`the provider's settle helper failed: ${(error as Error).message}`, [created]);
      } finally {
        await settle.hooks.close();
      }
    }
    const budgetMs = profile.settings.timing.postbackBudgetMs ?? profile.settings.timing.postbackWaitMs;
    const attempts = await endpoint.waitForAttempts(REFUSALS + 1, budgetMs).catch((error: unknown) => {
      if (error instanceof CaptureTimeoutError) return error.attempts;
      throw error;
    });
    if (attempts.length === 0) {
      return everyKey(
        `no postback arrived at ${endpoint.url} within ${budgetMs} ms (timing.postbackBudgetMs): a target elsewhere needs --capture-public-url, the address it reaches this machine at`,
        [created],
      );
    }
    return [...signingDecisions(profile, attempts[0] as CheckedAttempt, created), retrySeen(attempts, created)];
  } finally {
    await capture.stop();
  }
}

function everyKey(why: string, evidence: readonly Exchange[]): Decision[] {
  return [...POSTBACK_SIGNING_KEYS, RETRY_KEY].map((key) => inconclusive(key, why, evidence));
}

function bodyOf(attempt: CheckedAttempt): { body: Record<string, unknown> | undefined; bytes: Buffer } {
  const bytes = Buffer.from(attempt.attempt.body, 'base64');
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return {
      body:
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : undefined,
      bytes,
    };
  } catch {
    return { body: undefined, bytes };
  }
}

/** Which signing inputs the service's hash verifies under, with the profile's scheme and pinned key. */
function signingDecisions(profile: LoadedProfile, attempt: CheckedAttempt, created: Exchange): Decision[] {
  const { body, bytes } = bodyOf(attempt);
  const evidence = [created];
  const text = bytes.toString('utf8').slice(0, 300);
  if (body === undefined) {
    return POSTBACK_SIGNING_KEYS.map((key) => inconclusive(key, `the postback is no JSON object: ${text}`, evidence));
  }
  const { scheme, key } = profile.postbackVerification;
  if (typeof body.publicKey !== 'string' || body.publicKey.trim() !== key.publicKey.trim()) {
    return POSTBACK_SIGNING_KEYS.map((k) =>
      inconclusive(k, "the postback's publicKey is not postbacks.servicePublicKey: no input can be judged", evidence),
    );
  }
  const name = profile.settings.postbacks.scheme;
  const verifying = SIGNING_INPUT_CHOICES.filter((input) => {
    if (!isBuiltinScheme(name) && input.hashEncoding !== profile.postbackVerification.input.hashEncoding) return false;
    const withEncoding = isBuiltinScheme(name) ? builtinScheme(name, input.hashEncoding) : scheme;
    return verifyBody(body, withEncoding, key, { input, bytes }).valid;
  });
  // Choices that sign the same bytes are one (jcs kept); a service may send its canonical text, as-sent then too.
  const left = distinctChoices(verifying, true);
  if (left.length === 0) {
    return POSTBACK_SIGNING_KEYS.map((k) =>
      inconclusive(
        k,
        `the postback's hash verifies under no signing input with postbacks.scheme and postbacks.servicePublicKey: ${text}`,
        evidence,
      ),
    );
  }
  const seen = left.map(signingInputText).join('; ');
  const agreed = <K extends keyof SigningInputSpec>(member: K): SigningInputSpec[K] | undefined => {
    const values = new Set(left.map((spec) => spec[member]));
    return values.size === 1 ? left[0]?.[member] : undefined;
  };
  const decisions = (['members', 'canonicalForm', 'hashEncoding'] as const).map((member) => {
    const value = agreed(member);
    const k = `postbacks.${member}`;
    return value === undefined
      ? inconclusive(k, `the postback's hash verifies under several signing inputs (${seen})`, evidence)
      : proposed(k, value, `the postback's hash verifies only with ${member} ${value} (${seen})`, evidence);
  });
  if (agreed('canonicalForm') === 'sorted-compact') {
    const raw = new Set(left.map((spec) => spec.nonAscii === 'raw'));
    decisions.push(
      raw.size === 1
        ? proposed(
            'postbacks.nonAscii',
            raw.has(true) ? 'raw' : 'escaped',
            `the postback's text beyond ASCII is signed ${raw.has(true) ? 'raw' : 'escaped'} (${seen})`,
            evidence,
          )
        : inconclusive('postbacks.nonAscii', `both ways verify (${seen})`, evidence),
    );
  }
  return decisions;
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
