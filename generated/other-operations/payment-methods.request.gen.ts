/* eslint-disable */
/**
 * Generated from schemas/other-operations/payment-methods.request.schema.json by `npm run generate`. Do not edit by hand:
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
export type PaymentType = 'PAY_IN' | 'PAY_OUT';

/**
 * Payment method retrieval. The interface names the operation only (§4.7); this body is the kit's design, used when the profile names the operation's path.
 */
export interface PaymentMethodsRequest {
  publicKey: PublicKey;
  hash: Hash;
  type?: PaymentType;
}
