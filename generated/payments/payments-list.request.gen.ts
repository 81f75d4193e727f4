/* eslint-disable */
/**
 * Generated from schemas/payments/payments-list.request.schema.json by `npm run generate`. Do not edit by hand:
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
export type PaymentStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'NEED_CHECK';

/**
 * Body of the payments list (§4.4). The unit of createdAtFrom and createdAtTo is not shown: the profile's conventions decide (default milliseconds since the epoch, bounds inclusive).
 */
export interface PaymentsListRequest {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Keyset pagination id: nextId of the previous response
   */
  fromId?: string;
  /**
   * Page size
   */
  take?: number;
  type?: PaymentType;
  status?: PaymentStatus;
  /**
   * Filter by currency
   */
  currencyCode?: string;
  /**
   * Timestamp, start of the creation-date interval
   */
  createdAtFrom: number;
  /**
   * Timestamp, end of the creation-date interval
   */
  createdAtTo: number;
}
