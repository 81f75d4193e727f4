/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/payment-flip.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Reason of failure of a payment record (§2.1).
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';

/**
 * Control API: re-evaluates a SUCCESS payment to FAILED (with failedCode, default ANOTHER_REASON) or a FAILED one to SUCCESS (§3.1).
 */
export interface PaymentFlipRequest {
  failedCode?: FailedCode;
}
