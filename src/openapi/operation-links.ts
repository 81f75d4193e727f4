/**
 * OpenAPI links between the operations (OpenAPI 3.1 §4.8.20), so that a tool driven by the export can chain them
 * as a merchant does: a creation's paymentId into the status check, the complaint lookups and the SMS confirmation;
 * a payment's id into its complaint lookup, a complaint's paymentId into its payment; a created complaint's id into
 * its status check; a list page's nextId into the next page (§4.4: "pass it as fromId"); a listed method into a
 * deposit, an uploaded image into a deposit's attachmentId. Every operation's answer links somewhere. Every body is JSON, so a link gives the target's requestBody, with runtime expressions where a value
 * comes from the answer or the request. publicKey and hash are not in it: the tool signs each body
 * (`payment-conformance sign`). A link is only given where the profile names both operations, where both take the
 * kit's design (§4.7's operations may not), and where the value it passes is one the target takes as it is.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import type { OperationName } from '../contract/operations.js';
import { kitDesigned } from './provider-payloads.js';

interface Link {
  readonly operationId: OperationName;
  readonly requestBody: Readonly<Record<string, unknown>>;
  readonly description: string;
}

const PAYMENT_ID = '$response.body#/paymentId';

function fromCreation(profile: ServiceProfile): Record<string, Link> {
  const links: Record<string, Link> = {
    paymentStatus: {
      operationId: 'paymentStatus',
      requestBody: { paymentId: PAYMENT_ID },
      description: 'The created payment by its paymentId (§4.3).',
    },
    complaintStatus: {
      operationId: 'complaintStatus',
      requestBody: { paymentId: PAYMENT_ID },
      description: "The complaint about the created payment, by the payment's id (§4.5); 404 while there is none.",
    },
  };
  const { postbackUrl, smsTestCode } = profile.merchant;
  if (postbackUrl !== undefined) {
    links.complaintCreate = {
      operationId: 'complaintCreate',
      requestBody: { paymentId: PAYMENT_ID, postBackUrl: postbackUrl },
      description: "A complaint about the created payment, its postbacks to the merchant's registered URL (§4.7).",
    };
  }
  if (smsTestCode !== undefined) {
    links.smsConfirm = {
      operationId: 'smsConfirm',
      requestBody: { paymentId: PAYMENT_ID, code: smsTestCode },
      description: "The SMS confirmation of the created payment with the profile's test code (§4.7, §2.3).",
    };
  }
  return links;
}

/**
 * A payment record's createdAt as both bounds of the list's interval: only where the list takes the records' own
 * timestamps (listTimestampUnit iso8601) and holds both bounds (listBoundsInclusive true); a count of seconds or
 * milliseconds cannot be written by a runtime expression.
 */
function fromStatus(profile: ServiceProfile): Record<string, Link> {
  const conventions = profile.conventions ?? {};
  const lookups: Record<string, Link> = {
    complaintStatus: {
      operationId: 'complaintStatus',
      requestBody: { paymentId: '$response.body#/id' },
      description: "The complaint about this payment, by the payment's id (§4.5); 404 while there is none.",
    },
  };
  if (conventions.listTimestampUnit !== 'iso8601' || conventions.listBoundsInclusive !== true) return lookups;
  return {
    ...lookups,
    paymentsList: {
      operationId: 'paymentsList',
      requestBody: { createdAtFrom: '$response.body#/createdAt', createdAtTo: '$response.body#/createdAt' },
      description: 'The list of payments created at the same instant as this one (§4.4): it holds this payment.',
    },
  };
}

const NEXT_PAGE: Link = {
  operationId: 'paymentsList',
  requestBody: {
    createdAtFrom: '$request.body#/createdAtFrom',
    createdAtTo: '$request.body#/createdAtTo',
    fromId: '$response.body#/nextId',
  },
  description:
    "The next page (§4.4: nextId is passed as fromId), over the same interval; give the first request's take and " +
    'filters again. There is none when the page carries no nextId.',
};

const COMPLAINT_BY_ID: Link = {
  operationId: 'complaintStatus',
  requestBody: { id: '$response.body#/id' },
  description: 'The created complaint by its id (§4.5).',
};

/** The payment a complaint is about (§2.4: paymentId), and the payment an SMS confirmation confirmed. */
const PAYMENT_OF_COMPLAINT: Link = {
  operationId: 'paymentStatus',
  requestBody: { paymentId: '$response.body#/paymentId' },
  description: 'The payment the complaint is about, by its id (§4.3).',
};

const CONFIRMED_PAYMENT: Link = {
  operationId: 'paymentStatus',
  requestBody: { paymentId: '$request.body#/paymentId' },
  description: 'The payment just confirmed, by its id (§4.3).',
};

/** A deposit with the first method listed, and one with the attachment just uploaded (§4.2: attachmentId). */
function toCreation(operation: 'paymentMethods' | 'mediaUpload', profile: ServiceProfile): Record<string, Link> {
  const { payIn } = profile.merchant.paymentMethods;
  if (operation === 'paymentMethods') {
    return {
      createPayIn: {
        operationId: 'createPayIn',
        requestBody: {
          accountId: '$response.body#/paymentMethods/0/accountId',
          paymentMethodId: '$response.body#/paymentMethods/0/id',
        },
        description:
          'A deposit with the first method listed, at its account (§4.1); give the amount and the values its clientFields ask (a payout method is created with createPayOut).',
      },
    };
  }
  return {
    createPayIn: {
      operationId: 'createPayIn',
      requestBody: {
        accountId: payIn.accountId,
        paymentMethodId: payIn.id,
        amount: payIn.amount,
        clientFieldsValues: payIn.clientFieldsValues,
        attachmentId: '$response.body#/id',
      },
      description: "A deposit with the profile's deposit method and the uploaded image as its attachment (§4.1, §4.7).",
    },
  };
}

/** The links of each operation's 200 answer, to operations the profile names. */
export function operationLinks(operation: OperationName, profile: ServiceProfile): Record<string, Link> | undefined {
  const candidates: Record<string, Link> =
    operation === 'createPayIn' || operation === 'createPayOut'
      ? fromCreation(profile)
      : operation === 'paymentStatus'
        ? fromStatus(profile)
        : operation === 'paymentsList'
          ? { nextPage: NEXT_PAGE }
          : operation === 'complaintCreate'
            ? { complaintStatus: COMPLAINT_BY_ID, paymentStatus: PAYMENT_OF_COMPLAINT }
            : operation === 'complaintStatus'
              ? { paymentStatus: PAYMENT_OF_COMPLAINT }
              : operation === 'smsConfirm'
                ? { paymentStatus: CONFIRMED_PAYMENT }
                : toCreation(operation, profile);
  // The links pass the members of the kit's design: none from or to a §4.7 operation the provider shapes otherwise.
  if (!kitDesigned(operation, profile)) return undefined;
  const named = profile.operations as Partial<Record<OperationName, unknown>>;
  const links = Object.fromEntries(
    Object.entries(candidates).filter(
      ([, link]) => named[link.operationId] !== undefined && kitDesigned(link.operationId, profile),
    ),
  );
  return Object.keys(links).length === 0 ? undefined : links;
}
