/* eslint-disable */
/**
 * Generated from schemas/other-operations/payment-methods.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

export type PaymentType = 'PAY_IN' | 'PAY_OUT';
/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;

/**
 * Payment methods the merchant may use. The interface gives only the names clientFields, isAttachmentRequired, the account id and the type PAY_IN or PAY_OUT (§2.1); the rest is the kit's design (§4.7).
 */
export interface PaymentMethodsResponse {
  paymentMethods: PaymentMethod[];
}
/**
 * This interface was referenced by `PaymentMethodsResponse`'s JSON-Schema
 * via the `definition` "PaymentMethod".
 */
export interface PaymentMethod {
  id: string;
  name?: string;
  type: PaymentType;
  /**
   * The value that accountId takes in a creation request
   */
  accountId: number;
  currencyCode: CurrencyCode;
  /**
   * When true, a creation request must carry the attachmentId of a media upload
   */
  isAttachmentRequired: boolean;
  /**
   * When true, the payment runs on an external payment system and creation returns formUrl
   */
  isExternal: boolean;
  clientFields: ClientField[];
}
/**
 * A field the user fills in; its id is the key of a clientFieldsValues entry.
 *
 * This interface was referenced by `PaymentMethodsResponse`'s JSON-Schema
 * via the `definition` "ClientField".
 */
export interface ClientField {
  id: string;
  name?: string;
  required: boolean;
  /**
   * ECMAScript regular expression a value must match
   */
  pattern?: string;
}
