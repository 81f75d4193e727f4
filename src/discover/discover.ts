/**
 * `npm run discover` (issue 16): from a profile with paths and credentials, probes the target within the profile's
 * safety caps and proposes the open points of the interface, each with its evidence, or says its probe was
 * inconclusive. The signing input comes first: every later probe signs with what it found.
 */
import { methodDescriptions } from './method-probes.js';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import type { SigningInputSpec } from '../signing/signing-input.js';
import { type Decision, errorCodeOf, inconclusive } from './decision.js';
import { ListProbes, type ProbePayment, type TimestampUnit } from './list-probes.js';
import { pageSize } from './page-size-probes.js';
import { amountTotals } from './totals-unit.js';
import {
  authCheckOrder,
  createdAtFormat,
  emptyCredentials,
  initialPaymentStatus,
  invalidBodyStatus,
  nullCredentials,
  statusWithoutLookupField,
} from './request-probes.js';
import { plainCents } from '../profile/reserved-values.js';
import { probePostbacks } from './postback-probes.js';
import { probeSigningInput, signerFor } from './signing-probe.js';

export interface DiscoveryOptions {
  /** The most payments the discovery creates (the list's default page needs one more than it holds). */
  readonly maxCreations: number;
  /** Where the capture server of the postback probe listens, and the address the target reaches it at. */
  readonly captureHost?: string;
  readonly capturePort?: number;
  readonly capturePublicUrl?: string;
}

/** Payments created first: enough for a page of 2 and a next one. */
const FIRST_PAYMENTS = 3;

const LIST_KEYS = [
  'conventions.listTimestampUnit',
  'conventions.listBoundsInclusive',
  'conventions.pageSize',
  'conventions.nextId',
  'conventions.unknownFromId',
  'conventions.nullMembers',
  'conventions.amountTotalsUnit',
  'conventions.amountsCover',
] as const;

/** What the discovery's own payments decide: read right after their creation. */
const RECORD_KEYS = ['conventions.createdAtFormat', 'conventions.initialPaymentStatus'] as const;

/** What single requests decide, before any payment is made. */
const REQUEST_KEYS = [
  'conventions.statusWithoutLookupField',
  'conventions.emptyCredentials',
  'conventions.nullCredentials',
  'conventions.authCheckOrder',
  'conventions.invalidBodyStatus',
] as const;

/**
 * Every convention a discovery decides from signed requests (the retry schedule is only seen in part, never
 * proposed): a profile's other conventions come from the provider's documentation.
 */
export const DISCOVERED_CONVENTIONS = [...REQUEST_KEYS, ...RECORD_KEYS, ...LIST_KEYS].map((key) =>
  key.slice('conventions.'.length),
);

/**
 * The amount of the discovery's payments: the method's, within the cap, with cents no magic value of the profile
 * claims (a reserved one would move the payment) and that tell the totals' unit apart (whole amounts would not).
 */
function probeAmount(profile: LoadedProfile): number {
  const { merchant, safety } = profile.settings;
  const whole = Math.max(1, Math.floor(Math.min(merchant.paymentMethods.payIn.amount, safety.maxAmount - 1)));
  const cents = plainCents(profile.settings).find((c) => c >= 25) ?? plainCents(profile.settings).at(-1) ?? 0;
  return whole + cents / 100;
}

class Creator {
  readonly payments: ProbePayment[] = [];
  readonly records: Exchange[] = [];
  problem: string | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly profile: LoadedProfile,
    private readonly cap: number,
    /** The discovery's count of payments created, which the postback probe's payments stay within. */
    private readonly tally: { made: number },
  ) {}

  get room(): number {
    return this.cap - this.payments.length;
  }

  /** Creates up to `count` payIn payments of the profile's method, each read back by the status check. */
  async create(count: number): Promise<void> {
    const { merchant, safety } = this.profile.settings;
    const method = merchant.paymentMethods.payIn;
    const wanted = Math.min(count, this.room);
    for (let n = 0; n < wanted && this.problem === undefined; n++) {
      const created = await this.api.createPayIn({
        accountId: method.accountId,
        paymentMethodId: method.id,
        amount: probeAmount(this.profile),
        clientFieldsValues: method.clientFieldsValues.map((field) => ({ ...field })),
        merchantPaymentId: `${safety.merchantPaymentIdPrefix}discover-${randomUUID()}`,
      });
      const paymentId = (created.json as { paymentId?: unknown } | undefined)?.paymentId;
      if (created.status !== 200 || typeof paymentId !== 'string') {
        this.problem = `creating a payIn payment got ${created.status} ${errorCodeOf(created) ?? ''}`.trim();
        return;
      }
      const record = await this.api.paymentStatus({ paymentId });
      const createdAt = (record.json as { createdAt?: unknown } | undefined)?.createdAt;
      const createdAtMs = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
      if (record.status !== 200 || Number.isNaN(createdAtMs)) {
        this.problem = `the status check of a new payment got ${record.status} with createdAt ${JSON.stringify(createdAt)}`;
        return;
      }
      this.records.push(record);
      this.tally.made++;
      this.payments.push({ id: paymentId, createdAtMs, createdAt: String(createdAt) });
    }
  }
}

export async function discover(target: string, profile: LoadedProfile, options: DiscoveryOptions): Promise<Decision[]> {
  const probe = new ApiClient({ baseUrl: target, profile, connections: 4 });
  let signing: Decision[];
  try {
    signing = await probeSigningInput(probe, profile);
  } finally {
    await probe.close();
  }
  const found = Object.fromEntries(signing.map((d) => [d.key.replace('signing.', ''), d.value]));
  const signed: LoadedProfile = signing.every((d) => d.value !== undefined)
    ? { ...profile, requestSigner: signerFor(profile, found as unknown as SigningInputSpec) }
    : profile;
  const api = new ApiClient({ baseUrl: target, profile: signed, connections: 1 });
  try {
    const tally = { made: 0 };
    const requests = await withSignedRequests(api, signed, options, tally);
    const methods = await methodDescriptions(api, signed);
    const postbacks = await probePostbacks(api, target, signed, {
      amount: probeAmount(signed),
      // What the other probes left of --max-creations: one at least, unless the cap is 0.
      maxPayments: Math.max(0, options.maxCreations - tally.made),
      ...(options.captureHost === undefined ? {} : { captureHost: options.captureHost }),
      ...(options.capturePort === undefined ? {} : { capturePort: options.capturePort }),
      ...(options.capturePublicUrl === undefined ? {} : { capturePublicUrl: options.capturePublicUrl }),
    });
    return [...signing, ...requests, ...methods, ...postbacks];
  } finally {
    await api.close();
  }
}

/** One of the list units the profile can state. */
function isListUnit(value: unknown): value is TimestampUnit {
  return value === 'ms' || value === 's' || value === 'us' || value === 'iso8601';
}

async function withSignedRequests(
  api: ApiClient,
  profile: LoadedProfile,
  options: DiscoveryOptions,
  tally: { made: number },
): Promise<Decision[]> {
  const decisions: Decision[] = [];
  const check = await api.paymentStatus({ paymentId: randomUUID() });
  if (check.status === 401) {
    const why = `signed requests get 401 ${errorCodeOf(check) ?? ''}: nothing else can be probed until the signing settings verify`;
    return [...LIST_KEYS, ...RECORD_KEYS, ...REQUEST_KEYS].map((key) => inconclusive(key, why, [check]));
  }
  decisions.push(
    await statusWithoutLookupField(api),
    await emptyCredentials(api),
    await nullCredentials(api),
    await authCheckOrder(api),
    await invalidBodyStatus(api),
  );
  // One payment of --max-creations is kept for the postback probe, which runs after these.
  const creator = new Creator(api, profile, Math.max(0, options.maxCreations - 1), tally);
  await creator.create(FIRST_PAYMENTS);
  const [first] = creator.payments;
  if (first === undefined) {
    const why = `no payment to probe with: ${creator.problem ?? 'none may be created (--max-creations)'}`;
    return [...decisions, ...[...LIST_KEYS, ...RECORD_KEYS].map((key) => inconclusive(key, why, []))];
  }
  decisions.push(createdAtFormat(creator.records), initialPaymentStatus(creator.records));
  const list = new ListProbes(api);
  const unitDecision = await list.timestampUnit(first);
  decisions.push(unitDecision);
  if (!isListUnit(unitDecision.value)) {
    const why = 'needs the unit of the list interval, which was inconclusive';
    return [...decisions, ...LIST_KEYS.slice(1).map((key) => inconclusive(key, why, []))];
  }
  const unit: TimestampUnit = unitDecision.value;
  list.useUnit(unit);
  decisions.push(await list.boundsInclusive(first, unit));
  decisions.push(await pageSize(list, creator, unit));
  const interval = ListProbes.wide(creator.payments, unit);
  decisions.push(
    await list.nextId(interval),
    await list.unknownFromId(interval),
    await list.nullMembers(interval),
    ...(await amountTotals(list, ListProbes.narrow(creator.payments, unit), largestTakeOf(decisions))),
  );
  return decisions;
}

/** The largest take the page-size probe found, for reading a set in few pages. */
function largestTakeOf(decisions: readonly Decision[]): number | undefined {
  const value = decisions.find((d) => d.key === 'conventions.pageSize')?.value as { max?: unknown } | undefined;
  return typeof value?.max === 'number' ? value.max : undefined;
}
