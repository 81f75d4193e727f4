/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/faults.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: the faults to switch on; every other fault is switched off.
 */
export interface FaultsRequest {
  enabled: string[];
}
