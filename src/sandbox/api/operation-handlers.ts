import type { OperationName, RequestOf } from '../../contract/operations.js';
import type { Merchant } from '../config/merchant.js';
import { complaintView } from '../domain/complaint-record.js';
import { paymentView } from '../domain/payment-record.js';
import {
  faultyComplaint,
  faultyCreateResponse,
  faultyPayment,
  staleComplaint,
  staleStatus,
} from '../faults/shape-faults.js';
import type { SandboxContext } from '../sandbox-context.js';
import { complaintStatus, createComplaint } from '../service/complaints.js';
import { createPayment } from '../service/create-payment.js';
import { uploadMedia } from '../service/media.js';
import { paymentMethods } from '../service/payment-methods.js';
import { paymentStatus } from '../service/payment-status.js';
import { lagging } from '../service/status-lag.js';
import { listPayments } from '../service/payments-list.js';
import { confirmSms } from '../service/sms.js';

type Handler<Op extends OperationName> = (ctx: SandboxContext, merchant: Merchant, body: RequestOf<Op>) => unknown;

const accountOf = (ctx: SandboxContext) => (methodId: string) => ctx.methods.get(methodId)?.method.accountId;

/** Each operation of the interface, from a validated body to the 200 body (faults applied where they bite). */
export const OPERATION_HANDLERS: { readonly [Op in OperationName]: Handler<Op> } = {
  createPayIn: (ctx, merchant, body) => faultyCreateResponse(createPayment(ctx, merchant, 'PAY_IN', body), ctx.faults),
  createPayOut: (ctx, merchant, body) =>
    faultyCreateResponse(createPayment(ctx, merchant, 'PAY_OUT', body), ctx.faults),
  paymentStatus: (ctx, merchant, body) => {
    const found = paymentStatus(ctx, merchant, body);
    if (found === 'none') return {};
    // As the status check's replica shows it (conventions.statusLagMs), in the flavour's style.
    const shown = lagging(found, ctx.clock.now(), ctx.conventions.statusLagMs);
    return faultyPayment(staleStatus(paymentView(shown, ctx.recordStyle), ctx.faults), ctx.faults, accountOf(ctx));
  },
  paymentsList: (ctx, merchant, body) => {
    const page = listPayments(ctx, merchant, body);
    return {
      payments: page.payments.map((p) => faultyPayment(paymentView(p, ctx.recordStyle), ctx.faults, accountOf(ctx))),
      total: ctx.faults.has('list-total-as-string') ? String(page.total) : page.total,
      totalSucceed: page.totalSucceed,
      totalFailed: page.totalFailed,
      amounts: page.amounts,
      ...(page.nextId === undefined ? {} : { nextId: page.nextId }),
    };
  },
  complaintStatus: (ctx, merchant, body) => {
    const found = complaintStatus(ctx, merchant, body);
    if (found === 'none') return {};
    return faultyComplaint(staleComplaint(complaintView(found, ctx.recordStyle), ctx.faults), ctx.faults);
  },
  paymentMethods: (ctx, merchant, body) => paymentMethods(ctx, merchant, body),
  mediaUpload: (ctx, merchant, body) => uploadMedia(ctx, merchant, body),
  complaintCreate: (ctx, merchant, body) => {
    const { publicKey: _publicKey, hash: _hash, ...fields } = body;
    return faultyComplaint(complaintView(createComplaint(ctx, merchant, fields), ctx.recordStyle), ctx.faults);
  },
  smsConfirm: (ctx, merchant, body) => confirmSms(ctx, merchant, body),
};
