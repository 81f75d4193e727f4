/**
 * Every non-200 answer an operation may give under a profile, by status, with the codes its error body may carry:
 * §7's rows for the operation, the statuses the profile's conventions choose where the interface is silent (an
 * invalid body, a status check without a lookup field, an unknown fromId), and, for the two operations of §4.7 that
 * name a payment (complaint creation, SMS confirmation), §7's "payment not found". The OpenAPI export states these;
 * `openapi --check-recording` compares what a target answered with them.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import type { OperationName } from '../contract/operations.js';
import { ERROR_TABLE } from '../requirements/error-table.js';

export interface ErrorAnswer {
  readonly status: number;
  /**
   * The exact codes the error body carries at this status, or undefined where any text may come (§7's free-text
   * rows, or a status a convention chose, whose code the interface does not give).
   */
  readonly codes: readonly string[] | undefined;
  /** Why the operation may answer it: each condition with its source (§7 or the profile's convention). */
  readonly conditions: readonly string[];
}

interface Row {
  readonly status: number;
  readonly code: string | undefined;
  readonly condition: string;
}

/** §4.7 shows neither path nor error of these operations; each names a payment, which §7's 404 row covers. */
const NAMES_A_PAYMENT: readonly OperationName[] = ['complaintCreate', 'smsConfirm'];

function rowsOf(operation: OperationName, profile: ServiceProfile): Row[] {
  const rows: Row[] = ERROR_TABLE.filter((row) => row.operations.includes(operation)).map((row) => ({
    status: row.status,
    code: row.code,
    condition: `§7: ${row.condition}`,
  }));
  if (NAMES_A_PAYMENT.includes(operation)) {
    rows.push({
      status: 404,
      code: 'NOT_FOUND',
      condition: '§7 (as for §4.7 operations naming a payment): payment not found',
    });
  }
  const conventions = profile.conventions ?? {};
  if (conventions.invalidBodyStatus !== undefined) {
    rows.push({
      status: conventions.invalidBodyStatus,
      code: undefined,
      condition: "conventions.invalidBodyStatus: a well-formed body that breaks the operation's field table",
    });
  }
  if (
    conventions.statusWithoutLookupField !== undefined &&
    (operation === 'paymentStatus' || operation === 'complaintStatus')
  ) {
    rows.push({
      status: conventions.statusWithoutLookupField,
      code: undefined,
      condition: 'conventions.statusWithoutLookupField: no lookup field given',
    });
  }
  if (conventions.unknownFromId !== undefined && operation === 'paymentsList') {
    rows.push({
      status: conventions.unknownFromId,
      code: conventions.unknownFromId === 404 ? 'NOT_FOUND' : undefined,
      condition: 'conventions.unknownFromId: a fromId that matches no payment',
    });
  }
  return rows;
}

/** The operation's error answers under the profile, by status ascending. */
export function errorAnswers(operation: OperationName, profile: ServiceProfile): ErrorAnswer[] {
  const byStatus = new Map<number, Row[]>();
  for (const row of rowsOf(operation, profile)) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row]);
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, rows]) => ({
      status,
      // One free-text row at a status lets any text through there: an enum would refuse an answer the interface allows.
      codes: rows.some((row) => row.code === undefined)
        ? undefined
        : [...new Set(rows.map((row) => row.code ?? ''))].sort(),
      conditions: [
        ...new Set(rows.map((row) => (row.code === undefined ? row.condition : `${row.code}: ${row.condition}`))),
      ],
    }));
}
