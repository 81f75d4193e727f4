/* eslint-disable */
/**
 * Generated from schemas/postbacks/payment-postback.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Payment postback body sent by the service to the merchant (§2.5, §6): status is SUCCESS or FAILED; failedCode is null when SUCCESS and a code when FAILED; the currency member is named currency, not currencyCode.
 */
export type PaymentPostback = PaymentPostbackSuccess | PaymentPostbackFailed;
export type PaymentPostbackSuccess = PaymentPostbackBase & PaymentPostbackSuccess1;
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
/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;
export type ClientFieldsValues = ClientFieldValue[];
/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;
export type PaymentPostbackFailed = PaymentPostbackBase & PaymentPostbackFailed1;
/**
 * Reason of failure of a payment record (§2.1).
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';

export interface PaymentPostbackBase {
  publicKey: PublicKey;
  hash: Hash;
  /**
   * Payment id in the service
   */
  id: string;
  /**
   * Payment method id
   */
  paymentMethodId: string;
  amount: Amount;
  currency: CurrencyCode;
  clientFieldsValues: ClientFieldsValues;
  /**
   * Present if given at creation
   */
  merchantPaymentId?: string;
  /**
   * Present if given at creation
   */
  merchantUserId?: string;
  createdAt: UtcMillisTimestamp;
}
/**
 * One field of the payment method filled in by the user: key is the field id (§2.1).
 */
export interface ClientFieldValue {
  key: string;
  value: string;
}
export interface PaymentPostbackSuccess1 {
  status: 'SUCCESS';
  failedCode: null;
}
export interface PaymentPostbackFailed1 {
  status: 'FAILED';
  failedCode: FailedCode;
}
