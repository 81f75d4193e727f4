import type { PaymentType } from '../../../generated/common/definitions.gen.js';
import type { CreatePaymentRequest } from '../../../generated/payments/create-payment.request.gen.js';
import type {
  CreatePaymentResponse,
  PaymentCreationInfo,
} from '../../../generated/payments/create-payment.response.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import type { SandboxMethod } from '../config/payment-methods.js';
import { toMinorUnits } from '../domain/money.js';
import { storedFieldOrder } from '../domain/record-style.js';
import type { SandboxContext } from '../sandbox-context.js';
import { assertHttpUrl } from './absolute-url.js';
import { assertClientFields } from './client-fields.js';
import { assertAmountBounds } from './method-bounds.js';
import { scheduleMagicOutcome } from './payment-outcomes.js';

/** The method a creation names: 404 NOT_FOUND when it does not exist, 403 ACCESS_DENIED when not the merchant's (§7). */
export function methodFor(ctx: SandboxContext, merchant: Merchant, paymentMethodId: string): SandboxMethod {
  const method = ctx.methods.get(paymentMethodId);
  if (method === undefined) {
    if (ctx.faults.has('error-unknown-method-400'))
      throw ApiError.badRequest(`unknown payment method ${paymentMethodId}`);
    throw ApiError.notFound();
  }
  if (!merchant.allowedMethodIds.has(paymentMethodId)) {
    if (ctx.faults.has('error-forbidden-method-404')) throw ApiError.notFound();
    throw new ApiError(403, 'ACCESS_DENIED');
  }
  return method;
}

function infoFor(method: SandboxMethod, paymentId: string, ctx: SandboxContext): PaymentCreationInfo {
  const { deepLink } = method.info;
  const info =
    ctx.faults.has('create-sms-flag-missing') && method.info.isSMSRequired === true
      ? { ...method.info, isSMSRequired: false }
      : method.info;
  if (deepLink === undefined || deepLink === null) return { ...info };
  const links = Object.fromEntries(
    Object.entries(deepLink).map(([app, link]) => [
      app,
      typeof link === 'string' ? link.replaceAll('{paymentId}', encodeURIComponent(paymentId)) : link,
    ]),
  );
  return { ...info, deepLink: links };
}

/** The type a payment is stored with: the operation's, unless a copy-paste fault swaps it. */
function storedType(ctx: SandboxContext, type: PaymentType): PaymentType {
  if (type === 'PAY_IN' && ctx.faults.has('create-payin-stored-as-payout')) return 'PAY_OUT';
  if (type === 'PAY_OUT' && ctx.faults.has('create-payout-stored-as-payin')) return 'PAY_IN';
  return type;
}

/** Creates a PAY_IN (§4.1) or PAY_OUT (§4.2) payment, PENDING (design brief §4). */
export function createPayment(
  ctx: SandboxContext,
  merchant: Merchant,
  type: PaymentType,
  body: CreatePaymentRequest,
): CreatePaymentResponse {
  const sandboxMethod = methodFor(ctx, merchant, body.paymentMethodId);
  const { method } = sandboxMethod;
  if (method.type !== type) {
    const operation = method.type === 'PAY_IN' ? 'pay_in' : 'pay_out';
    throw ApiError.invalid(`payment method ${method.id} is a ${method.type} method: create it with ${operation}`);
  }
  if (body.accountId !== method.accountId) {
    throw ApiError.invalid(`accountId ${body.accountId} is not the account of payment method ${method.id}`);
  }
  const amountMinor = toMinorUnits(body.amount);
  if (amountMinor === undefined) throw ApiError.invalid('amount must be above 0, with at most two decimals');
  assertAmountBounds(sandboxMethod, amountMinor);
  assertClientFields(
    method.id,
    method.clientFields,
    body.clientFieldsValues,
    !ctx.faults.has('create-client-field-patterns-unchecked'),
  );
  const attachmentRequired = method.isAttachmentRequired && !ctx.faults.has('create-attachment-not-enforced');
  const attachment = attachmentFor(ctx, merchant, method.id, attachmentRequired, body.attachmentId);
  for (const member of ['postBackUrl', 'successRedirectUrl', 'failureRedirectUrl', 'redirectUrl'] as const) {
    assertHttpUrl(member, body[member]);
  }
  if ((body.merchantUserId?.length ?? 0) > 64 && ctx.faults.has('create-500-on-long-merchant-user-id')) {
    // A column of 64 characters the value does not fit in: the insert fails and nothing catches it.
    throw new ApiError(500, 'internal error');
  }
  if (body.merchantPaymentId !== undefined) {
    const existing = ctx.payments.getByMerchantPaymentId(merchant.id, body.merchantPaymentId);
    if (existing !== undefined) {
      throw ApiError.invalid(`merchantPaymentId ${body.merchantPaymentId} is already used by payment ${existing.id}`);
    }
  }
  // A payment the kit drives (store/held-payments.ts) gets the id its postbacks carry, and no outcome of its own.
  const heldId = ctx.held.take(body.merchantPaymentId);
  const record = ctx.payments.add({
    id: heldId ?? ctx.newId(),
    merchantId: merchant.id,
    type: storedType(ctx, type),
    paymentMethodId: method.id,
    amountMinor,
    currencyCode: method.currencyCode,
    // Keys are the method's own field ids (one string shared by every payment), values the merchant's, in the
    // order the flavour keeps them (as sent, or the method's).
    clientFieldsValues: storedFieldOrder(
      body.clientFieldsValues.map((f) => ({ key: fieldId(method.clientFields, f.key), value: f.value })),
      method.clientFields,
      ctx.recordStyle,
    ),
    merchantPaymentId: body.merchantPaymentId,
    merchantUserId: body.merchantUserId,
    postBackUrl: body.postBackUrl,
    successRedirectUrl: body.successRedirectUrl,
    failureRedirectUrl: body.failureRedirectUrl,
    redirectUrl: body.redirectUrl,
    attachment,
    smsRequired: sandboxMethod.info.isSMSRequired === true,
    createdAtMs: ctx.clock.now(),
    status: ctx.faults.has('payment-created-success') ? 'SUCCESS' : 'PENDING',
    failedCode: undefined,
    smsConfirmed: false,
  });
  if (heldId === undefined) scheduleMagicOutcome(ctx, record);
  return {
    isSucceed: true,
    paymentId: record.id,
    ...(method.isExternal && !ctx.faults.has('create-form-url-missing')
      ? { formUrl: `${ctx.publicBaseUrl()}${ctx.controlBasePath}/pay/${record.id}` }
      : {}),
    ...(withInfo(ctx, sandboxMethod) ? { info: infoFor(sandboxMethod, record.id, ctx) } : {}),
  };
}

/**
 * Whether the creation answer carries info (§2.3; conventions.creationInfo): always, or only where one of its members
 * applies (an external system's links, an SMS to confirm); the fault leaves it out where the conventions say always.
 */
function withInfo(ctx: SandboxContext, method: SandboxMethod): boolean {
  if (ctx.conventions.creationInfo === 'always') return !ctx.faults.has('create-response-no-info');
  return method.method.isExternal || method.info.isSMSRequired === true;
}

function fieldId(fields: readonly { readonly id: string }[], key: string): string {
  return fields.find((field) => field.id === key)?.id ?? key;
}

function attachmentFor(
  ctx: SandboxContext,
  merchant: Merchant,
  methodId: string,
  required: boolean,
  attachmentId: string | undefined,
): { id: string; url: string } | undefined {
  if (attachmentId === undefined) {
    if (required) throw ApiError.invalid(`payment method ${methodId} requires attachmentId (the id of a media upload)`);
    return undefined;
  }
  const media = ctx.media.get(attachmentId);
  if (media?.merchantId !== merchant.id) {
    throw ApiError.invalid(`attachmentId ${attachmentId} is not a media upload of this merchant`);
  }
  return { id: media.id, url: `${ctx.publicBaseUrl()}${ctx.controlBasePath}/media/${media.id}` };
}
