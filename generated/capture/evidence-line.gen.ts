/* eslint-disable */
/**
 * Generated from schemas/capture/evidence-line.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * One line of the capture server's JSONL evidence: an endpoint as created, an attempt as received (written before it is answered), or what the evidence's size bound dropped (written when the capture server stops).
 */
export type EvidenceLine = EndpointLine | AttemptLine | DroppedLine;
/**
 * An endpoint's token: its path is /pb/<token>. Tokens are unguessable, so parallel tests never see each other's postbacks; `merchant` is the endpoint for the merchant's registered URL, which every test shares.
 */
export type Token = string;
/**
 * The postbacks an endpoint expects: payment (§2.5), complaint (§2.6) or any (told apart by their members).
 */
export type EndpointKind = 'payment' | 'complaint' | 'any';
/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;
/**
 * How the capture server answers one postback attempt. Only a 200 status acknowledges (§6.1).
 */
export type Reply = StatusReply | HangReply | ResetReply | SlowBodyReply;

export interface EndpointLine {
  type: 'endpoint';
  token: Token;
  kind: EndpointKind;
  label?: string;
  createdAt: UtcMillisTimestamp;
}
export interface AttemptLine {
  type: 'attempt';
  attempt: CapturedAttempt;
}
/**
 * One request the capture server received, recorded before it is parsed: raw bytes, headers, arrival, the answer given.
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
 * An HTTP answer: this status, headers (e.g. a Location for a 3xx) and body, after delayMs.
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
 */
export interface HangReply {
  answer: 'hang';
}
/**
 * The connection is closed without an answer.
 */
export interface ResetReply {
  answer: 'reset';
}
/**
 * The status and headers at once, then a body sent in chunks chunkDelayMs apart.
 */
export interface SlowBodyReply {
  answer: 'slow-body';
  status: number;
  chunks: number;
  chunkDelayMs: number;
}
/**
 * Attempts the evidence's size bound dropped (rotated out of the files, or larger than a segment): counted, by endpoint, most first.
 */
export interface DroppedLine {
  type: 'dropped';
  /**
   * Attempts no file holds any more
   */
  attempts: number;
  /**
   * Their evidence lines' bytes
   */
  bytes: number;
  /**
   * By endpoint, most attempts first (the 20 largest)
   */
  byEndpoint: {
    /**
     * The endpoint, or null for paths no endpoint has
     */
    token: Token | null;
    attempts: number;
    bytes: number;
  }[];
  at: UtcMillisTimestamp;
}
