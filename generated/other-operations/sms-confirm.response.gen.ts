/* eslint-disable */
/**
 * Generated from schemas/other-operations/sms-confirm.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Result of an SMS confirmation (§4.7; the kit's design).
 */
export interface SmsConfirmResponse {
  isSucceed: boolean;
}
