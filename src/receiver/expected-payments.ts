/**
 * Payments the shop expects (receiver.expectedPayments): a shop creates its order before the payment, and §2.5 says
 * a postback's merchantPaymentId "equals the value given at creation". Before the first postback about a payment the
 * kit makes the shop expect it with the shop's own setup call, templated from the payment; the ids are unique to the
 * run (a prefix per run, a number per postback), so a shop that keeps its state across runs meets no id twice.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Dispatcher, request } from 'undici';
import type { Profile } from '../../generated/profile/profile.gen.js';
import type { LoadedPostbackProfile } from '../profile/load-profile.js';
import { formattedSecret, readSecretSource } from '../profile/sources.js';
import { fillBody, fillPath, type HookValues, type PlaceholderSet } from '../profile/templates.js';
import { redactSecrets } from '../secrets/redaction.js';
import { boundedText } from './postback-sender.js';
import { runSetupCommand } from './setup-command.js';
import { createdOnService, holdOnService, type KitService } from './service-created.js';
import type { Secret } from '../secrets/secret.js';

type ExpectedSettings = NonNullable<NonNullable<Profile['receiver']>['expectedPayments']>;

/** A payment as the shop is made to expect it, and as its postbacks then describe it. */
export interface ExpectedPayment {
  readonly merchantPaymentId: string;
  readonly merchantUserId: string;
  readonly paymentMethodId: string;
  readonly type: 'PAY_IN' | 'PAY_OUT';
  readonly currency: string;
  /** In major units, as §2.5 writes it. */
  readonly amount: number;
  /** The service's id of the payment, which its postbacks carry: the id it gets where the shop's client creates it. */
  readonly id?: string;
}

export interface ExpectedPayments {
  readonly method: 'POST' | 'PUT';
  /** The setup call's URL; undefined when a command makes the shop expect its payments. */
  readonly url: string | undefined;
  /** The setup command (a program and its arguments), instead of a call. */
  readonly command: readonly string[] | undefined;
  /** Where the command runs: the profile's folder. */
  readonly baseDir: string;
  readonly headers: ReadonlyMap<string, Secret>;
  readonly body: unknown;
  readonly okStatuses: readonly number[];
  /** What the profile states of the payments, where it states it. */
  readonly payment: Partial<Omit<ExpectedPayment, 'merchantPaymentId'>>;
  /** What the shop answers to a postback of a payment it never expected. */
  readonly unexpected: 'acknowledged' | 'refused' | 'either';
  /**
   * Where the shop's own client creates the payment on the kit's sandbox (createdOnService): the profile its client
   * runs with, resolved; undefined where the setup alone makes the shop expect it.
   */
  readonly clientProfile: string | undefined;
  /** Where the kit's sandbox listens (createdOnService.url), for a shop given the service's URL at its start. */
  readonly serviceUrl: string | undefined;
}

/** The kit's profile of its sandbox's test merchant: the default client profile of createdOnService. */
const KIT_CLIENT_PROFILE = 'profiles/sandbox.json';

const PLACEHOLDERS = [
  'merchantPaymentId',
  'merchantUserId',
  'paymentMethodId',
  'type',
  'currency',
  'amount',
  'amountMinor',
] as const;

const SETUP_PLACEHOLDERS: PlaceholderSet = {
  allows: (name) => (PLACEHOLDERS as readonly string[]).includes(name),
  names: PLACEHOLDERS.join(', '),
};

/** Where the shop's client creates the payment, its setup is told where the kit's sandbox is. */
const SERVICE_PLACEHOLDERS: PlaceholderSet = {
  allows: (name) => name === 'serviceUrl' || SETUP_PLACEHOLDERS.allows(name),
  names: `${PLACEHOLDERS.join(', ')}, serviceUrl`,
};

const placeholdersOf = (setup: ExpectedPayments): PlaceholderSet =>
  setup.clientProfile === undefined ? SETUP_PLACEHOLDERS : SERVICE_PLACEHOLDERS;

/** The setup's headers, each a secret written as its format says ("Bearer {{secret}}"). */
function headersOf(settings: ExpectedSettings, baseDir: string): Map<string, Secret> {
  const headers = new Map<string, Secret>();
  for (const [name, source] of Object.entries(settings.setup.headers ?? {})) {
    if (source === undefined) continue;
    const field = `receiver.expectedPayments.setup.headers.${name}`;
    const { format, ...from } = source;
    headers.set(name.toLowerCase(), formattedSecret(readSecretSource(from, baseDir, field), format));
  }
  return headers;
}

/** The profile's expected payments; undefined when it names no setup call. */
export function expectedPaymentsOf(profile: LoadedPostbackProfile): ExpectedPayments | undefined {
  const settings = profile.settings.receiver?.expectedPayments;
  if (settings === undefined) return undefined;
  const baseDir = path.dirname(path.resolve(profile.file));
  const expected: ExpectedPayments = {
    method: settings.setup.method ?? 'POST',
    url: settings.setup.url,
    command: settings.setup.command,
    baseDir,
    headers: headersOf(settings, baseDir),
    body: settings.setup.body,
    okStatuses: settings.setup.okStatuses ?? [200, 201, 204],
    payment: { ...(settings.payment ?? {}) },
    unexpected: settings.unexpected ?? 'either',
    clientProfile:
      settings.createdOnService === undefined
        ? undefined
        : settings.createdOnService.profile === undefined
          ? KIT_CLIENT_PROFILE
          : path.resolve(baseDir, settings.createdOnService.profile),
    serviceUrl: settings.createdOnService?.url,
  };
  if (expected.clientProfile !== undefined && expected.payment.paymentMethodId === undefined) {
    throw new Error(
      "createdOnService: the shop's client creates each payment by a method of the service, so payment.paymentMethodId " +
        "must name one the client profile's merchant may use (e.g. sbx-card-in on the kit's sandbox)",
    );
  }
  // A placeholder the setup does not have is the profile's mistake: said when it loads, not in every test.
  const sample = valuesOf(
    {
      merchantPaymentId: 'kit-0-1',
      merchantUserId: 'user',
      paymentMethodId: 'method',
      type: 'PAY_IN',
      currency: 'USD',
      amount: 1,
    },
    'http://127.0.0.1:1',
  );
  const placeholders = placeholdersOf(expected);
  if (expected.url !== undefined) fillPath(expected.url, sample, placeholders);
  for (const arg of expected.command ?? []) fillPath(arg, sample, placeholders);
  fillBody(expected.body, sample, placeholders);
  return expected;
}

/**
 * The run's prefix of merchantPaymentIds: KIT_RUN_ID where the command set it (every worker of one run shares it, and
 * the report names it), else one of this process's own.
 */
export function runIdPrefix(): string {
  const given = process.env.KIT_RUN_ID?.trim();
  return given === undefined || given === '' ? newRunId() : given;
}

/** A fresh run id: `kit-` and 8 hex digits, which every shop's id rules we know accept. */
export function newRunId(): string {
  return `kit-${randomBytes(4).toString('hex')}`;
}

function valuesOf(payment: ExpectedPayment, serviceUrl: string | undefined): HookValues {
  return {
    ...(serviceUrl === undefined ? {} : { serviceUrl }),
    merchantPaymentId: payment.merchantPaymentId,
    merchantUserId: payment.merchantUserId,
    paymentMethodId: payment.paymentMethodId,
    type: payment.type,
    currency: payment.currency,
    amount: payment.amount,
    amountMinor: Math.round(payment.amount * 100),
  };
}

/** The setup call as made, and what the shop answered: evidence either way. */
export interface SetupExchange {
  /** The call as made; for a command, method `command` and the command line as its url. */
  readonly request: { readonly method: string; readonly url: string; readonly body: string };
  readonly status: number | undefined;
  readonly answer: string;
  /**
   * Whether the shop now expects the payment: its answer is one of okStatuses and, where its client creates the
   * payment on the kit's sandbox, the payment is there as asked.
   */
  readonly ok: boolean;
  /** The setup answered as it should, yet its client did not create the payment asked for (createdOnService). */
  readonly notCreated?: string;
}

/**
 * Makes the shop expect `payment` with its setup call, on the receiver's origin when the URL is a path; where its
 * client creates the payment on the kit's sandbox (`service`), the payment's id is held first and its creation checked
 * after.
 */
export async function expectPayment(
  setup: ExpectedPayments,
  payment: ExpectedPayment,
  receiverUrl: string,
  timeoutMs: number,
  dispatcher?: Dispatcher,
  service?: KitService,
): Promise<SetupExchange> {
  const onService = setup.clientProfile === undefined ? undefined : service;
  if (setup.clientProfile !== undefined && (onService === undefined || payment.id === undefined)) {
    const why = onService === undefined ? 'no sandbox of the kit runs (certify-receiver starts it)' : 'no payment id';
    return { request: { method: 'none', url: '', body: '' }, status: undefined, answer: why, ok: false };
  }
  if (onService !== undefined && payment.id !== undefined) {
    const problem = await holdOnService(onService, payment.merchantPaymentId, payment.id);
    if (problem !== undefined)
      return { request: { method: 'none', url: '', body: '' }, status: undefined, answer: problem, ok: false };
  }
  const values = valuesOf(payment, onService?.url);
  const exchange =
    setup.url === undefined
      ? await expectedByCommand(setup, values, timeoutMs)
      : await expectedByCall(setup, setup.url, values, receiverUrl, timeoutMs, dispatcher);
  if (onService === undefined || payment.id === undefined || !exchange.ok) return exchange;
  const notCreated = await createdOnService(onService, payment, payment.id, timeoutMs);
  return notCreated === undefined ? exchange : { ...exchange, ok: false, notCreated };
}

async function expectedByCall(
  setup: ExpectedPayments,
  template: string,
  values: HookValues,
  receiverUrl: string,
  timeoutMs: number,
  dispatcher: Dispatcher | undefined,
): Promise<SetupExchange> {
  const placeholders = placeholdersOf(setup);
  const url = new URL(fillPath(template, values, placeholders), receiverUrl).toString();
  const body = setup.body === undefined ? '' : JSON.stringify(fillBody(setup.body, values, placeholders));
  const headers: Record<string, string> = {
    ...(body === '' ? {} : { 'content-type': 'application/json' }),
    ...Object.fromEntries([...setup.headers].map(([name, secret]) => [name, secret.reveal()])),
  };
  const made = { method: setup.method, url, body };
  try {
    const response = await request(url, {
      ...(dispatcher === undefined ? {} : { dispatcher }),
      method: setup.method,
      headers,
      ...(body === '' ? {} : { body }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs + 1_000),
    });
    // A shop answering without end costs nothing: read up to the evidence's bound, the rest never.
    const text = await boundedText(response.body, 2_000);
    return {
      request: made,
      status: response.statusCode,
      answer: redactSecrets(text),
      ok: setup.okStatuses.includes(response.statusCode),
    };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { request: made, status: undefined, answer: `no answer: ${reason}`, ok: false };
  }
}

/** The setup command, its arguments filled and the payment's values in its environment (KIT_MERCHANT_PAYMENT_ID…). */
async function expectedByCommand(
  setup: ExpectedPayments,
  values: HookValues,
  timeoutMs: number,
): Promise<SetupExchange> {
  const argv = (setup.command ?? []).map((arg) => fillPath(arg, values, placeholdersOf(setup), (text) => text));
  const env = Object.fromEntries(
    [...PLACEHOLDERS, ...(values.serviceUrl === undefined ? [] : (['serviceUrl'] as const))].map((name) => [
      `KIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`,
      String(values[name]),
    ]),
  );
  const outcome = await runSetupCommand(argv, env, setup.baseDir, timeoutMs);
  return {
    request: { method: 'command', url: argv.map((arg) => JSON.stringify(arg)).join(' '), body: '' },
    status: outcome.code,
    answer: outcome.output === '' ? `exit ${outcome.code ?? 'none'}` : outcome.output,
    ok: outcome.code === 0,
  };
}
