/* eslint-disable */
/**
 * Generated from schemas/client/recorded-exchange.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;

/**
 * One line of a sandbox recording (npm run sandbox -- --record FILE): a request a merchant's client made and the sandbox's answer, as they went over the wire. npm run report:client judges a recording against the CLIENT requirements.
 */
export interface RecordedExchange {
  at: UtcMillisTimestamp;
  method: string;
  /**
   * The request target's path, without the query
   */
  path: string;
  /**
   * The request body as UTF-8 text, as sent
   */
  request: string;
  /**
   * The body was larger than the recording keeps
   */
  requestTruncated?: boolean;
  status: number;
  /**
   * The answer's body as text
   */
  response: string;
}
