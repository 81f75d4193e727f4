/**
 * The register of the interface's open points (design brief §9): every place where it is silent ("not shown", a
 * field table that says nothing of a case) or states a thing two ways, in its own words, with the profile setting
 * that decides it, the reference sandbox's choice (the kit's default, design brief §4) and what the kit does where
 * the profile states nothing. `npm run generate` writes it as generated/open-points.md; suites/meta/open-points.spec.ts
 * checks it against the registry (every convention, every UNSPECIFIED requirement) and every quote against the
 * interface's text.
 */
import type { ConventionName } from '../profile/conventions.js';
import { type OpenPoint, UNSPECIFIED } from './open-point.js';
import { REQUEST_OPEN_POINTS } from './open-points-requests.js';

export type { OpenPoint } from './open-point.js';

/** The open points of the records and their statuses (§2, §3), then those of the requests (§4–§9). */
export const OPEN_POINTS: readonly OpenPoint[] = [
  {
    section: '§2.1, §2.4',
    quotes: ['Format of createdAt in the payment record and in the complaint record: not shown.'],
    kind: 'silent',
    open: 'the format of createdAt and updatedAt in records',
    settings: ['conventions.createdAtFormat'],
    kitDefault: 'iso8601-utc-millis (2026-01-31T12:00:00.000Z)',
    unstated: `${UNSPECIFIED('PAYMENT-CREATEDAT-FORMAT')}; any string passes the record's shape`,
  },
  {
    section: '§2.1, §2.5',
    quotes: [
      'Reason of failure: INCORRECT_AMOUNT, NO_AMOUNT, INCORRECT_FIELDS, RECIPIENT_LIMIT, ANOTHER_REASON',
      'when FAILED one of INCORRECT_AMOUNT (wrong amount transferred), NO_AMOUNT (nothing transferred), INCORRECT_FIELDS (form fields filled incorrectly), ANOTHER_REASON',
    ],
    kind: 'two ways',
    open: "the failedCode of the postback of a payment that failed with RECIPIENT_LIMIT, a code §2.1 has and §2.5's postback set lacks",
    settings: ['conventions.postbackRecipientLimitCode'],
    kitDefault: 'ANOTHER_REASON (the foreign flavour: RECIPIENT_LIMIT)',
    unstated: `${UNSPECIFIED('PB-FAILEDCODE-RECIPIENT-LIMIT')}; the stateful model accepts any code there`,
  },
  {
    section: '§2.1, §4.7',
    quotes: [
      'The payment method record (its clientFields, its isAttachmentRequired flag, the account id it carries, its type PAY_IN or PAY_OUT): only these names are given; its full field list is not shown.',
    ],
    kind: 'silent',
    open: "the payment method record, and so the values a creation needs and the methods' roles",
    settings: ['merchant.paymentMethods', 'operations.paymentMethods'],
    kitDefault: "the sandbox's methods (src/sandbox/config/payment-methods.ts), one per role",
    unstated:
      'a check that needs a role the profile does not name (payOut, external, attachmentRequired…) is NOT VERIFIED',
  },
  {
    section: '§2.1',
    quotes: ['Appears in the payload shape only; no description is given'],
    kind: 'silent',
    open: "what a payment record's postBackUrl holds",
    settings: [],
    kitDefault: 'the postBackUrl given at creation, when one was',
    unstated: 'accepted as an optional string in the record; its value is checked nowhere',
  },
  {
    section: '§2.2',
    quotes: ['array of {total: bigint, currencyCode: string}', 'Sum of amounts per currency'],
    kind: 'two ways',
    open: 'the unit of amounts[].total: a sum of decimal amounts, typed as a big integer',
    settings: ['conventions.amountTotalsUnit'],
    kitDefault: 'minor (the sum in cents)',
    unstated: UNSPECIFIED('LIST-AMOUNTS-PER-CURRENCY'),
  },
  {
    section: '§2.2',
    quotes: ['Sum of amounts per currency'],
    kind: 'silent',
    open: 'which payments of the listed set amounts[] sums: all of them, or only the succeeded ones',
    settings: ['conventions.amountsCover'],
    kitDefault: 'all (every status)',
    unstated: UNSPECIFIED('LIST-AMOUNTS-PER-CURRENCY'),
  },
  {
    section: '§2.3',
    quotes: [
      'Optional; present if the payment was created on the basis of an external payment system',
      'Additional information; all members below are optional',
    ],
    kind: 'two ways',
    open: 'whether every creation response carries info: formUrl is marked optional, info is not, yet all its members are',
    settings: ['conventions.creationInfo'],
    kitDefault: 'always',
    unstated: `${UNSPECIFIED('CREATE-RESPONSE-INFO')}; CREATE-RESPONSE-SHAPE checks info's members when it is there`,
  },
  {
    section: '§2.2, §4.4',
    quotes: [
      'Value to pass as fromId to get the next page',
      'Keyset pagination id; take it from nextId of the previous response',
    ],
    kind: 'silent',
    open: 'what nextId names, whether a last page carries one, and what a fromId that names no payment gets',
    settings: ['conventions.nextId', 'conventions.unknownFromId'],
    kitDefault: 'first-of-next-page (absent on the last page); an unknown fromId gets 404 NOT_FOUND',
    unstated: UNSPECIFIED('LIST-NEXTID-LAST-PAGE, LIST-UNKNOWN-FROMID'),
  },
  {
    section: '§2.4, §4.5, §2.6',
    quotes: ["Described as 'Payment ID'", 'Complaint lookup key', 'Complaint id in the service'],
    kind: 'two ways',
    open: "whether a complaint record's id is the complaint's or its payment's",
    settings: [],
    kitDefault: "the complaint's own id, as §4.5 looks it up and §2.6 posts it (paymentId carries the payment's)",
    unstated: "the complaint's own id (§4.5 and §2.6 agree against §2.4's description)",
  },
  {
    section: '§3.1',
    quotes: ['Transitions between the other payment states, and the initial state on creation: not shown.'],
    kind: 'silent',
    open: 'the status of a new payment, how it leaves PENDING, and whether a plain one settles by itself',
    settings: ['conventions.initialPaymentStatus', 'outcomes.plainPayments', 'outcomes.order'],
    kitDefault:
      'PENDING on creation; PENDING → SUCCESS, FAILED or NEED_CHECK; NEED_CHECK → SUCCESS or FAILED; plain payments stay PENDING',
    unstated: `${UNSPECIFIED('PAYMENT-INITIAL-PENDING')}; checks that need a payment to stay PENDING use a magic value that stays PENDING, else are NOT VERIFIED`,
  },
  {
    section: '§3.2',
    quotes: ['Transitions between the other complaint states: not shown.'],
    kind: 'silent',
    open: 'how a complaint moves before its final status',
    settings: ['outcomes.httpHooks.moveComplaint'],
    kitDefault:
      'PENDING → NEED_CHECK, APPROVED or DECLINED; NEED_CHECK → APPROVED or DECLINED; APPROVED → COMPLETED (design brief §4)',
    unstated: 'the checks of complaint statuses move complaints through a driver; without one they are NOT VERIFIED',
  },
  {
    section: '§7',
    quotes: ['Body or query parameters could not be parsed (typically wrong formatting)'],
    kind: 'silent',
    open: "the status of a body that parses but breaks its operation's field table (a required member missing, a wrong type)",
    settings: ['conventions.invalidBodyStatus'],
    kitDefault: '400',
    unstated: UNSPECIFIED(
      'ERROR-INVALID-BODY-400, CREATE-REQUIRED-FIELDS, CREATE-FIELD-TYPES, CREATE-CLIENT-FIELDS-VALIDATED, CREATE-ATTACHMENT-REQUIRED, LIST-INTERVAL-REQUIRED',
    ),
  },
  {
    section: '§4, §7',
    quotes: [
      'All bodies are JSON objects.',
      'Body or query parameters could not be parsed (typically wrong formatting)',
    ],
    kind: 'silent',
    open: 'what a body whose bytes are not UTF-8 gets: the interface names no encoding',
    settings: ['conventions.nonUtf8Bodies'],
    kitDefault: 'refused with 400',
    unstated: UNSPECIFIED('ERROR-NOT-UTF8'),
  },
  ...REQUEST_OPEN_POINTS,
];

/** The conventions an open point's settings name. */
export function conventionsOf(point: OpenPoint): ConventionName[] {
  return point.settings
    .filter((setting) => setting.startsWith('conventions.'))
    .map((setting) => setting.slice('conventions.'.length) as ConventionName);
}
