/* eslint-disable */
/**
 * Generated from schemas/other-operations/media-upload.request.schema.json by `npm run generate`. Do not edit by hand:
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
 * Upload of a proof-of-payment image whose id a creation request passes as attachmentId (§4.2, §4.7). The interface shows no payload; the kit's design is a signed JSON body with the image in base64.
 */
export interface MediaUploadRequest {
  publicKey: PublicKey;
  hash: Hash;
  fileName: string;
  contentType: 'image/png' | 'image/jpeg';
  data: string;
}
