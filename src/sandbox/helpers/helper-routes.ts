import type { ComplaintStatus, FailedCode, PaymentStatus } from '../../../generated/common/definitions.gen.js';

/** What a test-helper call asks the sandbox to do: the outcome drivers' httpHooks (profile `outcomes`). */
export type HelperCall =
  | {
      readonly action: 'settlePayment';
      readonly paymentId: string;
      readonly status: PaymentStatus;
      readonly failedCode?: FailedCode;
    }
  | { readonly action: 'flipPayment'; readonly paymentId: string; readonly failedCode?: FailedCode }
  | {
      readonly action: 'createComplaint';
      readonly paymentId: string;
      readonly postBackUrl: string;
      readonly comment?: string;
    }
  | {
      readonly action: 'moveComplaint';
      readonly complaintId: string;
      readonly status: Exclude<ComplaintStatus, 'PENDING'>;
    }
  | { readonly action: 'flipComplaint'; readonly complaintId: string };

/** A body or path the helper cannot act on: 400 with the reason. */
export class HelperRequestError extends Error {
  override readonly name = 'HelperRequestError';
}

/**
 * A flavour's test helpers, as a provider's sandbox offers them beside the interface: their base path, their own
 * auth header, how a request maps to a call, and what they answer.
 */
export interface HelperApi {
  readonly basePath: string;
  /** Lower case, as Node gives header names. */
  readonly header: string;
  /** Whether bodies come signed like the API's (signed-helper-body.ts); default plain JSON. */
  readonly signed?: boolean;
  /** The call a request makes, or undefined for a route the helpers do not have (404). */
  route(method: string, path: string, body: Readonly<Record<string, unknown>>): HelperCall | undefined;
  /** What a call answers, from the record it acted on. */
  answer(call: HelperCall, record: { readonly id: string; readonly status: string }): unknown;
}

const PAYMENT_STATUSES: readonly Exclude<PaymentStatus, 'PENDING'>[] = ['SUCCESS', 'FAILED', 'NEED_CHECK'];
const FAILED_CODES: readonly FailedCode[] = [
  'INCORRECT_AMOUNT',
  'NO_AMOUNT',
  'INCORRECT_FIELDS',
  'RECIPIENT_LIMIT',
  'ANOTHER_REASON',
];
const COMPLAINT_MOVES: readonly Exclude<ComplaintStatus, 'PENDING'>[] = [
  'NEED_CHECK',
  'APPROVED',
  'DECLINED',
  'COMPLETED',
];

function text(body: Readonly<Record<string, unknown>>, member: string): string {
  const value = body[member];
  if (typeof value !== 'string' || value === '') throw new HelperRequestError(`${member} must be a non-empty string`);
  return value;
}

function optionalText(body: Readonly<Record<string, unknown>>, member: string): string | undefined {
  return body[member] === undefined || body[member] === null ? undefined : text(body, member);
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], member: string): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new HelperRequestError(`${member} must be one of ${allowed.join(', ')}`);
  return found;
}

function required<T>(value: T | undefined, member: string): T {
  if (value === undefined) throw new HelperRequestError(`${member} is required`);
  return value;
}

/** The reference sandbox's helpers: REST-like, ids in the path, the interface's words in the body. */
export const REFERENCE_HELPERS: HelperApi = {
  basePath: '/sandbox/helpers/v1',
  header: 'x-sandbox-helper-key',
  route(method, path, body) {
    if (method !== 'POST') return undefined;
    const [collection, id, verb, extra] = path.split('/').map((s) => decodeURIComponent(s));
    if (extra !== undefined || collection === undefined) return undefined;
    const failedCode = oneOf(optionalText(body, 'failedCode'), FAILED_CODES, 'failedCode');
    if (collection === 'payments' && id !== undefined && verb === 'settle') {
      const status = required(oneOf(optionalText(body, 'status'), PAYMENT_STATUSES, 'status'), 'status');
      return { action: 'settlePayment', paymentId: id, status, ...(failedCode === undefined ? {} : { failedCode }) };
    }
    if (collection === 'payments' && id !== undefined && verb === 'flip') {
      return { action: 'flipPayment', paymentId: id, ...(failedCode === undefined ? {} : { failedCode }) };
    }
    if (collection === 'complaints' && id === undefined) {
      const comment = optionalText(body, 'comment');
      return {
        action: 'createComplaint',
        paymentId: text(body, 'paymentId'),
        postBackUrl: text(body, 'postBackUrl'),
        ...(comment === undefined ? {} : { comment }),
      };
    }
    if (collection === 'complaints' && id !== undefined && verb === 'status') {
      const status = required(oneOf(optionalText(body, 'status'), COMPLAINT_MOVES, 'status'), 'status');
      return { action: 'moveComplaint', complaintId: id, status };
    }
    if (collection === 'complaints' && id !== undefined && verb === 'flip')
      return { action: 'flipComplaint', complaintId: id };
    return undefined;
  },
  answer: (_call, record) => record,
};

/** The foreign flavour's helpers: verbs in the path, ids and snake_case members in the body, their own answers. */
export const FOREIGN_HELPERS: HelperApi = {
  basePath: '/qa/v2/simulate',
  header: 'x-qa-key',
  route(method, path, body) {
    if (method !== 'POST') return undefined;
    const reason = oneOf(optionalText(body, 'reason'), FAILED_CODES, 'reason');
    switch (path) {
      case 'settle': {
        const status = required(oneOf(optionalText(body, 'outcome'), PAYMENT_STATUSES, 'outcome'), 'outcome');
        return {
          action: 'settlePayment',
          paymentId: text(body, 'payment_id'),
          status,
          ...(reason === undefined ? {} : { failedCode: reason }),
        };
      }
      case 'reevaluate':
        return {
          action: 'flipPayment',
          paymentId: text(body, 'payment_id'),
          ...(reason === undefined ? {} : { failedCode: reason }),
        };
      case 'complaint':
        return {
          action: 'createComplaint',
          paymentId: text(body, 'payment_id'),
          postBackUrl: text(body, 'callback_url'),
        };
      case 'complaint/resolve': {
        const status = required(oneOf(optionalText(body, 'decision'), COMPLAINT_MOVES, 'decision'), 'decision');
        return { action: 'moveComplaint', complaintId: text(body, 'complaint_id'), status };
      }
      case 'complaint/reevaluate':
        return { action: 'flipComplaint', complaintId: text(body, 'complaint_id') };
      default:
        return undefined;
    }
  },
  answer: (call, record) =>
    call.action === 'createComplaint' || call.action === 'moveComplaint' || call.action === 'flipComplaint'
      ? { ok: true, complaint: { id: record.id, status: record.status } }
      : { ok: true, payment: { id: record.id, status: record.status } },
};
