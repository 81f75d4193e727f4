import type { OperationName } from '../../contract/operations.js';

/** Every operation: authentication and the generic errors apply to all (§5.1, §7). */
export const ALL_OPERATIONS: readonly OperationName[] = [
  'createPayIn',
  'createPayOut',
  'paymentStatus',
  'paymentsList',
  'complaintStatus',
  'paymentMethods',
  'mediaUpload',
  'complaintCreate',
  'smsConfirm',
];

export const CREATION: readonly OperationName[] = ['createPayIn', 'createPayOut'];
