/* eslint-disable */
/**
 * Generated from schemas/other-operations/sms-confirm.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * The merchant's public key: the entire contents of the key file issued at registration (§5.2).
 */
export type PublicKey = string;
/**
 * Encoded string of the request body (§5.3); the algorithm is a profile decision.
 */
export type Hash = string;

/**
 * The extra SMS confirmation request that follows a creation whose info.isSMSRequired is true (§2.3, §4.2, §4.7). The payload is the kit's design.
 */
export interface SmsConfirmRequest {
  publicKey: PublicKey;
  hash: Hash;
  paymentId: string;
  /**
   * The code the user received by SMS
   */
  code: string;
}
