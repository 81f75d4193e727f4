/* eslint-disable */
/**
 * Generated from schemas/capture/definitions.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * How the capture server answers one postback attempt. Only a 200 status acknowledges (§6.1).
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "Reply".
 */
export type Reply = StatusReply | HangReply | ResetReply | SlowBodyReply;
/**
 * The postbacks an endpoint expects: payment (§2.5), complaint (§2.6) or any (told apart by their members).
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "EndpointKind".
 */
export type EndpointKind = 'payment' | 'complaint' | 'any';
/**
 * An endpoint's token: its path is /pb/<token>. Tokens are unguessable, so parallel tests never see each other's postbacks; `merchant` is the endpoint for the merchant's registered URL, which every test shares.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "Token".
 */
export type Token = string;
/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;

/**
 * Definitions of the capture server, which receives postbacks on behalf of the merchant (§4.6, §6): how it answers, what it records, what it finds.
 */
export interface CaptureDefinitions {
  [k: string]: unknown | undefined;
}
/**
 * An HTTP answer: this status, headers (e.g. a Location for a 3xx) and body, after delayMs.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "StatusReply".
 */
export interface StatusReply {
  answer: 'status';
  status: number;
  headers?: {
    [k: string]: string | undefined;
  };
  body?: string;
  delayMs?: number;
}
/**
 * No answer at all: the connection stays open until the sender gives up (its timeout).
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "HangReply".
 */
export interface HangReply {
  answer: 'hang';
}
/**
 * The connection is closed without an answer.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "ResetReply".
 */
export interface ResetReply {
  answer: 'reset';
}
/**
 * The status and headers at once, then a body sent in chunks chunkDelayMs apart.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "SlowBodyReply".
 */
export interface SlowBodyReply {
  answer: 'slow-body';
  status: number;
  chunks: number;
  chunkDelayMs: number;
}
/**
 * One request the capture server received, recorded before it is parsed: raw bytes, headers, arrival, the answer given.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "CapturedAttempt".
 */
export interface CapturedAttempt {
  /**
   * Order of arrival at this capture server
   */
  seq: number;
  /**
   * The endpoint, or null for a path no endpoint has (a finding)
   */
  token: Token | null;
  /**
   * The request target as received
   */
  path: string;
  /**
   * Attempt number at this path
   */
  n: number;
  method: string;
  headers: {
    [k: string]: string | string[] | undefined;
  };
  /**
   * The raw bytes, base64
   */
  body: string;
  /**
   * Bytes received; when truncated, body keeps only the first ones
   */
  bodyBytes: number;
  /**
   * The body was longer than the capture server keeps
   */
  truncated: boolean;
  receivedAt: UtcMillisTimestamp;
  /**
   * Monotonic arrival time in ms since the capture server's process started (intervals, not dates)
   */
  monoMs: number;
  reply: Reply;
}
/**
 * One way a received postback departs from the interface or the profile.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "CheckFinding".
 */
export interface CheckFinding {
  rule: string;
  message: string;
  severity: 'error' | 'warning';
  pointer?: string;
  requirement?: string;
}
/**
 * What the capture server found in one attempt: the kind, the status member, schema and signature findings.
 *
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "PostbackCheck".
 */
export interface PostbackCheck {
  kind: 'payment' | 'complaint' | 'unknown';
  /**
   * The body's status member, when it is a string
   */
  status?: string | null;
  findings: CheckFinding[];
  /**
   * The hash and publicKey check (not-checked when the body is not a JSON object)
   */
  signature: 'valid' | 'no-public-key' | 'no-hash' | 'unknown-public-key' | 'bad-signature' | 'not-checked';
}
/**
 * This interface was referenced by `CaptureDefinitions`'s JSON-Schema
 * via the `definition` "CheckedAttempt".
 */
export interface CheckedAttempt {
  attempt: CapturedAttempt;
  check: PostbackCheck;
}
