import type { Operations } from '../../generated/profile/profile.gen.js';
import type { SchemaId, SchemaTypes } from '../../generated/schema-types.gen.js';

interface OperationSpec {
  /** Schema of the request body. */
  readonly request: SchemaId;
  /** Schema of the 200 body; every other status carries the error body (§7). */
  readonly response: SchemaId;
  /** The interface's section. */
  readonly specRef: string;
  /** A creation of money movement: the profile's safety caps apply to it. */
  readonly createsPayment: boolean;
}

/**
 * Every operation the kit can call, keyed like the profile's `operations`. The five of §4.1–§4.5 are always
 * there; the four of §4.7 only when the profile names their paths.
 */
export const OPERATIONS = {
  createPayIn: {
    request: 'payments/create-payment.request',
    response: 'payments/create-payment.response',
    specRef: '§4.1',
    createsPayment: true,
  },
  createPayOut: {
    request: 'payments/create-payment.request',
    response: 'payments/create-payment.response',
    specRef: '§4.2',
    createsPayment: true,
  },
  paymentStatus: {
    request: 'payments/payment-status.request',
    response: 'payments/payment',
    specRef: '§4.3',
    createsPayment: false,
  },
  paymentsList: {
    request: 'payments/payments-list.request',
    response: 'payments/payments-list',
    specRef: '§4.4',
    createsPayment: false,
  },
  complaintStatus: {
    request: 'complaints/complaint-status.request',
    response: 'complaints/complaint',
    specRef: '§4.5',
    createsPayment: false,
  },
  paymentMethods: {
    request: 'other-operations/payment-methods.request',
    response: 'other-operations/payment-methods.response',
    specRef: '§4.7',
    createsPayment: false,
  },
  mediaUpload: {
    request: 'other-operations/media-upload.request',
    response: 'other-operations/media-upload.response',
    specRef: '§4.7',
    createsPayment: false,
  },
  complaintCreate: {
    request: 'other-operations/complaint-create.request',
    response: 'complaints/complaint',
    specRef: '§4.7',
    createsPayment: false,
  },
  smsConfirm: {
    request: 'other-operations/sms-confirm.request',
    response: 'other-operations/sms-confirm.response',
    specRef: '§4.7',
    createsPayment: false,
  },
} as const satisfies Record<keyof Operations, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

export type RequestOf<Op extends OperationName> = SchemaTypes[(typeof OPERATIONS)[Op]['request']];
export type ResponseOf<Op extends OperationName> = SchemaTypes[(typeof OPERATIONS)[Op]['response']];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a caller gives for an operation: the request without publicKey and hash, which signing adds (§5). */
export type FieldsOf<Op extends OperationName> = DistributiveOmit<RequestOf<Op>, 'publicKey' | 'hash'>;
