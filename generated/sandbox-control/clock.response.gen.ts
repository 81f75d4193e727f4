/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/clock.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;

/**
 * Control API: the sandbox's time.
 */
export interface ClockResponse {
  now: UtcMillisTimestamp;
  nowMs: number;
  mode: 'virtual' | 'real';
}
