/**
 * An example of each operation's request and answers for the export (issue 40), built from the profile's own
 * merchant data (its payment methods, accounts, client fields, SMS test code) so that a tool or a reader of the
 * export sees a body the target takes: every request example signed with the profile's signer (§5: publicKey and
 * hash, as `payment-conformance sign` writes them), every answer in the profile's formats (createdAt, the list's
 * sums and nextId), every error body with the code §7 gives at that status. The examples are fixed values (one
 * payment, one complaint), so the same profile gives the same document (but for the hashes of a randomised signing
 * scheme, which sign anew each time); the self-tests validate each one against
 * its schema.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import type { OperationName } from '../contract/operations.js';
import type { BodySigner } from '../signing/body-signer.js';
import { serializeBody } from '../client/prepared-request.js';
import type { ErrorAnswer } from './operation-answers.js';
import { describedBody } from '../profile/operation-payloads.js';

type Body = Record<string, unknown>;
type Method = ServiceProfile['merchant']['paymentMethods']['payIn'];

const PAYMENT_ID = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
const COMPLAINT_ID = '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';
const MERCHANT_PAYMENT_ID = 'example-order-1';
/** 2026-01-31T12:00:00.000Z, the instant every example record was created at. */
const CREATED_AT_MS = Date.UTC(2026, 0, 31, 12, 0, 0);
function listBound(ms: number, unit: NonNullable<ServiceProfile['conventions']>['listTimestampUnit']): unknown {
  if (unit === 'iso8601') return new Date(ms).toISOString();
  if (unit === 's') return Math.floor(ms / 1000);
  if (unit === 'us') return ms * 1000;
  return ms;
}

function creation(method: Method): Body {
  return {
    accountId: method.accountId,
    paymentMethodId: method.id,
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: MERCHANT_PAYMENT_ID,
  };
}

/** The values a §4.7 operation's example names, whatever shape its body has. */
export function exampleValues(profile: ServiceProfile): { paymentId: string; postBackUrl: string; code: string } {
  return {
    paymentId: PAYMENT_ID,
    postBackUrl: profile.merchant.postbackUrl ?? 'https://merchant.example/postbacks/complaints',
    code: profile.merchant.smsTestCode ?? '123456',
  };
}

/** The fields of each operation's request, before signing; undefined where the profile has nothing to build it. */
function requestFields(operation: OperationName, profile: ServiceProfile): Body | undefined {
  const { merchant, conventions } = profile;
  const payOut = merchant.paymentMethods.payOut;
  switch (operation) {
    case 'createPayIn':
      return creation(merchant.paymentMethods.payIn);
    case 'createPayOut':
      return payOut === undefined ? undefined : creation(payOut);
    case 'paymentStatus':
    case 'complaintStatus':
      return { paymentId: PAYMENT_ID };
    case 'paymentsList':
      return {
        createdAtFrom: listBound(CREATED_AT_MS - 60_000, conventions?.listTimestampUnit),
        createdAtTo: listBound(CREATED_AT_MS + 60_000, conventions?.listTimestampUnit),
        take: conventions?.pageSize?.default ?? 10,
      };
    case 'paymentMethods':
    case 'mediaUpload':
    case 'complaintCreate':
    case 'smsConfirm':
      // §4.7's bodies as the profile describes them (the kit's reference design under kitDesign, operation-payloads.ts).
      return describedBody(profile, operation, {
        ...exampleValues(profile),
        comment: 'The customer says the payment did not arrive',
        type: 'PAY_IN',
      });
  }
}

/** In both record formats a profile may state (conventions.createdAtFormat): ISO 8601 UTC with milliseconds and Z. */
const CREATED_AT = new Date(CREATED_AT_MS).toISOString();

function paymentRecord(profile: ServiceProfile): Body {
  const method = profile.merchant.paymentMethods.payIn;
  return {
    id: PAYMENT_ID,
    currencyCode: method.currencyCode,
    paymentMethodId: method.id,
    status: 'SUCCESS',
    amount: method.amount,
    clientFieldsValues: method.clientFieldsValues,
    merchantPaymentId: MERCHANT_PAYMENT_ID,
    createdAt: CREATED_AT,
  };
}

function listPage(profile: ServiceProfile): Body {
  const method = profile.merchant.paymentMethods.payIn;
  const minor = profile.conventions?.amountTotalsUnit !== 'major';
  return {
    payments: [paymentRecord(profile)],
    total: 1,
    totalSucceed: 1,
    totalFailed: 0,
    amounts: [{ currencyCode: method.currencyCode, total: minor ? Math.round(method.amount * 100) : method.amount }],
    // The only page: where nextId names a page's last payment it may still name it (conventions.nextId).
    ...(profile.conventions?.nextId === 'last-of-page' ? { nextId: PAYMENT_ID } : {}),
  };
}

function complaint(profile: ServiceProfile): Body {
  const method = profile.merchant.paymentMethods.payIn;
  return {
    id: COMPLAINT_ID,
    paymentId: PAYMENT_ID,
    merchantPaymentId: MERCHANT_PAYMENT_ID,
    paymentMethodId: method.id,
    currencyCode: method.currencyCode,
    status: 'PENDING',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  };
}

/** The 200 answer of each operation. */
function answer(operation: OperationName, profile: ServiceProfile): Body {
  const { payIn } = profile.merchant.paymentMethods;
  switch (operation) {
    case 'createPayIn':
    case 'createPayOut':
      return { isSucceed: true, paymentId: PAYMENT_ID };
    case 'paymentStatus':
      return paymentRecord(profile);
    case 'paymentsList':
      return listPage(profile);
    case 'complaintStatus':
    case 'complaintCreate':
      return complaint(profile);
    case 'paymentMethods':
      return {
        paymentMethods: [
          {
            id: payIn.id,
            type: 'PAY_IN',
            accountId: payIn.accountId,
            currencyCode: payIn.currencyCode,
            isAttachmentRequired: false,
            isExternal: false,
            clientFields: payIn.clientFieldsValues.map((field) => ({ id: field.key, required: true })),
          },
        ],
      };
    case 'mediaUpload':
      return { id: 'media-1', url: 'https://service.example/media/media-1' };
    case 'smsConfirm':
      return { isSucceed: true };
  }
}

export interface OperationExamples {
  /** The signed request body, as the kit sends it; undefined where the profile has nothing to build it from. */
  readonly request: Body | undefined;
  readonly answer: Body;
  /** The error bodies of each status of the operation's error answers: one per exact code, or one of free text. */
  readonly errors: ReadonlyMap<number, readonly Body[]>;
}

export function operationExamples(
  operation: OperationName,
  profile: ServiceProfile,
  signer: BodySigner,
  errorAnswers: readonly ErrorAnswer[],
): OperationExamples {
  const fields = requestFields(operation, profile);
  return {
    request:
      fields === undefined ? undefined : (JSON.parse(serializeBody(signer.sign(fields)).toString('utf8')) as Body),
    answer: answer(operation, profile),
    errors: new Map(
      errorAnswers.map((error) => [
        error.status,
        error.codes === undefined
          ? [{ error: `free text, e.g. for ${error.conditions[0] ?? `status ${error.status}`}` }]
          : error.codes.map((code) => ({ error: code })),
      ]),
    ),
  };
}
