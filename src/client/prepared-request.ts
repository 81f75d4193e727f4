import { CanonicalizationError, canonicalJson } from '../signing/canonical-json.js';
import type { OperationName } from '../contract/operations.js';

/**
 * A request ready to send: its bytes are exactly what goes on the wire. Negative tests derive variants from a
 * signed request (see request-variants.ts) without touching the signer.
 */
export interface PreparedRequest {
  readonly operation: OperationName;
  /** The body as an object, when it is one; undefined for raw bytes. */
  readonly body: Readonly<Record<string, unknown>> | undefined;
  readonly bytes: Buffer;
  /** What this request is, for evidence: `signed`, `signed, then without hash`, `raw bytes: malformed JSON`… */
  readonly variant: string;
  /** Replaces the default `content-type: application/json`. */
  readonly contentType?: string;
}

/**
 * The wire form of a body: its RFC 8785 canonical JSON, so that a verifier that parses it, drops `hash` and
 * canonicalises again gets exactly the signed bytes. A body JSON cannot carry exactly (lone surrogates: hostile
 * tests send them on purpose) goes out as JSON.stringify writes it.
 */
export function serializeBody(body: Readonly<Record<string, unknown>>): Buffer {
  try {
    return Buffer.from(canonicalJson(body), 'utf8');
  } catch (error) {
    if (!(error instanceof CanonicalizationError)) throw error;
    return Buffer.from(JSON.stringify(body), 'utf8');
  }
}

export function preparedFromBody(
  operation: OperationName,
  body: Readonly<Record<string, unknown>>,
  variant: string,
): PreparedRequest {
  return { operation, body, bytes: serializeBody(body), variant };
}
