/* eslint-disable */
/**
 * Generated from schemas/complaints/complaint.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;
export type ComplaintStatus = 'PENDING' | 'NEED_CHECK' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 */
export type Amount = number;
/**
 * Creation or edit date of a record. Its format is not shown (§2.1); the profile's conventions.createdAtFormat decides, default ISO 8601 UTC with milliseconds and Z.
 */
export type RecordTimestamp = string;

/**
 * Complaint record: response of the complaint status check (§2.4).
 */
export interface Complaint {
  /**
   * Described as 'Payment ID' in the interface
   */
  id: string;
  /**
   * Equals the merchantPaymentId given at payment creation
   */
  merchantPaymentId: string;
  /**
   * Equals the merchantUserId given at payment creation
   */
  merchantUserId?: string;
  /**
   * Payment method id
   */
  paymentMethodId: string;
  currencyCode: CurrencyCode;
  /**
   * Payment id in the service
   */
  paymentId?: string;
  status: ComplaintStatus;
  amount?: Amount;
  /**
   * Additional comment
   */
  comment?: string;
  createdAt: RecordTimestamp;
  updatedAt: RecordTimestamp;
}
