/* eslint-disable */
/**
 * Generated from schemas/postbacks/complaint-postback.schema.json by `npm run generate`. Do not edit by hand:
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
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 */
export type Amount = number;
/**
 * Creation or edit date of a record. Its format is not shown (§2.1); the profile's conventions.createdAtFormat decides, default ISO 8601 UTC with milliseconds and Z.
 */
export type RecordTimestamp = string;

/**
 * Complaint postback body sent by the service to the complaint's postback URL (§2.6, §6): status is COMPLETED or DECLINED.
 */
export interface ComplaintPostback {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Complaint id in the service
   */
  id: string;
  /**
   * Merchant id in the service
   */
  merchantId: string;
  /**
   * Payment method id
   */
  paymentMethodId?: string | null;
  /**
   * ISO currency code or null: this body names it currency, not currencyCode
   */
  currency?: CurrencyCode | null;
  /**
   * Merchant's payment id, if given at payment creation
   */
  merchantPaymentId?: string;
  /**
   * Merchant-system transaction id of the credited payment from the supplied evidence
   */
  creditedMerchantPaymentId?: string | null;
  /**
   * Merchant's user id
   */
  merchantUserId?: string | null;
  /**
   * Transaction id from the supplied evidence
   */
  identifier?: string | null;
  /**
   * Payment id in the service
   */
  paymentId?: string | null;
  /**
   * Always COMPLETED or DECLINED
   */
  status: 'COMPLETED' | 'DECLINED';
  /**
   * Additional comment
   */
  comment?: string | null;
  /**
   * Payment amount
   */
  amount?: Amount | null;
  createdAt: RecordTimestamp;
  updatedAt: RecordTimestamp;
}
