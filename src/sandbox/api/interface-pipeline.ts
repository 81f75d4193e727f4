import { getContract } from '../../contract/contract.js';
import { formatFindings } from '../../contract/finding.js';
import { OPERATIONS, type OperationName } from '../../contract/operations.js';
import { boundFromWire } from '../../profile/list-time.js';
import { faultyRequest, noLookupFieldIs404 } from '../faults/request-faults.js';
import type { Answer } from '../http/answer.js';
import type { SandboxContext } from '../sandbox-context.js';
import { ApiError } from './api-error.js';
import { authenticate } from './authenticate.js';
import { OPERATION_HANDLERS } from './operation-handlers.js';
import { parseJsonObject } from './parse-body.js';

/** The lookups whose "no lookup field" answer is a profile decision (§7: not shown). */
const LOOKUPS: ReadonlySet<OperationName> = new Set(['paymentStatus', 'complaintStatus']);

/** At most this many findings in a 400's text: enough to fix the body, short enough to read. */
const FINDINGS_IN_TEXT = 5;

function validated(ctx: SandboxContext, operation: OperationName, received: Record<string, unknown>): unknown {
  const body = faultyRequest(operation, received, ctx.faults, ctx.clock.now());
  const validation = getContract().validate(OPERATIONS[operation].request, body);
  if (validation.ok) return validation.value;
  const errors = validation.findings.filter((f) => f.severity === 'error');
  const onlyLookupMissing = errors.length === 1 && errors[0]?.rule === 'at-least-one-of';
  const text = `invalid body: ${formatFindings(errors.slice(0, FINDINGS_IN_TEXT)).replaceAll('\n', '; ')}`;
  if (LOOKUPS.has(operation) && onlyLookupMissing) {
    const { statusWithoutLookupField, invalidBodyStatus } = ctx.conventions;
    if (noLookupFieldIs404(operation, statusWithoutLookupField, ctx.faults)) throw ApiError.notFound();
    // A lookup without a lookup field has a status of its own (statusWithoutLookupField, §7: not shown), whatever
    // the one of other invalid bodies (invalidBodyStatus).
    if (statusWithoutLookupField !== invalidBodyStatus) throw new ApiError(statusWithoutLookupField, text);
  }
  // The status the conventions give a body that breaks its table (invalidBodyStatus); the fault answers 422 where
  // they say 400.
  if (ctx.faults.has('error-invalid-body-422') && ctx.conventions.invalidBodyStatus === 400)
    throw new ApiError(422, text);
  throw ApiError.invalid(text);
}

const CREDENTIALS = new Set(['publicKey', 'hash']);

/**
 * The body as the service reads it under its conventions (§4 does not say): members given as null read as absent
 * (nullMembers), members no field table lists dropped (unknownRequestMembers). The credential members are
 * authentication's (nullCredentials), so they stay as they came.
 */
function asRead(ctx: SandboxContext, operation: OperationName, body: Record<string, unknown>): Record<string, unknown> {
  const { conventions, faults } = ctx;
  let read = body;
  if (conventions.nullMembers === 'absent' || faults.has('request-null-members-as-absent')) {
    read = Object.fromEntries(Object.entries(read).filter(([name, value]) => value !== null || CREDENTIALS.has(name)));
  }
  if (conventions.unknownRequestMembers === 'ignored' || faults.has('request-unknown-members-ignored')) {
    const unlisted = new Set(
      getContract()
        .validate(OPERATIONS[operation].request, read)
        .findings.filter((f) => f.rule === 'unknown-member' && /^\/[^/]*$/.test(f.pointer))
        .map((f) => f.pointer.slice(1).replaceAll('~1', '/').replaceAll('~0', '~')),
    );
    read = Object.fromEntries(Object.entries(read).filter(([name]) => !unlisted.has(name)));
  }
  if (operation === 'paymentsList' && conventions.listTimestampUnit === 'iso8601') read = isoBoundsRead(read);
  return read;
}

/**
 * A list whose bounds the service takes as ISO 8601 text (conventions.listTimestampUnit iso8601): text that reads as
 * a date-time becomes its milliseconds, what the schema then checks as a number; a number, not the service's form,
 * becomes text the schema refuses (400), in its turn after authentication.
 */
function isoBoundsRead(body: Record<string, unknown>): Record<string, unknown> {
  const read = { ...body };
  for (const member of ['createdAtFrom', 'createdAtTo']) {
    const value = read[member];
    if (typeof value === 'number') read[member] = `a number where ISO 8601 text is due: ${value}`;
    else if (value !== undefined) {
      const ms = boundFromWire(value, 'iso8601');
      if (ms !== undefined) read[member] = ms;
    }
  }
  return read;
}

/** The body with string stand-ins for publicKey and hash: what a service that checks the body first validates. */
function withCredentialStandIns(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, publicKey: 'checked later', hash: 'checked later' };
}

/**
 * One operation of the interface, in the order of the conventions' authCheckOrder (§5.4, §7): parse (400),
 * authenticate (401 NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED) and validate the body (400) in either order (the
 * sandbox's own: credentials first), then the operation (404, 403, 400, 200).
 */
export function handleOperation(ctx: SandboxContext, operation: OperationName, bytes: Buffer): Answer {
  try {
    const injected =
      ctx.faults.has('server-error-on-every-operation') ||
      (ctx.faults.has('server-error-on-create') && OPERATIONS[operation].createsPayment);
    if (injected) return errorAnswer(ctx, new ApiError(500, 'internal error'));
    let body: Record<string, unknown>;
    try {
      body = parseJsonObject(
        bytes,
        ctx.faults.has('request-non-utf8-replaced') ? 'replaced' : ctx.conventions.nonUtf8Bodies,
      );
    } catch (error) {
      if (ctx.faults.has('error-malformed-json-500')) return errorAnswer(ctx, new ApiError(500, 'internal error'));
      throw error;
    }
    const read = asRead(ctx, operation, body);
    if (ctx.conventions.authCheckOrder === 'body-first') validated(ctx, operation, withCredentialStandIns(read));
    // The fault is the body-first order where the profile states credentials first: one wrong order, not a body
    // schema that also demands the credentials (which would break every 401 of §5.4 at once).
    if (ctx.faults.has('auth-validation-first')) validated(ctx, operation, withCredentialStandIns(read));
    const merchant = authenticate(ctx, operation, body, bytes);
    const request = validated(ctx, operation, read);
    const handler = OPERATION_HANDLERS[operation] as (c: SandboxContext, m: typeof merchant, b: unknown) => unknown;
    const json = handler(ctx, merchant, request);
    if (operation === 'paymentStatus' && ctx.faults.has('status-json-as-text-plain')) {
      return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, raw: JSON.stringify(json) };
    }
    return { status: 200, json };
  } catch (error) {
    if (error instanceof ApiError) {
      // A well-formed body refused for its content: the status the conventions give it (§7's 400 by default).
      if (error.invalidContent) return errorAnswer(ctx, new ApiError(ctx.conventions.invalidBodyStatus, error.error));
      return errorAnswer(ctx, error);
    }
    throw error;
  }
}

/** Every error body is {"error": string} (§7), unless a fault says otherwise. */
export function errorAnswer(ctx: SandboxContext, error: ApiError): Answer {
  if (error.status === 500 && ctx.faults.has('server-error-html-body')) {
    const page =
      '<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';
    return { status: 500, headers: { 'content-type': 'text/html' }, raw: page };
  }
  const member = ctx.faults.has('error-body-message-member') ? 'message' : 'error';
  return { status: error.status, json: { [member]: error.error } };
}
