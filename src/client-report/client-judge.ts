/**
 * The CLIENT requirements judged on a recording of a merchant's client: one finding per distinct problem, with the
 * first exchange that showed it and a count, as the passive checks of a certification report them. Pure: the CLI
 * reads the recording and writes the reports.
 */
import type { RecordedExchange } from '../../generated/client/recorded-exchange.gen.js';
import type { PassiveFinding } from '../../generated/report/conformance.gen.js';
import { getContract } from '../contract/contract.js';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../contract/operations.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import type { ClientRequirementId } from '../requirements/registry.js';
import { canonicalJson } from '../signing/canonical-json.js';
import type { RecordedLine } from './read-recording.js';
import { signatureProblem } from './signature-diagnosis.js';

/** One exchange of the recording with what the judge needs of it. */
interface Seen {
  readonly line: number;
  readonly exchange: RecordedExchange;
  readonly operation: OperationName;
  /** The request body, when it is a JSON object. */
  readonly body: Record<string, unknown> | undefined;
  readonly atMs: number;
}

export interface ClientJudgement {
  /** The findings of each requirement, most frequent first. */
  readonly findings: ReadonlyMap<ClientRequirementId, readonly PassiveFinding[]>;
  /** How many exchanges each requirement looked at: none means NOT VERIFIED. */
  readonly looked: ReadonlyMap<ClientRequirementId, number>;
  /** Requests to paths the profile names for no operation (the control API, a typo in the client's base URL). */
  readonly unrecognised: number;
}

const EXCERPT_CHARS = 1_500;
const clip = (text: string): string => (text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}…`);

/** The members of a list request that are not its page: the same list asked again has the same ones. */
const PAGE_MEMBERS = new Set(['publicKey', 'hash', 'fromId', 'take']);
/** The members of a payout that do not make it another payout. */
const NOT_THE_PAYOUT = new Set([
  'publicKey',
  'hash',
  'merchantPaymentId',
  'postBackUrl',
  'successRedirectUrl',
  'failureRedirectUrl',
  'redirectUrl',
]);

function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function keyWithout(body: Record<string, unknown>, members: ReadonlySet<string>): string {
  return canonicalJson(Object.fromEntries(Object.entries(body).filter(([name]) => !members.has(name))));
}

class Findings {
  readonly byRequirement = new Map<ClientRequirementId, Map<string, PassiveFinding>>();
  readonly looked = new Map<ClientRequirementId, number>();

  look(requirement: ClientRequirementId): void {
    this.looked.set(requirement, (this.looked.get(requirement) ?? 0) + 1);
  }

  add(requirement: ClientRequirementId, seen: Seen, problem: string, detail: string): void {
    const groups = this.byRequirement.get(requirement) ?? new Map<string, PassiveFinding>();
    this.byRequirement.set(requirement, groups);
    const key = `${seen.operation}\u0000${problem}`;
    const known = groups.get(key);
    if (known !== undefined) {
      groups.set(key, { ...known, count: known.count + 1 });
      return;
    }
    const { exchange } = seen;
    groups.set(key, {
      operation: seen.operation,
      problem,
      count: 1,
      test: `recording line ${seen.line}`,
      detail,
      request: clip(`${exchange.method} ${exchange.path}\n${exchange.request}`),
      response: clip(`${exchange.status}\n${exchange.response}`),
    });
  }
}

function requestShape(seen: Seen, found: Findings): void {
  found.look('CLIENT-REQUEST-SCHEMA');
  if (seen.body === undefined) {
    found.add('CLIENT-REQUEST-SCHEMA', seen, 'the body is not a JSON object', seen.exchange.request.slice(0, 200));
    return;
  }
  const validation = getContract().validate(OPERATIONS[seen.operation].request, seen.body);
  // A missing publicKey or hash is the signature's finding (CLIENT-SIGNATURE), not a second one here.
  const errors = validation.findings.filter(
    (f) => f.severity === 'error' && f.pointer !== '/publicKey' && f.pointer !== '/hash',
  );
  for (const error of errors) {
    found.add('CLIENT-REQUEST-SCHEMA', seen, `${error.pointer || '(body)'}: ${error.message}`, error.message);
  }
}

function signature(seen: Seen, profile: LoadedProfile, found: Findings): void {
  if (seen.body === undefined) return;
  found.look('CLIENT-SIGNATURE');
  const problem = signatureProblem(seen.body, Buffer.from(seen.exchange.request, 'utf8'), profile);
  if (problem !== undefined) found.add('CLIENT-SIGNATURE', seen, problem, problem);
}

function merchantPaymentId(seen: Seen, found: Findings): void {
  if (seen.body === undefined || (seen.operation !== 'createPayIn' && seen.operation !== 'createPayOut')) return;
  found.look('CLIENT-MERCHANT-PAYMENT-ID');
  const id = seen.body.merchantPaymentId;
  if (typeof id !== 'string' || id === '') {
    found.add(
      'CLIENT-MERCHANT-PAYMENT-ID',
      seen,
      'a payment created without merchantPaymentId',
      'a lost creation answer leaves no id of the merchant to look the payment up by (§4.3)',
    );
  }
}

/**
 * One merchantPaymentId, one payment: a creation of another payment (other method, account, amount, fields or user)
 * under the id of a payment the service created is one the merchant can no longer look up by its own id (§4.3). A
 * repeat of the same payment under its id is a retry, not judged here.
 */
function merchantPaymentIdsReused(seens: readonly Seen[], found: Findings): void {
  const created = new Map<string, { key: string; line: number }>();
  for (const seen of seens) {
    if (seen.body === undefined || (seen.operation !== 'createPayIn' && seen.operation !== 'createPayOut')) continue;
    const id = seen.body.merchantPaymentId;
    if (typeof id !== 'string' || id === '') continue;
    const key = `${seen.operation} ${keyWithout(seen.body, NOT_THE_PAYOUT)}`;
    const earlier = created.get(id);
    if (earlier !== undefined && earlier.key !== key) {
      found.add(
        'CLIENT-MERCHANT-PAYMENT-ID',
        seen,
        'one merchantPaymentId for two payments',
        `line ${earlier.line} created a payment under ${JSON.stringify(id)}; this request asks for another one under ` +
          'the same id, which a status check by merchantPaymentId (§4.3) could no longer tell apart',
      );
    }
    const answer = seen.exchange.status === 200 ? objectOf(seen.exchange.response) : undefined;
    if (earlier === undefined && answer?.isSucceed === true) created.set(id, { key, line: seen.line });
  }
}

/**
 * A payout whose creation answered a 5xx may exist: its repeat must carry the same merchantPaymentId. A 4xx says it
 * was not created, and a 200 that it was (a second payout then is the merchant's decision): neither is judged.
 */
function payoutRepeats(seens: readonly Seen[], found: Findings): void {
  const unsettled = new Map<string, Seen>();
  for (const seen of seens) {
    if (seen.operation !== 'createPayOut' || seen.body === undefined) continue;
    const id = seen.body.merchantPaymentId;
    if (typeof id !== 'string' || id === '') continue;
    found.look('CLIENT-PAYOUT-IDEMPOTENT');
    const key = keyWithout(seen.body, NOT_THE_PAYOUT);
    const earlier = unsettled.get(key);
    if (earlier !== undefined && earlier.body?.merchantPaymentId !== id) {
      found.add(
        'CLIENT-PAYOUT-IDEMPOTENT',
        seen,
        'a payout whose creation answered a 5xx repeated under a new merchantPaymentId',
        `line ${earlier.line} asked for the same payout as ${JSON.stringify(earlier.body?.merchantPaymentId)} and ` +
          `got ${earlier.exchange.status}: it may exist, and this one (${JSON.stringify(id)}) may pay it twice`,
      );
    }
    if (seen.exchange.status >= 500) unsettled.set(key, seen);
    else unsettled.delete(key);
  }
}

function nextIds(seens: readonly Seen[], found: Findings): void {
  const owed = new Map<string, { nextId: string; line: number }>();
  for (const seen of seens) {
    if (seen.operation !== 'paymentsList' || seen.body === undefined) continue;
    const key = keyWithout(seen.body, PAGE_MEMBERS);
    const pending = owed.get(key);
    if (pending !== undefined) {
      found.look('CLIENT-NEXT-ID');
      const fromId = seen.body.fromId;
      if (fromId !== pending.nextId) {
        found.add(
          'CLIENT-NEXT-ID',
          seen,
          fromId === undefined
            ? 'the same list asked again from its start after an answer with a nextId'
            : 'the next page asked with a fromId that is not the nextId of the previous answer',
          `line ${pending.line} answered nextId ${JSON.stringify(pending.nextId)}; this request has fromId ` +
            JSON.stringify(fromId ?? null),
        );
      }
      owed.delete(key);
    }
    const answer = seen.exchange.status === 200 ? objectOf(seen.exchange.response) : undefined;
    const nextId = answer?.nextId;
    if (typeof nextId === 'string' && nextId !== '') owed.set(key, { nextId, line: seen.line });
  }
}

function polling(seens: readonly Seen[], minIntervalMs: number, found: Findings): void {
  const last = new Map<string, Seen>();
  for (const seen of seens) {
    if (seen.operation !== 'paymentStatus' || seen.body === undefined) continue;
    const { paymentId, merchantPaymentId: merchantId } = seen.body;
    const key =
      typeof paymentId === 'string' ? `p:${paymentId}` : typeof merchantId === 'string' ? `m:${merchantId}` : undefined;
    if (key === undefined) continue;
    found.look('CLIENT-STATUS-POLLING');
    const before = last.get(key);
    last.set(key, seen);
    if (before === undefined) continue;
    const gap = seen.atMs - before.atMs;
    if (gap < minIntervalMs) {
      found.add(
        'CLIENT-STATUS-POLLING',
        seen,
        `the status of one payment checked again sooner than the ${minIntervalMs} ms the profile allows`,
        `${gap} ms after the check of line ${before.line} (${key.slice(2)})`,
      );
    }
  }
}

export function judgeClient(exchanges: readonly RecordedLine[], profile: LoadedProfile): ClientJudgement {
  const operations = profile.settings.operations as Partial<Record<OperationName, { method?: string; path: string }>>;
  const route = new Map<string, OperationName>();
  for (const name of OPERATION_NAMES) {
    const endpoint = operations[name];
    if (endpoint !== undefined) route.set(`${endpoint.method ?? 'POST'} ${endpoint.path}`, name);
  }
  const found = new Findings();
  let unrecognised = 0;
  const seens: Seen[] = [];
  for (const { line, exchange } of exchanges) {
    const operation = route.get(`${exchange.method} ${exchange.path}`);
    if (operation === undefined) {
      unrecognised += 1;
      continue;
    }
    seens.push({ line, exchange, operation, body: objectOf(exchange.request), atMs: Date.parse(exchange.at) });
  }
  for (const seen of seens) {
    requestShape(seen, found);
    signature(seen, profile, found);
    merchantPaymentId(seen, found);
  }
  payoutRepeats(seens, found);
  merchantPaymentIdsReused(seens, found);
  nextIds(seens, found);
  const minInterval = profile.settings.client?.minStatusIntervalMs;
  if (minInterval !== undefined) polling(seens, minInterval, found);
  const findings = new Map(
    [...found.byRequirement].map(([id, groups]) => [id, [...groups.values()].sort((a, b) => b.count - a.count)]),
  );
  return { findings, looked: found.looked, unrecognised };
}
