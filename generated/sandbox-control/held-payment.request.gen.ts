/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/held-payment.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: the payment a merchant's client creates next with merchantPaymentId gets this id and stays PENDING (no magic outcome) until the control API moves it: the kit drives its postbacks (certify-receiver, receiver.expectedPayments.createdOnService).
 */
export interface HeldPaymentRequest {
  merchantPaymentId: string;
  id: string;
}
