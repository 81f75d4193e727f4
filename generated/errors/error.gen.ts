/* eslint-disable */
/**
 * Generated from schemas/errors/error.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * The exact codes of §7 (400 and 500 carry free text instead).
 *
 * This interface was referenced by `ErrorBody`'s JSON-Schema
 * via the `definition` "ErrorCode".
 */
export type ErrorCode = 'NO_LOGIN' | 'NO_TOKEN' | 'NO_KEY' | 'UNAUTHORIZED' | 'ACCESS_DENIED' | 'NOT_FOUND';

/**
 * Error body of every operation: a JSON object with a string member error (§7). The exact codes per condition (NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED, ACCESS_DENIED, NOT_FOUND) are checked by the suites, not the shape.
 */
export interface ErrorBody {
  error: string;
}
