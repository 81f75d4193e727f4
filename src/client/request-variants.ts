import { decodeHash, encodeHash, type HashEncoding } from '../signing/hash-encoding.js';
import type { OperationName } from '../contract/operations.js';
import { preparedFromBody, type PreparedRequest } from './prepared-request.js';

function bodyOf(request: PreparedRequest): Readonly<Record<string, unknown>> {
  if (request.body === undefined) throw new Error(`cannot derive a variant from ${request.variant}: it has no body`);
  return request.body;
}

/** The signed body without one member, not re-signed (NO_LOGIN, NO_TOKEN and missing-field tests, §5.4, §7). */
export function withoutMember(request: PreparedRequest, member: string): PreparedRequest {
  const { [member]: _removed, ...rest } = bodyOf(request);
  return preparedFromBody(request.operation, rest, `${request.variant}, then without ${member}`);
}

/**
 * The signed body changed after signing, not re-signed: the hash no longer covers it (UNAUTHORIZED, §5.4).
 * A change to `undefined` removes the member.
 */
export function changedAfterSigning(
  request: PreparedRequest,
  changes: Readonly<Record<string, unknown>>,
): PreparedRequest {
  const body: Record<string, unknown> = { ...bodyOf(request) };
  for (const [member, value] of Object.entries(changes)) {
    if (value === undefined) Reflect.deleteProperty(body, member);
    else body[member] = value;
  }
  return preparedFromBody(
    request.operation,
    body,
    `${request.variant}, then changed (${Object.keys(changes).join(', ')})`,
  );
}

/**
 * The signed body with one bit of its signature flipped, written again in the profile's hash encoding, so that only
 * the signature check can catch it (UNAUTHORIZED, §5.4). Changing a character of the text is not enough: in unpadded
 * base64url the last character carries unused bits, and a service that decodes leniently rightly reads the same
 * signature. Undefined when the hash is not that encoding's text of some bytes (a custom scheme that writes its
 * hashes otherwise): the kit cannot tell which change alters the signature.
 */
export function withTamperedHash(request: PreparedRequest, encoding: HashEncoding): PreparedRequest | undefined {
  const body = bodyOf(request);
  const hash = body.hash;
  if (typeof hash !== 'string' || hash === '') throw new Error(`${request.variant} has no hash to tamper with`);
  const bytes = decodeHash(hash, encoding);
  if (bytes === undefined || bytes.length === 0) return undefined;
  const flipped = Buffer.from(bytes);
  flipped[0] = (flipped[0] ?? 0) ^ 0x01;
  return preparedFromBody(
    request.operation,
    { ...body, hash: encodeHash(flipped, encoding) },
    `${request.variant}, then one bit of its signature flipped`,
  );
}

/** Arbitrary bytes for an operation (malformed JSON, a non-object, another content type…), sent exactly. */
export function rawRequest(
  operation: OperationName,
  bytes: string | Uint8Array,
  variant: string,
  contentType?: string,
): PreparedRequest {
  return {
    operation,
    body: undefined,
    bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes),
    variant: `raw bytes: ${variant}`,
    ...(contentType === undefined ? {} : { contentType }),
  };
}
