import type { OperationName } from '../contract/operations.js';
import { ALL_OPERATIONS, CREATION } from './areas/scope.js';
import type { RequirementId } from './registry.js';

/** One row of the interface's §7 table: an HTTP status, its exact code (or free text) and where it applies. */
export interface ErrorTableRow {
  readonly status: 400 | 401 | 403 | 404 | 500;
  /** The exact `error` value; undefined where §7 says "free text". */
  readonly code: string | undefined;
  readonly condition: string;
  /** The requirement a test of this row cites. */
  readonly requirement: RequirementId;
  readonly operations: readonly OperationName[];
}

/**
 * §7, row by row. The meta suite requires a test citing `requirement` with an `operation` annotation for every
 * (row, operation) pair, so every code is checked on every operation it applies to.
 */
export const ERROR_TABLE: readonly ErrorTableRow[] = [
  {
    status: 400,
    code: undefined,
    condition: 'body could not be parsed',
    requirement: 'ERROR-MALFORMED-400',
    operations: ALL_OPERATIONS,
  },
  {
    status: 401,
    code: 'NO_LOGIN',
    condition: 'publicKey missing',
    requirement: 'AUTH-NO-LOGIN',
    operations: ALL_OPERATIONS,
  },
  {
    status: 401,
    code: 'NO_TOKEN',
    condition: 'hash missing',
    requirement: 'AUTH-NO-TOKEN',
    operations: ALL_OPERATIONS,
  },
  {
    status: 401,
    code: 'NO_KEY',
    condition: 'publicKey invalid',
    requirement: 'AUTH-NO-KEY',
    operations: ALL_OPERATIONS,
  },
  {
    status: 401,
    code: 'UNAUTHORIZED',
    condition: 'publicKey and hash fail validation',
    requirement: 'AUTH-UNAUTHORIZED',
    operations: ALL_OPERATIONS,
  },
  {
    status: 403,
    code: 'ACCESS_DENIED',
    condition: 'a payment method the merchant has no access to',
    requirement: 'CREATE-FORBIDDEN-METHOD',
    operations: CREATION,
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    condition: 'payment not found',
    requirement: 'STATUS-NOT-FOUND',
    operations: ['paymentStatus'],
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    condition: 'payment not found (an unknown fromId)',
    requirement: 'LIST-UNKNOWN-FROMID',
    operations: ['paymentsList'],
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    condition: 'payment method does not exist',
    requirement: 'CREATE-UNKNOWN-METHOD',
    operations: CREATION,
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    condition: 'complaint not found',
    requirement: 'COMPLAINT-NOT-FOUND',
    operations: ['complaintStatus'],
  },
  {
    status: 500,
    code: undefined,
    condition: 'unexpected server-side failure',
    requirement: 'ERROR-500-BODY',
    operations: ALL_OPERATIONS,
  },
];
