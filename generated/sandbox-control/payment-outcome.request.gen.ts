/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/payment-outcome.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: sets the outcome of a PENDING or NEED_CHECK payment (design brief §4 transitions). Not part of the interface.
 */
export type PaymentOutcomeRequest = SuccessOutcome | FailedOutcome | NeedCheckOutcome;
/**
 * Reason of failure of a payment record (§2.1).
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';

export interface SuccessOutcome {
  status: 'SUCCESS';
}
export interface FailedOutcome {
  status: 'FAILED';
  failedCode: FailedCode;
}
export interface NeedCheckOutcome {
  status: 'NEED_CHECK';
}
