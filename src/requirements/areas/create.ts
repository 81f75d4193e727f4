import type { Requirement } from '../requirement.js';
import { CREATION } from './scope.js';
import { ERROR_ROWS } from './errors.js';
import { LIST_REQUEST } from './list.js';
import { PAYMENT_EVENT, PAYMENT_RECORD } from './status.js';

/** §4.1, §4.2: the creation operations. */
const PAY_IN_PATH = 'POST {base_url}/api/payments/v1/pay_in';
const PAY_OUT_PATH = 'POST {base_url}/api/payments/v1/pay_out';
const CREATION_RESPONSES = 'Responses: 200 with the payment creation response (2.3)';
const EXTERNAL_SYSTEM =
  'When the request concerns an external payment system, the redirect URLs may be used and formUrl is returned.';

/** The rows of the creation request's field table (§4.2), as quotes. */
export const CREATION_REQUEST = {
  accountId: 'accountId | number | yes | Account id received in the payment method',
  paymentMethodId: 'paymentMethodId | string | yes | Payment method id',
  amount: 'amount | number | yes | Payment amount',
  clientFieldsValues:
    'clientFieldsValues | array of {key: string, value: string} | yes | Fields filled by the user; all are those received within the payment method',
  merchantPaymentId: "merchantPaymentId | string | no | Merchant's own payment id",
  merchantUserId: "merchantUserId | string | no | Merchant's own user id",
  successRedirectUrl:
    'successRedirectUrl | string | no | Where the user is sent after interacting with an external payment system, on success',
  failureRedirectUrl: 'failureRedirectUrl | string | no | Same, on failure',
  redirectUrl:
    'redirectUrl | string | no | Listed in the field table only: if given, the service redirects to it after payment creation',
  postBackUrl:
    'postBackUrl | string | no | Receives the postback after the payment is confirmed; when absent, the postback goes to the URL registered for the merchant',
  attachmentId:
    "attachmentId | string | no | Required when the payment method's isAttachmentRequired is true; it is the id returned by a media upload of the proof-of-payment image",
} as const;

/** The rows of the payment creation response (§2.3), as quotes. */
const CREATION_RESPONSE = {
  isSucceed: 'isSucceed | boolean | Success flag',
  formUrl: 'formUrl | string | Optional; present if the payment was created on the basis of an external payment system',
  paymentId: 'paymentId | string | Payment id in the service',
  info: 'info | object | Additional information; all members below are optional',
  isSMSRequired: 'info.isSMSRequired | boolean | Whether an extra SMS confirmation request is required',
  instruction: 'info.instruction | string or null | Comment from the payment receiving system',
  withDeepLink:
    'info.withDeepLink | boolean | Whether a deep link works for this payment and a button to the payment application should be shown',
  showQR: 'info.showQR | boolean | Whether a QR code is shown on the payment page',
  deepLink:
    'info.deepLink | object or null | Links to payment applications. Three optional keys, one per supported payment application, written here <app_a>, <app_b>, <app_c>; each is a string or null. When a link is defined, a button leading to that application is to be shown',
} as const;

/** Where the payment page's checks run: what decides them when a run has none of them. */
const PAGE_PROJECT =
  "the browser project, which certify runs where the profile names an external method and Debian chromium is on the PATH, with the page's controls from the profile's page section (a by-URL run of the conformance project alone has none of them)";

/** §4.1, §4.2, §2.3, §5.5: creating deposits and payouts. */
export const CREATE_REQUIREMENTS = [
  {
    id: 'CREATE-PAYIN-OK',
    section: '§4.1',
    statement: 'A valid pay_in creation is answered 200 with the payment creation response.',
    level: 'spec',
    operations: ['createPayIn'],
    quote: [PAY_IN_PATH, 'Creates a payment of type PAY_IN.', CREATION_RESPONSES],
  },
  {
    id: 'CREATE-PAYOUT-OK',
    section: '§4.2',
    statement: 'A valid pay_out creation is answered 200 with the payment creation response.',
    level: 'spec',
    operations: ['createPayOut'],
    quote: [PAY_OUT_PATH, 'Creates a payment of type PAY_OUT.', CREATION_RESPONSES],
  },
  {
    id: 'CREATE-PATHS-V1',
    section: '§4.1, §4.2, §9',
    statement: 'Payment creation is served at POST /api/payments/v1/pay_in and POST /api/payments/v1/pay_out.',
    level: 'spec',
    operations: CREATION,
    quote: [PAY_IN_PATH, PAY_OUT_PATH, 'The payment creation paths carry the segment v1 (/api/payments/v1/...).'],
  },
  {
    id: 'CREATE-RESPONSE-SHAPE',
    section: '§2.3',
    statement:
      'The creation response has isSucceed (boolean) and paymentId (string), the members §2.3 does not mark optional; formUrl and info, when present, have the §2.3 types (deepLink an object of string-or-null links, or null).',
    level: 'spec',
    operations: CREATION,
    quote: [...Object.values(CREATION_RESPONSE)],
  },
  {
    id: 'CREATE-RESPONSE-INFO',
    section: '§2.3',
    statement:
      'A creation response carries info as the profile states (conventions.creationInfo): every one (always), or at least those of a method on an external payment system (when-any).',
    level: 'profile',
    operations: CREATION,
    quote: [CREATION_RESPONSE.info],
    conventions: ['creationInfo'],
  },
  {
    id: 'CREATE-SUCCEEDED-FLAG',
    section: '§2.3',
    statement: 'A creation answered 200 says isSucceed true.',
    level: 'profile',
    operations: CREATION,
    quote: [CREATION_RESPONSE.isSucceed],
  },
  {
    id: 'CREATE-PAYIN-TYPE',
    section: '§1, §4.1',
    statement: "A payment created with pay_in is a PAY_IN payment (as the list's type filter shows).",
    level: 'spec',
    operations: ['createPayIn', 'paymentsList'],
    quote: ['Creates a payment of type PAY_IN.', LIST_REQUEST.type],
  },
  {
    id: 'CREATE-PAYOUT-TYPE',
    section: '§1, §4.2',
    statement: "A payment created with pay_out is a PAY_OUT payment (as the list's type filter shows).",
    level: 'spec',
    operations: ['createPayOut', 'paymentsList'],
    quote: ['Creates a payment of type PAY_OUT.', LIST_REQUEST.type],
  },
  {
    id: 'CREATE-REQUIRED-FIELDS',
    section: '§4.2',
    statement:
      "A creation without accountId, paymentMethodId, amount or clientFieldsValues is refused with the profile's invalidBodyStatus (§7's 400).",
    level: 'profile',
    operations: CREATION,
    conventions: ['invalidBodyStatus'],
    quote: [
      CREATION_REQUEST.accountId,
      CREATION_REQUEST.paymentMethodId,
      CREATION_REQUEST.amount,
      CREATION_REQUEST.clientFieldsValues,
      ERROR_ROWS.unparseable,
    ],
  },
  {
    id: 'CREATE-FIELD-TYPES',
    section: '§4.2',
    statement: "A creation with a member of the wrong type is refused with the profile's invalidBodyStatus (§7's 400).",
    level: 'profile',
    operations: CREATION,
    conventions: ['invalidBodyStatus'],
    quote: [...Object.values(CREATION_REQUEST), ERROR_ROWS.unparseable],
  },
  {
    id: 'CREATE-UNKNOWN-METHOD',
    section: '§7',
    statement: 'A creation naming a payment method that does not exist is refused with 404 NOT_FOUND.',
    level: 'spec',
    operations: CREATION,
    quote: ['404 | NOT_FOUND | Payment method does not exist | payment creation'],
  },
  {
    id: 'CREATE-FORBIDDEN-METHOD',
    section: '§5.5, §7',
    statement: 'A creation naming a payment method the merchant has no access to is refused with 403 ACCESS_DENIED.',
    level: 'spec',
    operations: CREATION,
    quote: [
      'Creating a payment with a payment method the merchant has no access to gives 403 ACCESS_DENIED.',
      '403 | ACCESS_DENIED | Merchant names a payment method it has no access to | payment creation',
    ],
  },
  {
    id: 'CREATE-ATTACHMENT-REQUIRED',
    section: '§4.2',
    statement:
      "A creation without attachmentId, for a method whose isAttachmentRequired is true, is refused with the profile's invalidBodyStatus.",
    level: 'profile',
    operations: CREATION,
    conventions: ['invalidBodyStatus'],
    quote: [CREATION_REQUEST.attachmentId],
  },
  {
    id: 'CREATE-FORMURL-EXTERNAL',
    section: '§2.3, §4.2',
    statement: 'A payment created with a method on an external payment system answers formUrl, a string.',
    level: 'spec',
    operations: CREATION,
    quote: [CREATION_RESPONSE.formUrl, EXTERNAL_SYSTEM],
  },
  {
    id: 'CREATE-SMS-FLAG',
    section: '§2.3, §4.2',
    statement: "A creation with the profile's SMS-confirmed method answers info.isSMSRequired true.",
    level: 'profile',
    operations: CREATION,
    quote: [CREATION_RESPONSE.isSMSRequired, 'When isSMSRequired is true an extra SMS confirmation request follows.'],
  },
  {
    id: 'CREATE-CLIENT-FIELDS-VALIDATED',
    section: '§2.1, §4.2',
    statement:
      "clientFieldsValues must be the method's fields with values that pass its validation; a value that does not is refused with the profile's invalidBodyStatus.",
    level: 'profile',
    operations: CREATION,
    conventions: ['invalidBodyStatus'],
    quote: [CREATION_REQUEST.clientFieldsValues, PAYMENT_RECORD.clientFieldsValues],
  },
  {
    id: 'CREATE-REDIRECT-URL',
    section: '§4.2',
    statement: 'When redirectUrl is given, the service redirects to it after payment creation.',
    level: 'spec',
    operations: CREATION,
    quote: [CREATION_REQUEST.redirectUrl],
    untestable: "the redirect happens in the user's browser flow; the API answer shows nothing of it",
  },
  {
    id: 'CREATE-EXTERNAL-REDIRECTS',
    section: '§4.2',
    statement:
      'With an external payment system, the user who pays on the page behind formUrl lands on successRedirectUrl, and one who fails lands on failureRedirectUrl (checked in a browser, suites/browser).',
    level: 'spec',
    decidedBy: PAGE_PROJECT,
    operations: CREATION,
    quote: [CREATION_REQUEST.successRedirectUrl, CREATION_REQUEST.failureRedirectUrl, EXTERNAL_SYSTEM],
  },
  {
    id: 'CREATE-DEEPLINK-BUTTON',
    section: '§2.3',
    statement:
      'When info.withDeepLink is true, the payment page shows a button to each payment application whose deepLink is defined, leading to that link, and none for one that is null (checked in a browser).',
    level: 'spec',
    decidedBy: PAGE_PROJECT,
    operations: CREATION,
    quote: [CREATION_RESPONSE.withDeepLink, CREATION_RESPONSE.deepLink],
  },
  {
    id: 'PAGE-SHOW-QR',
    section: '§2.3',
    statement: 'The payment page behind formUrl shows a QR code exactly when the creation answered info.showQR true.',
    level: 'spec',
    decidedBy: PAGE_PROJECT,
    operations: CREATION,
    quote: [CREATION_RESPONSE.showQR],
  },
  {
    id: 'PAGE-OUTCOME',
    section: '§3.1, §4.2, §6',
    statement:
      'A payment paid on the page behind formUrl becomes SUCCESS, one failed there FAILED, and its postback follows with that status.',
    level: 'spec',
    decidedBy: PAGE_PROJECT,
    operations: CREATION,
    quote: [CREATION_RESPONSE.formUrl, PAYMENT_EVENT],
  },
] as const satisfies readonly Requirement[];
