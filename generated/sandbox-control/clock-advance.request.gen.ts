/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/clock-advance.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: moves the virtual clock forward; every timer that comes due fires, in order, before the call returns.
 */
export interface ClockAdvanceRequest {
  /**
   * At most ten years
   */
  ms: number;
}
