import type { IncomingHttpHeaders } from 'node:http';
import type { SchemaId, SchemaTypes } from '../../../generated/schema-types.gen.js';
import type { ClockResponse } from '../../../generated/sandbox-control/clock.response.gen.js';
import { getContract } from '../../contract/contract.js';
import { formatFindings } from '../../contract/finding.js';
import { constantTimeEqual } from '../../signing/constant-time.js';
import { ApiError } from '../api/api-error.js';
import { parseJsonObject } from '../api/parse-body.js';
import { ClockError } from '../clock/sandbox-clock.js';
import type { Merchant } from '../config/merchant.js';
import { complaintView } from '../domain/complaint-record.js';
import { paymentView } from '../domain/payment-record.js';
import { UnknownFaultError } from '../faults/fault-set.js';
import type { Answer } from '../http/answer.js';
import type { SandboxContext } from '../sandbox-context.js';
import { createComplaint, flipComplaint, moveComplaint } from '../service/complaints.js';
import { flip, setOutcome } from '../service/payment-outcomes.js';
import { completePayment, payPage } from './pay-page.js';

export interface ControlRequest {
  readonly method: string;
  /** The path below the control base path, e.g. `payments/p-1/outcome`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly bytes: Buffer;
}

/** Resets the sandbox's state (payments, complaints, media, deliveries); faults and the clock stay. */
export type Reset = () => void;

function body<Id extends SchemaId>(request: ControlRequest, schema: Id): SchemaTypes[Id] {
  const value = request.bytes.length === 0 ? {} : parseJsonObject(request.bytes);
  const validation = getContract().validate(schema, value);
  if (!validation.ok)
    throw ApiError.badRequest(`invalid body: ${formatFindings(validation.findings).replaceAll('\n', '; ')}`);
  return validation.value;
}

function clock(ctx: SandboxContext): ClockResponse {
  const nowMs = ctx.clock.now();
  return { now: new Date(nowMs).toISOString(), nowMs, mode: ctx.clock.mode };
}

function defaultMerchant(ctx: SandboxContext): Merchant {
  const merchant = ctx.merchants.values().next().value;
  if (merchant === undefined) throw new Error('the sandbox has no merchant');
  return merchant;
}

function paymentNamed(ctx: SandboxContext, id: string | undefined) {
  const payment = id === undefined ? undefined : ctx.payments.getAny(id);
  if (payment === undefined) throw ApiError.notFound();
  return payment;
}

function complaintNamed(ctx: SandboxContext, id: string | undefined) {
  const complaint = id === undefined ? undefined : ctx.complaints.getAny(id);
  if (complaint === undefined) throw ApiError.notFound();
  return complaint;
}

const ok = (json: unknown): Answer => ({ status: 200, json });

const COLLECTIONS: ReadonlySet<string> = new Set(['payments', 'complaints', 'pay', 'media']);

/**
 * The sandbox control API under {base_url}/sandbox/v1/ (not part of the interface; see the sandbox README): set
 * outcomes, flip, drive complaints, advance the clock, read the delivery log, reset, switch faults. Every route but
 * the payment page and media needs `Authorization: Bearer <control token>`.
 */
export async function handleControl(
  ctx: SandboxContext,
  token: string,
  reset: Reset,
  request: ControlRequest,
): Promise<Answer> {
  const segments = request.path.split('/').map((s) => decodeURIComponent(s));
  const [first = '', second] = segments;
  // Collections take an id as their second segment: payments/:id/outcome; anything else is literal: clock/advance.
  const hasId = COLLECTIONS.has(first) && second !== undefined;
  const id = hasId ? second : undefined;
  const route = `${request.method} ${hasId ? [first, ':id', ...segments.slice(2)].join('/') : segments.join('/')}`;
  try {
    switch (route) {
      case 'GET pay/:id':
        return payPage(ctx, paymentNamed(ctx, id));
      case 'POST pay/:id/complete':
        return completePayment(ctx, paymentNamed(ctx, id), request.query.get('result'));
      case 'GET media/:id': {
        const media = id === undefined ? undefined : ctx.media.get(id);
        if (media === undefined) throw ApiError.notFound();
        return { status: 200, headers: { 'content-type': media.contentType }, raw: media.bytes };
      }
    }
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (bearer === undefined || !constantTimeEqual(bearer, token)) {
      return { status: 401, json: { error: 'the control API needs Authorization: Bearer <control token>' } };
    }
    return await controlRoute(ctx, reset, route, id, request);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, json: { error: error.error } };
    if (error instanceof ClockError) return { status: 409, json: { error: error.message } };
    if (error instanceof UnknownFaultError) return { status: 400, json: { error: error.message } };
    throw error;
  }
}

async function controlRoute(
  ctx: SandboxContext,
  reset: Reset,
  route: string,
  id: string | undefined,
  request: ControlRequest,
): Promise<Answer> {
  switch (route) {
    case 'GET clock':
      return ok(clock(ctx));
    case 'POST clock/advance':
      await ctx.clock.advance(body(request, 'sandbox-control/clock-advance.request').ms);
      return ok(clock(ctx));
    case 'GET payments/:id':
      return ok(paymentView(paymentNamed(ctx, id)));
    case 'POST payments/:id/outcome': {
      const payment = paymentNamed(ctx, id);
      const outcome = body(request, 'sandbox-control/payment-outcome.request');
      setOutcome(ctx, payment, outcome.status, outcome.status === 'FAILED' ? outcome.failedCode : undefined);
      return ok(paymentView(payment));
    }
    case 'POST payments/:id/flip': {
      const payment = paymentNamed(ctx, id);
      flip(ctx, payment, body(request, 'sandbox-control/payment-flip.request').failedCode);
      return ok(paymentView(payment));
    }
    case 'POST held-payments': {
      const { merchantPaymentId, id: heldId } = body(request, 'sandbox-control/held-payment.request');
      // Two payments never share an id: one that exists, or is held for another payment, cannot be held (again).
      const heldFor = ctx.held.heldFor(heldId);
      if (ctx.payments.getAny(heldId) !== undefined || (heldFor !== undefined && heldFor !== merchantPaymentId)) {
        throw ApiError.invalid(`payment ${heldId} exists or is held already`);
      }
      ctx.held.hold(merchantPaymentId, heldId);
      return ok({ merchantPaymentId, id: heldId });
    }
    case 'POST complaints': {
      const fields = body(request, 'sandbox-control/complaint-create.request');
      const owner = fields.paymentId === undefined ? undefined : ctx.payments.getAny(fields.paymentId);
      const merchant = [...ctx.merchants.values()].find((m) => m.id === owner?.merchantId) ?? defaultMerchant(ctx);
      return ok(complaintView(createComplaint(ctx, merchant, fields)));
    }
    case 'GET complaints/:id':
      return ok(complaintView(complaintNamed(ctx, id)));
    case 'POST complaints/:id/status': {
      const complaint = complaintNamed(ctx, id);
      moveComplaint(ctx, complaint, body(request, 'sandbox-control/complaint-status.request').status);
      return ok(complaintView(complaint));
    }
    case 'POST complaints/:id/flip': {
      const complaint = complaintNamed(ctx, id);
      flipComplaint(ctx, complaint);
      return ok(complaintView(complaint));
    }
    case 'GET deliveries':
      return ok({ deliveries: ctx.postbacks.engine.list(request.query.get('subject') ?? undefined) });
    case 'GET faults':
      return ok({ faults: ctx.faults.list() });
    case 'PUT faults':
      ctx.faults.replace(body(request, 'sandbox-control/faults.request').enabled);
      ctx.log(`faults: ${ctx.faults.names.join(', ') || 'none'}`);
      return ok({ faults: ctx.faults.list() });
    case 'PUT merchant': {
      const { postbackUrl } = body(request, 'sandbox-control/merchant.request');
      defaultMerchant(ctx).postbackUrl = postbackUrl ?? undefined;
      return ok({ postbackUrl });
    }
    case 'POST reset':
      reset();
      return ok({ reset: true });
    default:
      throw ApiError.notFound();
  }
}
