/**
 * The bodies of the operations §4.7 only names ("Payment method retrieval, media upload, complaint creation and SMS
 * confirmation are referred to but their paths, methods and payloads are not shown"), as a profile describes them
 * (operations.X.payload): the kit's reference design where the provider takes it (kitDesign), else the provider's
 * example with its required members and the pointers into its answers. Undefined where the profile describes none.
 */
import type { Payload, Profile } from '../../generated/profile/profile.gen.js';
import { fillBody, type HookValues, type PlaceholderSet } from './templates.js';
import { atPointer } from '../json-pointer.js';

/** A 1×1 PNG, the image a described upload carries unless the call gives another. */
const PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type OtherOperation = 'paymentMethods' | 'mediaUpload' | 'complaintCreate' | 'smsConfirm';

export const OTHER_OPERATIONS: readonly OtherOperation[] = [
  'paymentMethods',
  'mediaUpload',
  'complaintCreate',
  'smsConfirm',
];

export function isOtherOperation(operation: string): operation is OtherOperation {
  return (OTHER_OPERATIONS as readonly string[]).includes(operation);
}

/** What a payload's placeholders stand for in one call. */
export interface PayloadValues {
  readonly paymentId?: string;
  readonly merchantPaymentId?: string;
  readonly postBackUrl?: string;
  readonly comment?: string;
  readonly imageBase64?: string;
  readonly contentType?: string;
  readonly fileName?: string;
  readonly code?: string;
  readonly type?: 'PAY_IN' | 'PAY_OUT';
}

const PAYLOAD_PLACEHOLDERS = [
  'paymentId',
  'merchantPaymentId',
  'postBackUrl',
  'comment',
  'imageBase64',
  'contentType',
  'fileName',
  'code',
  'type',
] as const;

const PAYLOAD_SET: PlaceholderSet = {
  allows: (name) => (PAYLOAD_PLACEHOLDERS as readonly string[]).includes(name),
  names: PAYLOAD_PLACEHOLDERS.join(', '),
};

/** The kit's reference body of an operation (schemas/other-operations), from the call's values. */
function kitBody(operation: OtherOperation, values: PayloadValues): Record<string, unknown> {
  switch (operation) {
    case 'paymentMethods':
      return values.type === undefined ? {} : { type: values.type };
    case 'mediaUpload':
      return {
        fileName: values.fileName ?? 'conformance-kit.png',
        contentType: values.contentType ?? 'image/png',
        data: values.imageBase64 ?? PIXEL_PNG_BASE64,
      };
    case 'complaintCreate':
      return Object.fromEntries(
        Object.entries({
          paymentId: values.paymentId,
          merchantPaymentId: values.merchantPaymentId,
          postBackUrl: values.postBackUrl,
          comment: values.comment,
        }).filter(([, value]) => value !== undefined),
      );
    case 'smsConfirm':
      return { paymentId: values.paymentId, code: values.code };
  }
}

/** The profile's description of the operation's body, or undefined. */
export function describedPayload(profile: Profile, operation: OtherOperation): Payload | undefined {
  return profile.operations?.[operation]?.payload;
}

/** A valid body of the operation for these values, as the profile describes it; undefined where it does not. */
export function describedBody(
  profile: Profile,
  operation: OtherOperation,
  values: PayloadValues,
): Record<string, unknown> | undefined {
  const payload = describedPayload(profile, operation);
  if (payload === undefined) return undefined;
  if (payload.kitDesign === true) return kitBody(operation, values);
  const filled: HookValues = {
    imageBase64: PIXEL_PNG_BASE64,
    contentType: 'image/png',
    fileName: 'conformance-kit.png',
    ...values,
  };
  return fillBody(payload.example ?? {}, filled, PAYLOAD_SET) as Record<string, unknown>;
}

/** The members the body requires: the kit design's, or the profile's `required`. */
export function requiredOf(payload: Payload, operation: OtherOperation): readonly string[] {
  if (payload.kitDesign !== true) return payload.required ?? [];
  switch (operation) {
    case 'paymentMethods':
      return [];
    case 'mediaUpload':
      return ['fileName', 'contentType', 'data'];
    case 'complaintCreate':
      return ['postBackUrl'];
    case 'smsConfirm':
      return ['paymentId', 'code'];
  }
}

/** What an answer holds at one of the payload's pointers (idAt, listAt, succeededAt), with the kit's defaults. */
export function answerOf(payload: Payload, pointer: 'idAt' | 'listAt' | 'succeededAt', answer: unknown): unknown {
  const defaults = { idAt: '/id', listAt: '/paymentMethods', succeededAt: '/isSucceed' } as const;
  return atPointer(answer, payload[pointer] ?? defaults[pointer]);
}
