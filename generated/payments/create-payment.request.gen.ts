/* eslint-disable */
/**
 * Generated from schemas/payments/create-payment.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * The merchant's public key: the entire contents of the key file issued at registration (§5.2).
 */
export type PublicKey = string;
/**
 * Encoded string of the request body (§5.3); the algorithm is a profile decision.
 */
export type Hash = string;
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 */
export type Amount = number;
export type ClientFieldsValues = ClientFieldValue[];

/**
 * Body of POST /api/payments/v1/pay_in (§4.1) and POST /api/payments/v1/pay_out (§4.2).
 */
export interface CreatePaymentRequest {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Account id received in the payment method
   */
  accountId: number;
  /**
   * Payment method id
   */
  paymentMethodId: string;
  amount: Amount;
  clientFieldsValues: ClientFieldsValues;
  /**
   * Merchant's own payment id
   */
  merchantPaymentId?: string;
  /**
   * Merchant's own user id
   */
  merchantUserId?: string;
  /**
   * Where the user is sent after interacting with an external payment system, on success
   */
  successRedirectUrl?: string;
  /**
   * Same as successRedirectUrl, on failure
   */
  failureRedirectUrl?: string;
  /**
   * Listed in the field table only: if given, the service redirects to it after payment creation
   */
  redirectUrl?: string;
  /**
   * Receives the postback; when absent, the postback goes to the URL registered for the merchant (§6)
   */
  postBackUrl?: string;
  /**
   * Required when the payment method's isAttachmentRequired is true: the id returned by a media upload
   */
  attachmentId?: string;
}
/**
 * One field of the payment method filled in by the user: key is the field id (§2.1).
 */
export interface ClientFieldValue {
  key: string;
  value: string;
}
