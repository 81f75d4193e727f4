import type { SmsConfirmRequest } from '../../../generated/other-operations/sms-confirm.request.gen.js';
import type { SmsConfirmResponse } from '../../../generated/other-operations/sms-confirm.response.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import { SANDBOX_SMS_CODE } from '../config/payment-methods.js';
import type { SandboxContext } from '../sandbox-context.js';

/** The SMS confirmation that follows a creation with info.isSMSRequired (§2.3, §4.2, §4.7). */
export function confirmSms(ctx: SandboxContext, merchant: Merchant, body: SmsConfirmRequest): SmsConfirmResponse {
  const payment = ctx.payments.get(merchant.id, body.paymentId);
  if (payment === undefined) throw ApiError.notFound();
  if (!payment.smsRequired) throw ApiError.badRequest(`payment ${payment.id} needs no SMS confirmation`);
  const isSucceed = body.code === SANDBOX_SMS_CODE || ctx.faults.has('sms-any-code-accepted');
  if (isSucceed) payment.smsConfirmed = true;
  return { isSucceed };
}
