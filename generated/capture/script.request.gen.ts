/* eslint-disable */
/**
 * Generated from schemas/capture/script.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * How the capture server answers one postback attempt. Only a 200 status acknowledges (§6.1).
 */
export type Reply = StatusReply | HangReply | ResetReply | SlowBodyReply;

/**
 * Capture API: the replies to an endpoint's next attempts, then to every later one (default 200).
 */
export interface ScriptRequest {
  /**
   * @maxItems 100
   */
  script: Reply[];
  then?: Reply;
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
