/**
 * Passive checks (design brief §8): the invariants that hold for every exchange, whatever test made it, checked once
 * per answer — like an API fuzzer's response checks. Each problem names its one requirement, the operation and what
 * was wrong (a stable key: the report counts repeats of one problem as one finding). Spec-level rules, and of the
 * profile's only a record's createdAt format, which the contract checks only where the profile states it; what else
 * rests on a convention is its own test's to judge (UNSPECIFIED where the profile states nothing).
 */
import type { Exchange } from '../client/exchange.js';
import { ERROR_TABLE } from '../requirements/error-table.js';
import type { RequirementId } from '../requirements/registry.js';
import type { Contract } from '../contract/contract.js';
import type { Finding } from '../contract/finding.js';
import { OPERATIONS, type OperationName } from '../contract/operations.js';

export interface PassiveFinding {
  readonly requirement: RequirementId;
  readonly operation: OperationName;
  /** What was wrong, without values that change from one exchange to the next (the dedup key). */
  readonly problem: string;
  /** This exchange's particulars. */
  readonly detail: string;
}

/** The shape requirement of a 200 answer, per operation; the §4.7 operations' shapes are their own tests'. */
const SHAPE_OF_ANSWER: Partial<Record<OperationName, RequirementId>> = {
  createPayIn: 'CREATE-RESPONSE-SHAPE',
  createPayOut: 'CREATE-RESPONSE-SHAPE',
  paymentStatus: 'PAYMENT-SHAPE',
  paymentsList: 'LIST-SHAPE',
  complaintStatus: 'COMPLAINT-SHAPE',
};

/** §7's statuses, and for those it gives exact codes for, the codes. */
const ERROR_STATUSES = new Set<number>(ERROR_TABLE.map((row) => row.status));
const EXACT_CODES = new Map<number, Set<string>>();
for (const row of ERROR_TABLE) {
  if (row.code === undefined) continue;
  EXACT_CODES.set(row.status, (EXACT_CODES.get(row.status) ?? new Set()).add(row.code));
}

/** application/json, or a structured +json type (RFC 6839), parameters allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Whether a Content-Type names JSON: application/json or a +json type, with or without parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType);
}

export function header(exchange: Exchange, name: string): string | undefined {
  const entry = Object.entries(exchange.headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The first pointer's rule, e.g. `/createdAt required`: the same problem reads the same on every exchange. */
function problemOf(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.pointer.replace(/\/\d+(?=\/|$)/g, '/*') || '/'} ${f.rule}`).join('; ');
}

function describe(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.pointer || '/'}: ${f.message}`).join('; ');
}

/**
 * A record's createdAt (a payment's, alone or listed): its format is the profile's convention (§2.1 does not show
 * one), which the contract checks only where the profile states it. Checked on every answer that carries it, not
 * only the one a test reads: a service may get it right in one answer and wrong in another.
 */
const RECORD_CREATED_AT = /^(?:\/payments\/\d+)?\/createdAt$/;

/**
 * The errors of a body against a schema (warnings, e.g. unknown members, are not defects): the spec-level ones, and
 * the profile-level ones `profileRule` keeps (a convention the profile states: the contract only checks those).
 */
function specErrors(
  contract: Contract,
  schema: Parameters<Contract['validate']>[0],
  body: unknown,
  profileRule: (finding: Finding) => boolean = () => false,
): Finding[] {
  const validation = contract.validate(schema, body);
  return validation.ok
    ? []
    : validation.findings.filter((f) => f.severity === 'error' && (f.level === 'spec' || profileRule(f)));
}

/** The requirement of a member of an answer more specific than the answer's shape, if any. */
function memberRequirement(operation: OperationName, pointer: string): RequirementId | undefined {
  const record = operation === 'paymentsList' ? /^\/payments\/\d+(\/.*)?$/.exec(pointer)?.[1] : pointer;
  if (operation === 'paymentsList' && record === undefined)
    return /^\/payments\/\d+$/.test(pointer) ? 'PAYMENT-SHAPE' : undefined;
  if (operation !== 'paymentStatus' && operation !== 'paymentsList') return undefined;
  if (record === '/failedCode') return 'PAYMENT-FAILEDCODE-ENUM';
  return operation === 'paymentsList' ? 'PAYMENT-SHAPE' : undefined;
}

/**
 * The passive findings of one exchange. `judgeRecord: false` (a lookup that names no record the kit made) leaves a
 * 200's shape to the not-found requirement, whose tests judge that answer.
 */
export function passiveFindings(
  exchange: Exchange,
  contract: Contract,
  options: { readonly judgeRecord?: boolean } = {},
): PassiveFinding[] {
  // A body cut at the size limit cannot be judged whole.
  if (exchange.truncated) return [];
  const found: PassiveFinding[] = [];
  const { operation } = exchange;
  const add = (requirement: RequirementId, problem: string, detail: string) => {
    found.push({ requirement, operation, problem, detail });
  };
  const contentType = header(exchange, 'content-type');
  // Only a body that is JSON: one that is not is its status's requirement's finding (an error body, a shape).
  if (exchange.json !== undefined && !isJsonMediaType(contentType)) {
    add(
      'BODY-JSON-MEDIA-TYPE',
      `a JSON body served as ${contentType?.split(';')[0]?.trim() || 'no Content-Type'}`,
      `${exchange.status} with Content-Type ${contentType ?? '(none)'}`,
    );
  }
  const shape = SHAPE_OF_ANSWER[operation];
  if (exchange.status === 200 && shape !== undefined && options.judgeRecord !== false) {
    const records = operation === 'paymentStatus' || operation === 'paymentsList';
    const errors = specErrors(
      contract,
      OPERATIONS[operation].response,
      exchange.json,
      (f) => records && RECORD_CREATED_AT.test(f.pointer),
    );
    // The most specific requirement claims a member: a record's failedCode is PAYMENT-FAILEDCODE-ENUM's, a listed
    // payment's other members PAYMENT-SHAPE's, the page's own LIST-SHAPE's.
    const groups = new Map<RequirementId, Finding[]>();
    for (const finding of errors) {
      // A createdAt off the profile's format (the only profile-level rule kept) is that convention's requirement's.
      const requirement =
        finding.level === 'profile'
          ? 'PAYMENT-CREATEDAT-FORMAT'
          : (memberRequirement(operation, finding.pointer) ?? shape);
      groups.set(requirement, [...(groups.get(requirement) ?? []), finding]);
    }
    for (const [requirement, findings] of groups) add(requirement, problemOf(findings), describe(findings));
  }
  if (ERROR_STATUSES.has(exchange.status)) {
    // A 500's body is ERROR-500-BODY's statement; every other error's ERROR-BODY-SHAPE's.
    const requirement: RequirementId = exchange.status === 500 ? 'ERROR-500-BODY' : 'ERROR-BODY-SHAPE';
    const errors = specErrors(contract, 'errors/error', exchange.json);
    const exact = EXACT_CODES.get(exchange.status);
    const code = (exchange.json as { error?: unknown } | undefined)?.error;
    if (exchange.json === undefined) {
      add(requirement, `a ${exchange.status} whose body is not JSON`, exchange.jsonError ?? 'no body');
    } else if (errors.length > 0) {
      add(requirement, `a ${exchange.status} ${problemOf(errors)}`, describe(errors));
    } else if (exact !== undefined && typeof code === 'string' && !exact.has(code)) {
      add(
        'ERROR-BODY-SHAPE',
        `a ${exchange.status} with a code §7 does not give it`,
        `error ${JSON.stringify(code)}; §7 gives ${exchange.status} only ${[...exact].join(', ')}`,
      );
    }
  }
  return found;
}
