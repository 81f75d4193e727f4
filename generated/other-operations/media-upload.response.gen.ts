/* eslint-disable */
/**
 * Generated from schemas/other-operations/media-upload.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Result of a media upload: the id a creation request passes as attachmentId and the image URL the payment's attachment then shows (§2.1, §4.7).
 */
export interface MediaUploadResponse {
  id: string;
  url: string;
}
