/* eslint-disable */
/**
 * Generated from schemas/complaints/complaint-status.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Body of the complaint status check (§4.5). At least one of id, paymentId, merchantPaymentId; looked up by id first, then paymentId, then merchantPaymentId.
 */
export type ComplaintStatusRequest = (
  ComplaintLookupById | ComplaintLookupByPaymentId | ComplaintLookupByMerchantPaymentId
) & {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Complaint lookup key
   */
  id?: string;
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

export interface ComplaintLookupById {
  id: string;
}
export interface ComplaintLookupByPaymentId {
  paymentId: string;
}
export interface ComplaintLookupByMerchantPaymentId {
  merchantPaymentId: string;
}
