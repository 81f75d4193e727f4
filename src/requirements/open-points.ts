/**
 * The register of the interface's open points (design brief §9): every place where it is silent ("not shown", a
 * field table that says nothing of a case) or states a thing two ways, in its own words, with the profile setting
 * that decides it, the reference sandbox's choice (the kit's default, design brief §4) and what the kit does where
 * the profile states nothing. `npm run generate` writes it as generated/open-points.md; suites/meta/open-points.spec.ts
 * checks it against the registry (every convention, every UNSPECIFIED requirement) and every quote against the
 * interface's text.
 */
import type { ConventionName } from '../profile/conventions.js';
import type { RequirementId } from './registry.js';

export interface OpenPoint {
  /** The interface's section(s). */
  readonly section: string;
  /** The interface's words, verbatim (a field table's cell or a sentence): what it says, or fails to. */
  readonly quotes: readonly string[];
  /** `silent`: it does not say; `two ways`: two of its statements disagree. */
  readonly kind: 'silent' | 'two ways';
  /** What is open, in a reader's words. */
  readonly open: string;
  /** The profile settings that decide it (conventions.X are the conventions of src/profile/conventions.ts). */
  readonly settings: readonly string[];
  /** The reference sandbox's choice: the kit's default (profiles/sandbox.json). */
  readonly kitDefault: string;
  /** What a run does where the profile states nothing. */
  readonly unstated: string;
  /** Requirements that rest on it beyond those resting on its conventions (the registry says those). */
  readonly requirements?: readonly RequirementId[];
}

const UNSPECIFIED = (requirements: string): string =>
  `${requirements} UNSPECIFIED: nothing holds the target to a choice`;

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
  {
    section: '§4',
    quotes: ['All bodies are JSON objects.'],
    kind: 'silent',
    open: 'what a request member given as null, or one the field tables do not list, gets',
    settings: ['conventions.nullMembers', 'conventions.unknownRequestMembers'],
    kitDefault: 'both refused with 400',
    unstated: `${UNSPECIFIED('ERROR-NULL-MEMBERS, ERROR-UNKNOWN-MEMBERS')}; generated invalid bodies avoid both`,
  },
  {
    section: '§4.2',
    quotes: ['Listed in the field table only: if given, the service redirects to it after payment creation'],
    kind: 'silent',
    open: 'where and when redirectUrl is used',
    settings: [],
    kitDefault: 'accepted and kept; the sandbox redirects nowhere through the API',
    unstated: 'CREATE-REDIRECT-URL NOT VERIFIED: no API answer shows a redirect',
    requirements: ['CREATE-REDIRECT-URL'],
  },
  {
    section: '§4.3, §6',
    quotes: [
      "After the user's payment is processed and on every later status change (e.g. SUCCESS to FAILED or back)",
      'Response 200: Payment (2.1). Errors: 400, 401 variants, 404 NOT_FOUND, 500.',
    ],
    kind: 'silent',
    open: 'whether the status check shows a status as soon as its postback is sent, and how soon a postback comes',
    settings: ['conventions.statusLagMs', 'timing.postbackWaitMs'],
    kitDefault: 'the status shows at once (0 ms); a postback due comes within 10 s of the virtual clock',
    unstated:
      `${UNSPECIFIED('STATUS-CURRENT-AT-POSTBACK')}; a postback that does not come within the kit's default ` +
      'patience makes its check NOT VERIFIED, naming timing.postbackWaitMs',
  },
  {
    section: '§4.3, §4.4, §4.5',
    quotes: ['Method and path: not shown.'],
    kind: 'silent',
    open: 'the method and path of the status check, the list and the complaint status check',
    settings: ['operations.paymentStatus', 'operations.paymentsList', 'operations.complaintStatus'],
    kitDefault: 'POST /api/payments/v1/status, /api/payments/v1/list, /api/complaints/v1/status',
    unstated: 'the profile must name them (the schema requires the five operations of §4.1–§4.5)',
  },
  {
    section: '§4.4',
    quotes: ['The unit of the timestamps: not shown.', 'Timestamp, start of the creation-date interval'],
    kind: 'silent',
    open: 'the unit of createdAtFrom and createdAtTo, and whether the interval includes its bounds',
    settings: ['conventions.listTimestampUnit', 'conventions.listBoundsInclusive'],
    kitDefault: 'milliseconds since the epoch, both bounds inclusive',
    unstated: `${UNSPECIFIED('LIST-INTERVAL-INCLUSIVE')}; without the unit no list check can build an interval (NOT VERIFIED)`,
  },
  {
    section: '§4.7',
    quotes: [
      'Payment method retrieval, media upload, complaint creation and SMS confirmation are referred to but their paths, methods and payloads are not shown.',
    ],
    kind: 'silent',
    open: 'the four other operations',
    settings: [
      'operations.paymentMethods',
      'operations.mediaUpload',
      'operations.complaintCreate',
      'operations.smsConfirm',
    ],
    kitDefault: "the sandbox's own paths and bodies (src/sandbox/README.md)",
    unstated: 'an operation the profile does not name is absent: its checks are NOT VERIFIED',
  },
  {
    section: '§5.3, §2.5',
    quotes: [
      'The algorithm that builds the hash: not shown.',
      'The same pair is present in postback bodies sent by the service, to be validated by the merchant.',
    ],
    kind: 'silent',
    open: 'the signature scheme and its input (which members, written how, the hash encoded how), for requests and postbacks',
    settings: [
      'signing.scheme',
      'signing.members',
      'signing.canonicalForm',
      'signing.nonAscii',
      'signing.hashEncoding',
      'postbacks.scheme',
      'postbacks.members',
      'postbacks.canonicalForm',
      'postbacks.nonAscii',
      'postbacks.hashEncoding',
      'postbacks.servicePublicKey',
    ],
    kitDefault:
      "rsa-sha256 over the RFC 8785 JSON of the body without hash, base64; postbacks signed with the service's key, which the merchant pins",
    unstated:
      "the design brief's default (the schema requires the scheme and the keys); npm run discover probes the rest",
  },
  {
    section: '§5.4, §7',
    quotes: [
      'missing publicKey gives 401 NO_LOGIN; missing hash gives 401 NO_TOKEN; an invalid publicKey gives 401 NO_KEY',
    ],
    kind: 'silent',
    open: 'whether an empty or null publicKey or hash is missing or invalid, and which check answers first',
    settings: ['conventions.emptyCredentials', 'conventions.nullCredentials', 'conventions.authCheckOrder'],
    kitDefault: 'empty: invalid; null: missing; credentials first, then the body',
    unstated: UNSPECIFIED('AUTH-EMPTY-CREDENTIALS, AUTH-NULL-CREDENTIALS, AUTH-CHECK-ORDER'),
  },
  {
    section: '§6',
    quotes: ['Retry interval and maximum number of retries: not shown.'],
    kind: 'silent',
    open: 'when postbacks are retried, how often, and how long one attempt may take',
    settings: ['conventions.postbackRetry'],
    kitDefault: 'at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h, 10 attempts; 10 s per attempt',
    unstated: `${UNSPECIFIED('PB-RETRY-SCHEDULE')}; a check that needs more attempts waits no longer than timing.postbackBudgetMs`,
  },
  {
    section: '§7',
    quotes: ['Behaviour when none of the required lookup fields is present in a status check: not shown.'],
    kind: 'silent',
    open: 'what a status check (or complaint status check) without a lookup field gets',
    settings: ['conventions.statusWithoutLookupField'],
    kitDefault: '400',
    unstated: UNSPECIFIED('STATUS-NO-LOOKUP-FIELD, COMPLAINT-NO-LOOKUP-FIELD'),
  },
  {
    section: '§8',
    quotes: ['Limits: not shown (no rate limits, page size bounds, request size or amount bounds are given).'],
    kind: 'silent',
    open: "the default and largest page, and the service's rate, size and amount limits",
    settings: ['conventions.pageSize', 'safety.requestsPerSecond', 'safety.maxAmount'],
    kitDefault: "take 20 by default, 100 at most; the kit obeys the profile's safety caps whatever the target allows",
    unstated: `${UNSPECIFIED('LIST-TAKE-DEFAULT-MAX')}; the service's own limits are UNSPECIFIED always`,
    requirements: ['LIMITS-RATE', 'LIMITS-REQUEST-SIZE', 'LIMITS-AMOUNT'],
  },
  {
    section: '§6',
    quotes: ['A repeated postback with updated status is handled like the first.', 'Complaint edit date'],
    kind: 'silent',
    open: "how the merchant's receiver orders complaint postbacks: a late retry of an older status after a newer one",
    settings: ['conventions.receiverComplaintOrder'],
    kitDefault: 'updatedAt: an older status arriving late is acknowledged and not applied (the reference receiver)',
    unstated: UNSPECIFIED('RECEIVER-STALE-RETRY-IGNORED'),
  },
  {
    section: '§9',
    quotes: [
      'The postback format described here is the current one; an older deprecated postback format exists and is not described here.',
    ],
    kind: 'silent',
    open: 'members an answer or a postback carries that the tables do not list (an older format, a newer field)',
    settings: ['conventions.unknownResponseFields', 'conventions.receiverUnknownMembers'],
    kitDefault:
      "warning: reported, never a FAIL, in a service's answers; the merchant's receiver acknowledges them (the reference receiver)",
    unstated: `warning; ${UNSPECIFIED('RECEIVER-UNKNOWN-MEMBERS')}`,
  },
  {
    section: '§9',
    quotes: ['Version negotiation, deprecation schedule and header or path rules for other operations: not shown.'],
    kind: 'silent',
    open: 'versioning of the operations other than creation',
    settings: [],
    kitDefault: 'none',
    unstated: 'VERSION-NEGOTIATION UNSPECIFIED',
    requirements: ['VERSION-NEGOTIATION'],
  },
];

/** The conventions an open point's settings name. */
export function conventionsOf(point: OpenPoint): ConventionName[] {
  return point.settings
    .filter((setting) => setting.startsWith('conventions.'))
    .map((setting) => setting.slice('conventions.'.length) as ConventionName);
}
