/* eslint-disable */
/**
 * Generated from schemas/client/recording-stopped.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;

/**
 * The last line of a sandbox recording that stopped before the session ended (npm run sandbox -- --record FILE): the recording reached its size cap, or the file could no longer be written. The exchanges after it were answered but not recorded; npm run report:client says so among its warnings.
 */
export interface RecordingStopped {
  at: UtcMillisTimestamp;
  /**
   * Why: the next line would have passed the cap, or writing the file failed (a full disk, a file removed)
   */
  stopped: 'size-cap' | 'write-error';
  /**
   * The recording's size cap in bytes
   */
  capBytes: number;
}
