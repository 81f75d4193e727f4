/* eslint-disable */
/**
 * Generated from schemas/payments/payments-list.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;
export type PaymentStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'NEED_CHECK';
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 */
export type Amount = number;
export type ClientFieldsValues = ClientFieldValue[];
/**
 * Reason of failure of a payment record (§2.1).
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';
/**
 * Creation or edit date of a record. Its format is not shown (§2.1); the profile's conventions.createdAtFormat decides, default ISO 8601 UTC with milliseconds and Z.
 */
export type RecordTimestamp = string;

/**
 * Response of the payments list (§2.2). nextId is absent or null when there is no next page (a profile decision: the interface does not say).
 */
export interface PaymentsList {
  /**
   * Same shape as the payment record (§2.1)
   */
  payments: Payment[];
  /**
   * Total count of payments
   */
  total: number;
  /**
   * Count of succeeded payments
   */
  totalSucceed: number;
  /**
   * Count of failed payments
   */
  totalFailed: number;
  /**
   * Sum of amounts per currency
   */
  amounts: CurrencyAmount[];
  /**
   * Value to pass as fromId to get the next page
   */
  nextId?: string | null;
}
/**
 * Payment record: response of the payment status check and element of the payments list (§2.1).
 */
export interface Payment {
  /**
   * Payment id in the service
   */
  id: string;
  currencyCode: CurrencyCode;
  /**
   * Payment method id
   */
  paymentMethodId: string;
  status: PaymentStatus;
  amount: Amount;
  clientFieldsValues: ClientFieldsValues;
  /**
   * Equals the value given at creation
   */
  merchantPaymentId?: string;
  /**
   * Equals the value given at creation
   */
  merchantUserId?: string;
  failedCode?: FailedCode;
  attachment?: Attachment;
  /**
   * Appears in the payload shape only; no description is given
   */
  postBackUrl?: string;
  createdAt: RecordTimestamp;
}
/**
 * One field of the payment method filled in by the user: key is the field id (§2.1).
 */
export interface ClientFieldValue {
  key: string;
  value: string;
}
/**
 * Payment confirmation image (§2.1).
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
/**
 * Sum of amounts in one currency (§2.2). total is a bigint: a JSON integer, or a string of digits for values beyond the exact range of a double. Where the profile says the sum is in major units (conventions.amountTotalsUnit major), the interface states it two ways: a sum of decimal amounts is a number, which the amount-total format then takes.
 *
 * This interface was referenced by `PaymentsList`'s JSON-Schema
 * via the `definition` "CurrencyAmount".
 */
export interface CurrencyAmount {
  total: number | string;
  currencyCode: string;
}
