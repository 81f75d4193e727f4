import { OPERATIONS, type OperationName } from '../../contract/operations.js';
import { ApiError } from '../api/api-error.js';
import type { FaultSet } from './fault-set.js';

/**
 * How a faulty service mishandles a request body before validating it: a crash on a missing member, a lenient
 * coercion, a required member quietly defaulted. The body is returned unchanged when no such fault is on.
 */
export function faultyRequest(
  operation: OperationName,
  body: Record<string, unknown>,
  faults: FaultSet,
  nowMs: number,
): Record<string, unknown> {
  let out = body;
  if (OPERATIONS[operation].createsPayment) {
    if (faults.has('create-missing-client-fields-500') && out.clientFieldsValues === undefined) {
      throw new ApiError(500, 'internal error');
    }
    if (
      faults.has('create-amount-string-accepted') &&
      typeof out.amount === 'string' &&
      /^\d+(\.\d+)?$/.test(out.amount)
    ) {
      out = { ...out, amount: Number(out.amount) };
    }
  }
  if (operation === 'paymentsList' && faults.has('list-interval-optional')) {
    out = { createdAtFrom: 0, createdAtTo: nowMs, ...out };
  }
  return out;
}

/** Whether a lookup without any lookup member is answered 404 rather than 400. */
export function noLookupFieldIs404(operation: OperationName, profileStatus: number, faults: FaultSet): boolean {
  const faulty =
    (operation === 'paymentStatus' && faults.has('status-no-lookup-field-404')) ||
    (operation === 'complaintStatus' && faults.has('complaint-no-lookup-field-404'));
  return profileStatus === 404 || faulty;
}
