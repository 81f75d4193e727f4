import type { IncomingHttpHeaders } from 'node:http';
import { constantTimeEqual } from '../../signing/constant-time.js';
import { ApiError } from '../api/api-error.js';
import { parseJsonObject } from '../api/parse-body.js';
import { complaintView } from '../domain/complaint-record.js';
import { paymentView } from '../domain/payment-record.js';
import type { Answer } from '../http/answer.js';
import type { SandboxContext } from '../sandbox-context.js';
import { createComplaint, flipComplaint, moveComplaint } from '../service/complaints.js';
import { flip, setOutcome } from '../service/payment-outcomes.js';
import { type HelperApi, type HelperCall, HelperRequestError } from './helper-routes.js';
import { HelperSignatureError, verifiedHelperBody } from './signed-helper-body.js';

/**
 * The flavour's test helpers, behind their own header (a key of their own, not the control token): what a provider's
 * sandbox offers for settling payments and resolving complaints, which the kit reaches through the profile's
 * `outcomes.httpHooks`. Unlike the control API there is no clock, no faults and no reset here.
 */
export function handleHelper(
  ctx: SandboxContext,
  api: HelperApi,
  key: string,
  request: {
    readonly method: string;
    readonly path: string;
    readonly headers: IncomingHttpHeaders;
    readonly bytes: Buffer;
  },
): Answer {
  const given = request.headers[api.header];
  if (typeof given !== 'string' || !constantTimeEqual(given, key)) {
    return { status: 401, json: { error: `the test helpers need the ${api.header} header` } };
  }
  try {
    const parsed = request.bytes.length === 0 ? {} : parseJsonObject(request.bytes);
    const body = api.signed === true ? verifiedHelperBody(ctx, parsed, request.bytes) : parsed;
    const call = api.route(request.method, request.path, body);
    if (call === undefined) throw ApiError.notFound();
    const record = perform(ctx, call);
    return { status: 200, json: api.answer(call, record) };
  } catch (error) {
    if (error instanceof HelperRequestError) return { status: 400, json: { error: error.message } };
    if (error instanceof HelperSignatureError) return { status: 401, json: { error: error.message } };
    if (error instanceof ApiError) return { status: error.status, json: { error: error.error } };
    throw error;
  }
}

function perform(ctx: SandboxContext, call: HelperCall): { id: string; status: string } {
  switch (call.action) {
    case 'settlePayment': {
      const payment = paymentNamed(ctx, call.paymentId);
      setOutcome(ctx, payment, call.status, call.status === 'FAILED' ? call.failedCode : undefined);
      return paymentView(payment, ctx.recordStyle);
    }
    case 'flipPayment': {
      const payment = paymentNamed(ctx, call.paymentId);
      flip(ctx, payment, call.failedCode);
      return paymentView(payment, ctx.recordStyle);
    }
    case 'createComplaint': {
      const payment = paymentNamed(ctx, call.paymentId);
      const merchant = [...ctx.merchants.values()].find((m) => m.id === payment.merchantId);
      if (merchant === undefined) throw ApiError.notFound();
      const fields = {
        paymentId: call.paymentId,
        postBackUrl: call.postBackUrl,
        ...(call.comment === undefined ? {} : { comment: call.comment }),
      };
      return complaintView(createComplaint(ctx, merchant, fields), ctx.recordStyle);
    }
    case 'moveComplaint': {
      const complaint = complaintNamed(ctx, call.complaintId);
      moveComplaint(ctx, complaint, call.status);
      return complaintView(complaint, ctx.recordStyle);
    }
    case 'flipComplaint': {
      const complaint = complaintNamed(ctx, call.complaintId);
      flipComplaint(ctx, complaint);
      return complaintView(complaint, ctx.recordStyle);
    }
  }
}

function paymentNamed(ctx: SandboxContext, id: string) {
  const payment = ctx.payments.getAny(id);
  if (payment === undefined) throw ApiError.notFound();
  return payment;
}

function complaintNamed(ctx: SandboxContext, id: string) {
  const complaint = ctx.complaints.getAny(id);
  if (complaint === undefined) throw ApiError.notFound();
  return complaint;
}
