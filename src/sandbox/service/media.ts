import type { MediaUploadRequest } from '../../../generated/other-operations/media-upload.request.gen.js';
import type { MediaUploadResponse } from '../../../generated/other-operations/media-upload.response.gen.js';
import { ApiError } from '../api/api-error.js';
import type { Merchant } from '../config/merchant.js';
import type { SandboxContext } from '../sandbox-context.js';

export const MAX_MEDIA_BYTES = 2 * 1024 * 1024;

const LABELS: Readonly<Record<MediaUploadRequest['contentType'], string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

const SIGNATURES: Readonly<Record<MediaUploadRequest['contentType'], Buffer>> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
};

/** A proof-of-payment image (§4.2 attachmentId, §4.7): its id, and the URL the payment's attachment shows. */
export function uploadMedia(ctx: SandboxContext, merchant: Merchant, body: MediaUploadRequest): MediaUploadResponse {
  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length > MAX_MEDIA_BYTES) throw ApiError.invalid(`the image is larger than ${MAX_MEDIA_BYTES} bytes`);
  const signature = SIGNATURES[body.contentType];
  if (bytes.length < signature.length || !bytes.subarray(0, signature.length).equals(signature)) {
    throw ApiError.invalid(`data is not a ${LABELS[body.contentType]} image`);
  }
  const record = ctx.media.add({
    id: ctx.newId(),
    merchantId: merchant.id,
    fileName: body.fileName,
    contentType: body.contentType,
    bytes,
  });
  // A service that answers a public id other than the one creations look up.
  const id = ctx.faults.has('media-upload-id-unusable') ? `media-${record.id}` : record.id;
  return { id, url: `${ctx.publicBaseUrl()}${ctx.controlBasePath}/media/${record.id}` };
}
