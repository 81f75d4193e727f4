/**
 * The reference shop's checkout in test mode, as the real integration has it (receiver.expectedPayments with
 * createdOnService): POST /merchant/checkout creates the shop's order, then the payment on the service through the
 * kit's own client (src/client/api-client.ts), signed with the merchant's key of the client profile. The payment
 * method's account and form come from the service's method list (§4.7); the payer's details are a test payer's.
 *
 * Body: {merchantPaymentId, merchantUserId, paymentMethodId, type, amount, serviceUrl}. Answers 201 with the order and
 * the service's paymentId, 400 for a bad member, 409 for an id it has, 502 when the service refused the payment.
 */
import { ApiClient } from '../../src/client/api-client.js';
import type { LoadedProfile } from '../../src/profile/load-profile.js';
import type { PaymentMethod } from '../../generated/other-operations/payment-methods.response.gen.js';
import type { Checkout, CheckoutAnswer } from './reference-receiver.js';

/** A test payer's details, by the form field they fill (what a tester types on a sandbox's payment form). */
const TEST_PAYER: Readonly<Record<string, string>> = {
  cardholder: 'Ada Lovelace',
  cardLast4: '4242',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  beneficiaryName: 'Ada Lovelace',
  senderPhone: '+8801712345678',
  walletPhone: '+923001234567',
};

const refused = (status: number, error: string): CheckoutAnswer => ({ status, body: { error } });

/** The checkout that creates each payment with `profile`'s merchant key, on the service its caller names. */
export function kitCheckout(profile: LoadedProfile): Checkout {
  const clients = new Map<string, ApiClient>();
  const clientOf = (serviceUrl: string): ApiClient => {
    const known = clients.get(serviceUrl);
    if (known !== undefined) return known;
    const client = new ApiClient({ baseUrl: serviceUrl, profile, connections: 2 });
    clients.set(serviceUrl, client);
    return client;
  };
  return async (store, raw) => {
    const order = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const { merchantPaymentId, merchantUserId, paymentMethodId, type, amount, serviceUrl } = order;
    if (typeof merchantPaymentId !== 'string' || merchantPaymentId === '') return refused(400, 'merchantPaymentId');
    if (typeof paymentMethodId !== 'string') return refused(400, 'paymentMethodId');
    if (type !== 'PAY_IN' && type !== 'PAY_OUT') return refused(400, 'type');
    if (typeof amount !== 'number' || !(amount > 0)) return refused(400, 'amount');
    if (typeof serviceUrl !== 'string' || !/^https?:\/\//.test(serviceUrl)) return refused(400, 'serviceUrl');
    if (store.orders.has(merchantPaymentId)) return refused(409, 'exists');
    const client = clientOf(serviceUrl);
    const listed = await client.paymentMethods({ type });
    const methods = (listed.json as { paymentMethods?: PaymentMethod[] } | undefined)?.paymentMethods ?? [];
    const method = methods.find((m) => m.id === paymentMethodId);
    if (method === undefined) return refused(502, `the service lists no method ${paymentMethodId} (${listed.status})`);
    const missing = method.clientFields.find((f) => f.required && TEST_PAYER[f.id] === undefined);
    if (missing !== undefined) return refused(502, `no test payer value for the field ${missing.id}`);
    const fields = {
      accountId: method.accountId,
      paymentMethodId,
      amount,
      merchantPaymentId,
      ...(typeof merchantUserId === 'string' ? { merchantUserId } : {}),
      clientFieldsValues: method.clientFields
        .filter((f) => TEST_PAYER[f.id] !== undefined)
        .map((f) => ({ key: f.id, value: TEST_PAYER[f.id] ?? '' })),
    };
    const created = type === 'PAY_IN' ? await client.createPayIn(fields) : await client.createPayOut(fields);
    const answer = created.json as { isSucceed?: boolean; paymentId?: string } | undefined;
    if (created.status !== 200 || answer?.isSucceed !== true) {
      return refused(502, `the service refused the payment: ${created.status} ${created.text.slice(0, 300)}`);
    }
    store.orders.set(merchantPaymentId, { amount, currency: method.currencyCode });
    return {
      status: 201,
      body: { merchantPaymentId, amount, currency: method.currencyCode, paymentId: answer.paymentId },
    };
  };
}
