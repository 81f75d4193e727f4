/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/complaint-status.request.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Control API: moves a complaint along its transitions (design brief §4), or re-evaluates COMPLETED ↔ DECLINED (§3.2).
 */
export interface ComplaintStatusChangeRequest {
  status: 'NEED_CHECK' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
}
