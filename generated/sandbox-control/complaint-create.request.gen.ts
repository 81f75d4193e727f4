/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/complaint-create.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: creates a complaint about a payment, as the §4.7 operation does but without signing.
 */
export type ControlComplaintCreateRequest = (ControlComplaintByPaymentId | ControlComplaintByMerchantPaymentId) & {
  paymentId?: string;
  merchantPaymentId?: string;
  postBackUrl: string;
  comment?: string;
  amount?: Amount;
  identifier?: string;
  creditedMerchantPaymentId?: string;
};
/**
 * Amount in the stated currency. The interface gives no bounds (§8).
 */
export type Amount = number;

export interface ControlComplaintByPaymentId {
  paymentId: string;
}
export interface ControlComplaintByMerchantPaymentId {
  merchantPaymentId: string;
}
