import type { PaymentMethodsRequest } from '../../../generated/other-operations/payment-methods.request.gen.js';
import type { PaymentMethodsResponse } from '../../../generated/other-operations/payment-methods.response.gen.js';
import type { Merchant } from '../config/merchant.js';
import type { SandboxContext } from '../sandbox-context.js';

/** Payment method retrieval (§4.7): the methods the merchant may use, of one type when asked. */
export function paymentMethods(
  ctx: SandboxContext,
  merchant: Merchant,
  body: PaymentMethodsRequest,
): PaymentMethodsResponse {
  const allowed = (id: string) =>
    merchant.allowedMethodIds.has(id) || ctx.faults.has('methods-list-includes-forbidden');
  const methods = [...ctx.methods.values()]
    .map((m) => m.method)
    .filter((m) => allowed(m.id) && (body.type === undefined || m.type === body.type));
  return { paymentMethods: methods.map((m) => structuredClone(m)) };
}
