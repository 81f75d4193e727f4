/* eslint-disable */
/**
 * Generated from schemas/other-operations/complaint-create.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Complaint creation, with the postback URL the complaint postbacks go to (§4.7, §6). The payload is the kit's design: it names the payment by paymentId or merchantPaymentId. The response is the complaint record (§2.4).
 */
export type ComplaintCreateRequest = (ComplaintSubjectByPaymentId | ComplaintSubjectByMerchantPaymentId) & {
  publicKey: PublicKey;
  hash: Hash;
  paymentId?: string;
  merchantPaymentId?: string;
  /**
   * Receives the complaint postbacks (§6)
   */
  postBackUrl: string;
  comment?: string;
  amount?: Amount;
  /**
   * Transaction id from the supplied evidence
   */
  identifier?: string;
  /**
   * Merchant-system transaction id of the credited payment from the supplied evidence
   */
  creditedMerchantPaymentId?: string;
};
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

export interface ComplaintSubjectByPaymentId {
  paymentId: string;
}
export interface ComplaintSubjectByMerchantPaymentId {
  merchantPaymentId: string;
}
