/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/faults.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: every fault the sandbox knows, and which are on.
 */
export interface FaultsResponse {
  faults: FaultState[];
}
/**
 * This interface was referenced by `FaultsResponse`'s JSON-Schema
 * via the `definition` "FaultState".
 */
export interface FaultState {
  name: string;
  enabled: boolean;
  /**
   * Requirement ids the fault breaks
   *
   * @minItems 1
   */
  breaks: [string, ...string[]];
  description: string;
}
