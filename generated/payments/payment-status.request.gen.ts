/* eslint-disable */
/**
 * Generated from schemas/payments/payment-status.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Body of the payment status check (§4.3). Either paymentId or merchantPaymentId must be present; with both, paymentId is looked up first.
 */
export type PaymentStatusRequest = (PaymentLookupByPaymentId | PaymentLookupByMerchantPaymentId) & {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Payment id in the service
   */
  paymentId?: string;
  /**
   * Merchant's payment id given at creation
   */
  merchantPaymentId?: string;
};
/**
 * The merchant's public key: the entire contents of the key file issued at registration (§5.2).
 */
export type PublicKey = string;
/**
 * Encoded string of the request body (§5.3); the algorithm is a profile decision.
 */
export type Hash = string;

export interface PaymentLookupByPaymentId {
  paymentId: string;
}
export interface PaymentLookupByMerchantPaymentId {
  merchantPaymentId: string;
}
