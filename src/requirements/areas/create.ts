import type { Requirement } from '../requirement.js';
import { CREATION } from './scope.js';

/** §4.1, §4.2, §2.3, §5.5: creating deposits and payouts. */
export const CREATE_REQUIREMENTS = [
  {
    id: 'CREATE-PAYIN-OK',
    section: '§4.1',
    statement: 'A valid pay_in creation is answered 200 with the payment creation response.',
    level: 'spec',
    operations: ['createPayIn'],
  },
  {
    id: 'CREATE-PAYOUT-OK',
    section: '§4.2',
    statement: 'A valid pay_out creation is answered 200 with the payment creation response.',
    level: 'spec',
    operations: ['createPayOut'],
  },
  {
    id: 'CREATE-PATHS-V1',
    section: '§4.1, §4.2, §9',
    statement: 'Payment creation is served at POST /api/payments/v1/pay_in and POST /api/payments/v1/pay_out.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-RESPONSE-SHAPE',
    section: '§2.3',
    statement:
      'The creation response has isSucceed (boolean), paymentId (string) and info, whose members have the §2.3 types when present (deepLink an object of string-or-null links, or null).',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-SUCCEEDED-FLAG',
    section: '§2.3',
    statement: 'A creation answered 200 says isSucceed true.',
    level: 'profile',
    operations: CREATION,
  },
  {
    id: 'CREATE-PAYIN-TYPE',
    section: '§1, §4.1',
    statement: "A payment created with pay_in is a PAY_IN payment (as the list's type filter shows).",
    level: 'spec',
    operations: ['createPayIn', 'paymentsList'],
  },
  {
    id: 'CREATE-PAYOUT-TYPE',
    section: '§1, §4.2',
    statement: "A payment created with pay_out is a PAY_OUT payment (as the list's type filter shows).",
    level: 'spec',
    operations: ['createPayOut', 'paymentsList'],
  },
  {
    id: 'CREATE-REQUIRED-FIELDS',
    section: '§4.2',
    statement: 'A creation without accountId, paymentMethodId, amount or clientFieldsValues is refused with 400.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-FIELD-TYPES',
    section: '§4.2',
    statement: 'A creation with a member of the wrong type is refused with 400.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-UNKNOWN-METHOD',
    section: '§7',
    statement: 'A creation naming a payment method that does not exist is refused with 404 NOT_FOUND.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-FORBIDDEN-METHOD',
    section: '§5.5, §7',
    statement: 'A creation naming a payment method the merchant has no access to is refused with 403 ACCESS_DENIED.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-ATTACHMENT-REQUIRED',
    section: '§4.2',
    statement: 'A creation without attachmentId, for a method whose isAttachmentRequired is true, is refused (400).',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-FORMURL-EXTERNAL',
    section: '§2.3, §4.2',
    statement: 'A payment created with a method on an external payment system answers formUrl.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-SMS-FLAG',
    section: '§2.3, §4.2',
    statement: "A creation with the profile's SMS-confirmed method answers info.isSMSRequired true.",
    level: 'profile',
    operations: CREATION,
  },
  {
    id: 'CREATE-CLIENT-FIELDS-VALIDATED',
    section: '§2.1, §4.2',
    statement:
      "clientFieldsValues must be the method's fields with values that pass its validation; a value that does not is refused (400).",
    level: 'profile',
    operations: CREATION,
  },
  {
    id: 'CREATE-REDIRECT-URL',
    section: '§4.2',
    statement: 'When redirectUrl is given, the service redirects to it after payment creation.',
    level: 'spec',
    operations: CREATION,
    untestable: "the redirect happens in the user's browser flow; the API answer shows nothing of it",
  },
  {
    id: 'CREATE-EXTERNAL-REDIRECTS',
    section: '§4.2',
    statement:
      'With an external payment system, the user who pays on the page behind formUrl lands on successRedirectUrl, and one who fails lands on failureRedirectUrl (checked in a browser, suites/browser).',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'CREATE-DEEPLINK-BUTTON',
    section: '§2.3',
    statement:
      'When info.withDeepLink is true, the payment page shows a button to each payment application whose deepLink is defined, leading to that link, and none for one that is null (checked in a browser).',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'PAGE-SHOW-QR',
    section: '§2.3',
    statement: 'The payment page behind formUrl shows a QR code exactly when the creation answered info.showQR true.',
    level: 'spec',
    operations: CREATION,
  },
  {
    id: 'PAGE-OUTCOME',
    section: '§3.1, §4.2, §6',
    statement:
      'A payment paid on the page behind formUrl becomes SUCCESS, one failed there FAILED, and its postback follows with that status.',
    level: 'spec',
    operations: CREATION,
  },
] as const satisfies readonly Requirement[];
