/* eslint-disable */
/**
 * Generated from schemas/common/definitions.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * The merchant's public key: the entire contents of the key file issued at registration (§5.2).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "PublicKey".
 */
export type PublicKey = string;
/**
 * Encoded string of the request body (§5.3); the algorithm is a profile decision.
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "Hash".
 */
export type Hash = string;
/**
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "ClientFieldsValues".
 */
export type ClientFieldsValues = ClientFieldValue[];
/**
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "PaymentType".
 */
export type PaymentType = 'PAY_IN' | 'PAY_OUT';
/**
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "PaymentStatus".
 */
export type PaymentStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'NEED_CHECK';
/**
 * Reason of failure of a payment record (§2.1).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "FailedCode".
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';
/**
 * Reason of failure in a payment postback: the postback's set has no RECIPIENT_LIMIT (§2.5).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "PostbackFailedCode".
 */
export type PostbackFailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'ANOTHER_REASON';
/**
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "ComplaintStatus".
 */
export type ComplaintStatus = 'PENDING' | 'NEED_CHECK' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "CurrencyCode".
 */
export type CurrencyCode = string;
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "Amount".
 */
export type Amount = number;
/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "UtcMillisTimestamp".
 */
export type UtcMillisTimestamp = string;
/**
 * Creation or edit date of a record. Its format is not shown (§2.1); the profile's conventions.createdAtFormat decides, default ISO 8601 UTC with milliseconds and Z.
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "RecordTimestamp".
 */
export type RecordTimestamp = string;

/**
 * Definitions shared by the bodies of the payment service interface.
 */
export interface Definitions {
  [k: string]: unknown | undefined;
}
/**
 * One field of the payment method filled in by the user: key is the field id (§2.1).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "ClientFieldValue".
 */
export interface ClientFieldValue {
  key: string;
  value: string;
}
/**
 * Payment confirmation image (§2.1).
 *
 * This interface was referenced by `Definitions`'s JSON-Schema
 * via the `definition` "Attachment".
 */
export interface Attachment {
  /**
   * Media id
   */
  id: string;
  /**
   * Image URL
   */
  url: string;
}
