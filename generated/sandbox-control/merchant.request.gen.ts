/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/merchant.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: the merchant's registered postback URL (§6), or null for none.
 */
export interface MerchantSettingsRequest {
  postbackUrl: string | null;
}
