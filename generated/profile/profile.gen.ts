/* eslint-disable */
/**
 * Generated from schemas/profile/profile.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Where a non-secret text comes from: a file, an environment variable or an inline value.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "TextSource".
 */
export type TextSource =
  | {
      file: string;
    }
  | {
      env: string;
    }
  | {
      value: string;
    };
/**
 * Where a secret comes from: a file or an environment variable, never inline, so that profiles can be shared and secrets never reach a report.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "SecretSource".
 */
export type SecretSource =
  | {
      file: string;
    }
  | {
      env: string;
    };
/**
 * The algorithm of the hash (§5.3: not shown): rsa-sha256 (RSASSA-PKCS1-v1_5, SHA-256), rsa-pss-sha256 (RSASSA-PSS, SHA-256, MGF1-SHA-256; the kit signs with a 32-byte salt and verifies any), ecdsa-p256 (P-256, SHA-256, the signature DER-encoded), ed25519, hmac-sha256, hmac-sha512, or custom (a module). What it signs and how the hash is written are the members, canonicalForm and hashEncoding settings beside it (default: RFC 8785 canonical JSON of the body without hash, base64; design brief §4).
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "SchemeName".
 */
export type SchemeName =
  'rsa-sha256' | 'rsa-pss-sha256' | 'ecdsa-p256' | 'ed25519' | 'hmac-sha256' | 'hmac-sha512' | 'custom';
/**
 * How postbacks from the service are verified (§2.5, §2.6): the body must carry the pinned service public key and a hash that verifies under it, over the signing input members, canonicalForm and hashEncoding describe (the service's own choice; default as for requests). verificationKey is needed for hmac-sha256 (the shared secret).
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "PostbackSigning".
 */
export type PostbackSigning = PostbackSigning1;
/**
 * How the merchant's state shows the money a payment's postbacks moved, so that applied once, applied again, reversed and not applied can be told apart: an amount credited (net: a reversal takes it back), a count of credits applied (a reversal need not lower it: the status shows it), a flag (credited or not: it cannot show a second credit), a ledger of entries (credits and reversals), or the balance of the payment's user in its currency (the change the payment made). Every pointer here is a state pointer: a segment may hold {{member}} placeholders of the postback, and a segment name=value on an array picks its first entry whose member name is value
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "MoneyEffect".
 */
export type MoneyEffect =
  | {
      /**
       * Where the amount credited, net, is (a number; absent or null means 0)
       */
      amountAt: string;
      /**
       * major: the amount as §2.5 writes it (10.5); minor: whole cents (1050)
       */
      unit?: 'major' | 'minor';
    }
  | {
      /**
       * Where the number of credits applied is (an integer; absent or null means 0)
       */
      countAt: string;
    }
  | {
      /**
       * Where whether the payment stands credited is (a boolean; absent or null means false)
       */
      flagAt: string;
    }
  | {
      /**
       * Where the entries are (an array)
       */
      ledgerAt: string;
      /**
       * Where an entry says what it is, from the entry
       */
      kindAt: string;
      /**
       * The kind of a credit entry
       */
      credit: string;
      /**
       * The kind of a reversal entry
       */
      reversal: string;
    }
  | {
      /**
       * Where the balance of the payment's merchantUserId in its currency is (a number; absent or null, or a 404, means 0), e.g. /accounts/currency={{currency}}/balanceMinor. It is read before the payment's first postback and after, and the change is what the payment's postbacks moved: a PAY_IN adds its amount, a PAY_OUT (receiver.expectedPayments.payment.type) takes it away. A balance sums every payment of its user, so the kit gives each payment a merchantUserId of its own
       */
      balanceAt: string;
      /**
       * major: the amount as §2.5 writes it (10.5); minor: whole cents (1050)
       */
      unit?: 'major' | 'minor';
      /**
       * GET this for the balance, with the placeholders of readBack.payment.url (/wallets/{{merchantUserId}}); default: readBack.payment.url
       */
      url?: string;
    };
/**
 * A header of the provider's test helpers: a secret from a file or an environment variable, written into the header as format says ({{secret}} stands for it; default the secret alone, e.g. "Bearer {{secret}}")
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "HookHeader".
 */
export type HookHeader =
  | {
      file: string;
      format?: SecretFormat;
    }
  | {
      env: string;
      format?: SecretFormat;
    };
/**
 * The header value with {{secret}} where the secret goes, e.g. "Bearer {{secret}}"
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "SecretFormat".
 */
export type SecretFormat = string;
/**
 * An element of a page: a CSS selector, or a role and an accessible name (Playwright's getByRole)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Locator".
 */
export type Locator =
  | string
  | {
      role: 'button' | 'link' | 'img' | 'checkbox' | 'textbox';
      name: string;
    };
export type PaymentType = 'PAY_IN' | 'PAY_OUT';
/**
 * A currency code: ISO 4217 (USD, INR, BDT, PKR) or another the service lists, for §2.1 says the list is open-ended (USDT, a stablecoin, is common). Upper-case letters and digits, 3 to 12 characters, starting with a letter.
 */
export type CurrencyCode = string;
export type ClientFieldsValues = ClientFieldValue[];
/**
 * What a creation carries to lead to an outcome: the cents of its amount, a merchantUserId, a client field's value, or a prefix of its merchantPaymentId (the kit's own id follows it, safety.merchantPaymentIdPrefix included)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "MagicSetting".
 */
export type MagicSetting =
  | {
      amountCents: number;
    }
  | {
      merchantUserId: string;
    }
  | {
      clientField: {
        key: string;
        value: string;
      };
    }
  | {
      merchantPaymentIdPrefix: string;
    };
/**
 * Reason of failure of a payment record (§2.1).
 */
export type FailedCode = 'INCORRECT_AMOUNT' | 'NO_AMOUNT' | 'INCORRECT_FIELDS' | 'RECIPIENT_LIMIT' | 'ANOTHER_REASON';

/**
 * A target profile: everything the interface leaves open (design brief §4) and everything the kit needs to know about one target environment. Relative file paths are resolved from the profile file's folder. A service's certification (certify, discover, the sandbox) needs operations, signing, merchant, capabilities and safety as well; a receiver's (certify-receiver) only postbacks, and receiver where its defaults do not do.
 */
export interface Profile {
  /**
   * Editor hint; ignored by the kit
   */
  $schema?: string;
  name: string;
  description?: string;
  /**
   * Base URL of the target ({base_url} in the interface). Absent for the embedded sandbox, whose URL is known only when it starts; --target overrides it.
   */
  baseUrl?: string;
  tls?: Tls;
  operations?: Operations;
  signing?: RequestSigning;
  postbacks: PostbackSigning;
  receiver?: Receiver;
  client?: ClientLimits;
  page?: PageActions;
  merchant?: Merchant;
  capabilities?: Capabilities;
  control?: Control;
  outcomes?: Outcomes;
  timing?: Timing;
  safety?: Safety;
  propertyRuns?: PropertyRuns;
  conventions?: Conventions;
  limits?: Limits;
}
/**
 * How the kit reaches the target (and a merchant's receiver) over HTTPS: a private CA, a client certificate for mutual TLS, whether to verify the server. Files resolve against the profile's folder; the client key comes from a secret source, never inline, and never reaches a report. HTTP_PROXY, HTTPS_PROXY and NO_PROXY of the environment are honoured beside it.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Tls".
 */
export interface Tls {
  ca?: TextSource;
  clientCertificate?: TextSource;
  clientKey?: SecretSource;
  /**
   * false accepts any server certificate (a lab only; every report of the run warns about it)
   */
  verify?: boolean;
}
/**
 * Where each operation lives. The creation paths are given by the interface (§4.1, §4.2); the others are not shown (§4.3, §4.4, §4.5, §4.7). An absent optional operation is a capability the target lacks.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Operations".
 */
export interface Operations {
  createPayIn: Endpoint;
  createPayOut: Endpoint;
  paymentStatus: Endpoint;
  paymentsList: Endpoint;
  complaintStatus: Endpoint;
  paymentMethods?: Endpoint;
  mediaUpload?: Endpoint;
  complaintCreate?: Endpoint;
  smsConfirm?: Endpoint;
}
/**
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Endpoint".
 */
export interface Endpoint {
  method?: 'POST' | 'PUT' | 'PATCH';
  path: string;
  payload?: Payload;
}
/**
 * The body of an operation §4.7 only names (payment methods, media upload, complaint creation, SMS confirmation: 'their paths, methods and payloads are not shown'), as the provider documents it. kitDesign: the provider takes the kit's reference payloads (schemas/other-operations, the sandbox's); otherwise example is a valid body and the checks of the operation use it, its required members and the answer's pointers. Without a payload, the checks that need a body of the operation are NOT VERIFIED, naming this setting
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Payload".
 */
export interface Payload {
  /**
   * The kit's reference design (schemas/other-operations): its bodies, its invalid variants, its answers' shapes
   */
  kitDesign?: boolean;
  /**
   * A valid body without publicKey and hash (the kit signs it). Its strings may hold placeholders: {{paymentId}}, {{merchantPaymentId}}, {{postBackUrl}}, {{comment}}, {{imageBase64}} (a small PNG or JPEG, standard base64), {{contentType}} (image/png or image/jpeg), {{fileName}}, {{code}} (the SMS code), {{type}} (PAY_IN or PAY_OUT); a member that is exactly a placeholder with no value is left out
   */
  example?: {};
  /**
   * Members of example the operation requires: a body without one is refused (conventions.invalidBodyStatus)
   */
  required?: string[];
  /**
   * Media upload and complaint creation: where the answer holds the new thing's id (a JSON pointer; default /id)
   */
  idAt?: string;
  /**
   * Payment methods: where the answer holds the array of methods (a JSON pointer; default /paymentMethods; '' for an answer that is the array), each method with id and type
   */
  listAt?: string;
  /**
   * SMS confirmation: where the answer says the confirmation succeeded (a JSON pointer to a boolean; default /isSucceed; a 200 without it counts as confirmed)
   */
  succeededAt?: string;
}
/**
 * How the kit signs requests as the merchant (§5). For the asymmetric schemes (rsa-sha256, rsa-pss-sha256, ecdsa-p256, ed25519), publicKey is the merchant's public key file (its whole contents go into the publicKey field) and signingKey its private key; for hmac-sha256 and hmac-sha512, publicKey is the key id and signingKey the shared secret. members, canonicalForm and hashEncoding say what the hash covers and how it is written; a custom module gets that signing input, the body and (when verifying) the exact bytes.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "RequestSigning".
 */
export interface RequestSigning {
  scheme: SchemeName;
  /**
   * Module exporting the custom scheme
   */
  module?: string;
  /**
   * The members the hash covers: every member but hash, or every member but hash and publicKey (§5.3: not shown)
   */
  members?: 'all-but-hash' | 'all-but-public-key-and-hash';
  /**
   * How the covered members become the signed bytes: jcs is RFC 8785; sorted-compact is keys sorted by code point at every level, no white space, text beyond ASCII escaped or raw as nonAscii says (Python's json.dumps(body, sort_keys=True, separators=(',', ':'))); as-sent is the exact bytes of the body as sent with the uncovered members cut out, each with one comma next to it
   */
  canonicalForm?: 'jcs' | 'sorted-compact' | 'as-sent';
  /**
   * For canonicalForm sorted-compact: whether characters outside printable ASCII are escaped as \uXXXX (escaped: Python's json.dumps default, ensure_ascii=True) or written as they are in UTF-8 (raw: ensure_ascii=False). JCS always writes them raw, as-sent as they were sent
   */
  nonAscii?: 'escaped' | 'raw';
  /**
   * How the hash member writes the signature's bytes: base64 (padded), base64url (RFC 4648 §5, no padding), base64url-padded (with its = padding, as Python's urlsafe_b64encode writes it) or hex (lower case). For a custom scheme it tells the kit how to read the module's hashes when it tampers with one
   */
  hashEncoding?: 'base64' | 'base64url' | 'base64url-padded' | 'hex';
  publicKey: TextSource;
  signingKey: SecretSource;
  /**
   * A key pair of the signing scheme that the target has registered for no merchant (another party): the checks of an unknown key (§5.4 NO_KEY) and of a signature by another key (UNAUTHORIZED) sign with it. Default: the kit's test-only stranger keys of fixtures/keys for the built-in schemes; a custom scheme needs it, or those checks are NOT VERIFIED
   */
  stranger?: {
    publicKey: TextSource;
    signingKey: SecretSource;
  };
}
export interface PostbackSigning1 {
  scheme: SchemeName;
  module?: string;
  /**
   * The members the hash covers: every member but hash, or every member but hash and publicKey (§5.3: not shown)
   */
  members?: 'all-but-hash' | 'all-but-public-key-and-hash';
  /**
   * How the covered members become the signed bytes: jcs is RFC 8785; sorted-compact is keys sorted by code point at every level, no white space, text beyond ASCII escaped or raw as nonAscii says (Python's json.dumps(body, sort_keys=True, separators=(',', ':'))); as-sent is the exact bytes of the body as sent with the uncovered members cut out, each with one comma next to it
   */
  canonicalForm?: 'jcs' | 'sorted-compact' | 'as-sent';
  /**
   * For canonicalForm sorted-compact: whether characters outside printable ASCII are escaped as \uXXXX (escaped: Python's json.dumps default, ensure_ascii=True) or written as they are in UTF-8 (raw: ensure_ascii=False). JCS always writes them raw, as-sent as they were sent
   */
  nonAscii?: 'escaped' | 'raw';
  /**
   * How the hash member writes the signature's bytes: base64 (padded), base64url (RFC 4648 §5, no padding), base64url-padded (with its = padding, as Python's urlsafe_b64encode writes it) or hex (lower case). For a custom scheme it tells the kit how to read the module's hashes when it tampers with one
   */
  hashEncoding?: 'base64' | 'base64url' | 'base64url-padded' | 'hex';
  servicePublicKey: TextSource;
  verificationKey?: SecretSource;
}
/**
 * npm run certify-receiver (§4.6): how the kit, playing the service, reaches the merchant's postback receiver. It signs postbacks as postbacks says (scheme, signing input, servicePublicKey)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Receiver".
 */
export interface Receiver {
  /**
   * Where payment postbacks go (the --receiver flag overrides it); without either, the embedded reference receiver
   */
  url?: string;
  /**
   * Where complaint postbacks go, when not to url (a path is on url's origin)
   */
  complaintUrl?: string;
  /**
   * How long the receiver has to answer a postback (§6: not shown; the design brief's per-attempt timeout by default)
   */
  timeoutMs?: number;
  serviceSigningKey?: SecretSource;
  readBack?: ReadBack;
  expectedPayments?: ExpectedPayments;
  /**
   * Key pairs of the service's other environments that the shop holds (its sandbox key, when this is production): a postback signed with one of them and naming it is refused like any other party's (RECEIVER-REJECT-FOREIGN-KEY). Without it that check uses a stranger's key only
   *
   * @minItems 1
   */
  otherEnvironmentKeys?: [
    {
      publicKey: TextSource;
      signingKey: SecretSource;
    },
    ...{
      publicKey: TextSource;
      signingKey: SecretSource;
    }[],
  ];
  /**
   * The merchant's id at the service, which complaint postbacks carry as merchantId (§2.6); a receiver may refuse a complaint naming another merchant. Default: merchant-1
   */
  merchantId?: string;
}
/**
 * How the kit reads the merchant's state back after a postback: what 'applied' and 'no second effect' are checked through. Without it those requirements are NOT VERIFIED. A GET answering 404 means nothing recorded
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "ReadBack".
 */
export interface ReadBack {
  /**
   * Headers every read-back sends (e.g. the merchant's test API auth)
   */
  headers?: {
    [k: string]: SecretSource | undefined;
  };
  payment?: {
    /**
     * GET this for a payment's recorded state; {{paymentId}}, and {{member}} for any text or number member of the postback ({{merchantPaymentId}}: a shop keys its orders by its own id; {{merchantUserId}}, {{currency}}: a wallet keeps a balance per user and currency), are filled in from the postback
     */
    url: string;
    /**
     * Where the recorded status (SUCCESS or FAILED) is in the answer; a state pointer (MoneyEffect). null: the shop keeps no status a read-back shows (a wallet keeps balances), so only the money is judged
     */
    statusAt?: string | null;
    /**
     * Where the amount credited for the payment is (a number; absent or null means 0): the same as money {"amountAt"}, kept for older profiles
     */
    creditedAt?: string;
    /**
     * The shop's own words for the statuses it records, each mapped to the interface's ("paid": "SUCCESS", "declined": "FAILED"); a word not listed is read as it is
     */
    statusWords?: {
      [k: string]: 'SUCCESS' | 'FAILED' | 'PENDING' | 'NEED_CHECK' | 'COMPLETED' | 'DECLINED' | 'APPROVED' | undefined;
    };
    money?: MoneyEffect;
  };
  complaint?: {
    /**
     * GET this for a complaint's recorded state; {{complaintId}}, {{paymentId}}, and {{member}} for any text or number member of the postback, are filled in from the postback
     */
    url: string;
    /**
     * Where the recorded status (COMPLETED or DECLINED) is in the answer
     */
    statusAt?: string;
    /**
     * The shop's own words for the statuses it records, each mapped to the interface's ("paid": "SUCCESS", "declined": "FAILED"); a word not listed is read as it is
     */
    statusWords?: {
      [k: string]: 'SUCCESS' | 'FAILED' | 'PENDING' | 'NEED_CHECK' | 'COMPLETED' | 'DECLINED' | 'APPROVED' | undefined;
    };
  };
}
/**
 * How the shop comes to expect a payment before its postbacks arrive (a shop creates its order before the payment, §2.5: merchantPaymentId "equals the value given at creation"): before the first postback about a payment the kit makes the shop expect it with the setup call, under a merchantPaymentId unique to the run. Without it, postbacks name payments the shop never created, and what the shop does with those is its own business (the requirements about unexpected payments are NOT VERIFIED)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "ExpectedPayments".
 */
export interface ExpectedPayments {
  /**
   * The shop's own call that makes it expect a payment (its checkout in test mode), or a command that does (its admin tool, a database insert). Placeholders {{merchantPaymentId}}, {{merchantUserId}}, {{paymentMethodId}}, {{type}}, {{currency}}, {{amount}} (major units), {{amountMinor}} (whole cents) and, with createdOnService, {{serviceUrl}} (the kit's sandbox) fill the URL, the body's strings and the command's arguments; a body member that is one placeholder alone takes the value's own type
   */
  setup: (
    | {
        url: unknown;
      }
    | {
        command: unknown;
      }
  ) & {
    /**
     * A program and its arguments, run without a shell in the profile's folder; exit 0 means the shop now expects the payment. It gets KIT_MERCHANT_PAYMENT_ID, KIT_MERCHANT_USER_ID, KIT_PAYMENT_METHOD_ID, KIT_TYPE, KIT_CURRENCY, KIT_AMOUNT and KIT_AMOUNT_MINOR in its environment too
     *
     * @minItems 1
     */
    command?: [string, ...string[]];
    method?: 'POST' | 'PUT';
    /**
     * Where the setup call goes: an http(s) URL, or a path on the receiver's origin
     */
    url?: string;
    /**
     * Headers of the setup call (the shop's test API auth), each from a secret source
     */
    headers?: {
      [k: string]: HookHeader | undefined;
    };
    /**
     * The JSON body, with placeholders
     */
    body?: {};
    /**
     * The answers that mean the shop now expects the payment
     *
     * @minItems 1
     */
    okStatuses?: [number, ...number[]];
  };
  /**
   * The payment the shop is made to expect, and the postbacks then describe (default: the kit's own, amount 1251.00 and up in USD, method card-in-1, user user-42, PAY_IN)
   */
  payment?: {
    /**
     * In major units, as §2.5's amount
     */
    amount?: number;
    currency?: string;
    paymentMethodId?: string;
    merchantUserId?: string;
    type?: 'PAY_IN' | 'PAY_OUT';
  };
  /**
   * The real integration: the setup makes the shop's own client create the payment on the kit's embedded sandbox, which certify-receiver starts for the run (its URL fills {{serviceUrl}}, and KIT_SERVICE_URL for a command). The sandbox gives the payment created with the kit's merchantPaymentId the id the kit's postbacks carry and keeps it PENDING, so the kit drives its postbacks; before the first one the kit checks the payment was created with the stated amount and method (a setup failure if not). The client's requests are judged against the CLIENT requirements into client/ beside the receiver's report, and the command exits with the worse of the two
   */
  createdOnService?: {
    /**
     * The profile the shop's client runs with (its merchant key, methods and operation paths), relative to this profile's folder, as `sandbox --profile` and `report client --profile` take it (default: the kit's profiles/sandbox.json, with its test merchant keys)
     */
    profile?: string;
    /**
     * Where the kit's sandbox listens, for a shop whose client is given the service's base URL when it starts (start the shop with this URL before the run); default a free port, which the setup is told as {{serviceUrl}}
     */
    url?: string;
  };
  /**
   * What the shop answers to an authentic postback of a payment it never expected: 200 (parked for reconciliation), a 4xx, or either; in every case nothing is credited
   */
  unexpected?: 'acknowledged' | 'refused' | 'either';
}
/**
 * npm run report:client: what the service allows a merchant's client beyond the interface. Unstated, the requirement resting on it is UNSPECIFIED
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "ClientLimits".
 */
export interface ClientLimits {
  /**
   * The shortest time between two status checks of one payment (CLIENT-STATUS-POLLING; §4.3 states none)
   */
  minStatusIntervalMs?: number;
}
/**
 * The payment page behind formUrl as a user sees it in a browser (§2.3, §4.2; the browser project, suites/browser): how to pay and fail there, where the QR code is, and the button to each payment application. Without it the page checks are NOT VERIFIED, naming this setting
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "PageActions".
 */
export interface PageActions {
  pay: Locator;
  fail: Locator;
  qr?: Locator;
  /**
   * A CSS selector of the button to one payment application, {{app}} the deepLink key (CREATE-DEEPLINK-BUTTON); absent: that check is NOT VERIFIED
   */
  appButton?: string;
  /**
   * How long a page step (load, click, redirect) may take
   */
  timeoutMs?: number;
  /**
   * Where the test's successRedirectUrl and failureRedirectUrl point (…/success/ID, …/failure/ID): the browser answers them itself, so nothing reaches that address. Use a URL of the merchant's domain when the provider accepts only registered redirect URLs (default http://127.0.0.1:9/kit-landing)
   */
  landingUrl?: string;
}
/**
 * The merchant the kit acts as, and its payment methods (§2.1, §4.2, §5.5).
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Merchant".
 */
export interface Merchant {
  /**
   * Merchant id in the service, as complaint postbacks carry it (§2.6)
   */
  id?: string;
  /**
   * The postback URL registered for the merchant at onboarding: payment postbacks go there when a payment names no postBackUrl (§6)
   */
  postbackUrl?: string;
  /**
   * The SMS code a test environment accepts for the smsRequired method's confirmation (§4.7); absent on real environments, where the code goes to a phone
   */
  smsTestCode?: string;
  /**
   * The merchant's payment methods, by the role a check needs them in. Only payIn is required (§4.1: a deposit is the one thing every merchant does); every other role is optional, and a check that needs a role the profile does not name is NOT VERIFIED naming it.
   */
  paymentMethods: {
    payIn: MethodFixture;
    payOut?: MethodFixture;
    attachmentRequired?: MethodFixture;
    external?: MethodFixture;
    forbidden?: MethodFixture;
    forbiddenPayOut?: MethodFixture;
    smsRequired?: MethodFixture;
  };
}
/**
 * A payment method of the merchant and values that pass its clientFields, ready for a creation request.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "MethodFixture".
 */
export interface MethodFixture {
  id: string;
  type: PaymentType;
  accountId: number;
  currencyCode: CurrencyCode;
  clientFieldsValues: ClientFieldsValues;
  /**
   * An amount the method accepts
   */
  amount: number;
  /**
   * The least amount the method accepts (the provider's bound; §8 shows none): no generated amount is below it
   */
  minAmount?: number;
  /**
   * The largest amount the method accepts: no generated amount is above it (nor above safety.maxAmount)
   */
  maxAmount?: number;
  /**
   * The method's clientFields as the provider describes them (§2.1 shows only the name): each key, whether it is required and the format its values must match. clientFieldsValues must fill every required one, with values of its format; no check ever sends a key the method lacks
   *
   * @minItems 1
   */
  clientFields?: [ClientField, ...ClientField[]];
  /**
   * Whether the method is handled by an external payment system (§2.3: formUrl is returned); default: true for the external role only
   */
  external?: boolean;
}
/**
 * One field of the payment method filled in by the user: key is the field id (§2.1).
 */
export interface ClientFieldValue {
  key: string;
  value: string;
}
/**
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "ClientField".
 */
export interface ClientField {
  key: string;
  required?: boolean;
  /**
   * A regular expression (ECMAScript) every value of the field matches
   */
  pattern?: string;
  /**
   * Other values the provider accepts for the field, as its guide shows them (a card number with spaces): the checks that compare what was sent with what comes back send these too
   *
   * @minItems 1
   */
  values?: [string, ...string[]];
}
/**
 * What the target can do beyond the interface. A test that needs a missing capability is reported NOT VERIFIED, never passed.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Capabilities".
 */
export interface Capabilities {
  /**
   * The target has the sandbox control API (set outcomes, flips, virtual clock)
   */
  sandboxControl: boolean;
  /**
   * The target can deliver postbacks to the kit's capture server
   */
  postbackDelivery: boolean;
}
/**
 * The sandbox control API, used when capabilities.sandboxControl is true.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Control".
 */
export interface Control {
  basePath?: string;
  token?: SecretSource;
}
/**
 * How the kit reaches what its checks need (a payment that ends SUCCESS, a flip, a resolved complaint) on this target, in order of preference: control (the kit's sandbox control API, with capabilities.sandboxControl), httpHooks (the provider's test helpers), magicValues (documented values, then polling). What none of them reaches is NOT VERIFIED, naming the driver that would
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Outcomes".
 */
export interface Outcomes {
  /**
   * @minItems 1
   */
  order?: ['control' | 'httpHooks' | 'magicValues', ...('control' | 'httpHooks' | 'magicValues')[]];
  magicValues?: MagicValues;
  httpHooks?: HttpHooks;
  /**
   * What a payment created with no magic value does by itself (§3.1 shows no transition out of PENDING): "stay-pending" (it waits for a driver, as a real payment waits for its user), or the status it settles to by itself and when ({"status", "failedCode", "afterMs"}). Payments that must wait for a driver (the stateful model, a helper that only settles PENDING ones, the checks of a PENDING payment) are then created with a hold (a magic value whose only end is PENDING); with neither a hold nor "stay-pending" such checks are NOT VERIFIED, naming this setting
   */
  plainPayments?:
    | 'stay-pending'
    | {
        status: 'SUCCESS' | 'FAILED' | 'NEED_CHECK';
        failedCode?: FailedCode;
        /**
         * How long after its creation it settles
         */
        afterMs: number;
      };
}
/**
 * Values the provider documents that lead a payment to an outcome by themselves, as test cards do; the kit then polls the status check until the outcome shows
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "MagicValues".
 */
export interface MagicValues {
  /**
   * How long after its creation a payment shows its first outcome
   */
  settleMs: number;
  /**
   * @minItems 1
   */
  payments: [MagicPayment, ...MagicPayment[]];
}
/**
 * A documented magic value and the statuses a payment created with it goes through, in order
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "MagicPayment".
 */
export interface MagicPayment {
  set: MagicSetting;
  /**
   * @minItems 1
   * @maxItems 4
   */
  ends:
    | [PaymentEnd]
    | [PaymentEnd, PaymentEnd]
    | [PaymentEnd, PaymentEnd, PaymentEnd]
    | [PaymentEnd, PaymentEnd, PaymentEnd, PaymentEnd];
  /**
   * The payment method ids the value works on (default: every method of the profile; a clientField value only ever goes to a method that has that field)
   *
   * @minItems 1
   */
  methods?: [string, ...string[]];
}
/**
 * A status a payment reaches: the first one a magic value leads to, or a later re-evaluation (§3.1) afterMs after the one before. PENDING, as an entry's only end, is a hold: a payment created with that value stays PENDING until a driver moves it (a test card that never settles by itself)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "PaymentEnd".
 */
export interface PaymentEnd {
  status: 'SUCCESS' | 'FAILED' | 'NEED_CHECK' | 'PENDING';
  failedCode?: FailedCode;
  /**
   * For a later status: the time after the one before (the target's settle time when absent)
   */
  afterMs?: number;
}
/**
 * The provider's own test-helper endpoints, each optional; a check that needs one it does not name is NOT VERIFIED naming it. Secrets for their headers come from files or the environment and never reach a report
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "HttpHooks".
 */
export interface HttpHooks {
  /**
   * Headers every hook sends, e.g. the helpers' own auth header: each a secret from a file or the environment, optionally formatted ("Bearer {{secret}}")
   */
  headers?: {
    [k: string]: HookHeader | undefined;
  };
  settlePayment?: Hook;
  flipPayment?: Hook;
  createComplaint?: Hook;
  moveComplaint?: Hook;
  flipComplaint?: Hook;
}
/**
 * A templated HTTP request to the provider's own test helper. In path, URL and body, {{paymentId}}, {{merchantPaymentId}}, {{complaintId}}, {{status}}, {{failedCode}}, {{postBackUrl}} are filled in; a body member that is exactly a placeholder with no value is left out. Any 2xx answer means done
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Hook".
 */
export interface Hook {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * On the target's base URL
   */
  path: string;
  /**
   * A JSON body, with placeholders in its strings
   */
  body?: {
    [k: string]: unknown | undefined;
  };
  /**
   * createComplaint: where the new complaint's id is in the answer (a JSON pointer; default /id)
   */
  idAt?: string;
  /**
   * The helper takes a body signed like the API (§5: publicKey and hash by the merchant's signing settings); default false, a plain JSON body
   */
  signed?: boolean;
}
/**
 * Time budgets of the kit's waits; every network wait has one. Each is optional: requestTimeoutMs, postbackWaitMs and statusChangeWaitMs default to 10000, the rest as described
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Timing".
 */
export interface Timing {
  /**
   * How long one request to the target may take, connection to the last byte (default 10000)
   */
  requestTimeoutMs?: number;
  /**
   * The observation window of postback checks in real time: how long a postback due now may take to arrive (default 10000)
   */
  postbackWaitMs?: number;
  /**
   * How long a status change may take to show on the status check (default 10000)
   */
  statusChangeWaitMs?: number;
  /**
   * The most one property-based test may take (default 120000). Its cases are paced by safety.requestsPerSecond; a property whose cases do not all fit is NOT VERIFIED with how many ran, never FAIL
   */
  propertyBudgetMs?: number;
  /**
   * The most real time one postback check may watch the target's retries (default: postbackWaitMs). What needs more of the retry schedule is NOT VERIFIED with the schedule observed
   */
  postbackBudgetMs?: number;
  /**
   * After each postback scenario, how long the capture keeps watching its endpoint for postbacks that must not come: a stale status after a newer one was acknowledged (PB-NO-STALE-RETRY), a re-send of an acknowledged one (PB-STOP-AFTER-200). Default: eight days of the target's time where the kit jumps a virtual clock (it costs nothing), none in real time (each window is wall time: set it to watch)
   */
  quietWindowMs?: number;
}
/**
 * Caps the kit always obeys, so that it is safe on a shared environment.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Safety".
 */
export interface Safety {
  /**
   * No creation request above this
   */
  maxAmount: number;
  /**
   * Request rate cap
   */
  requestsPerSecond: number;
  /**
   * When false, no pay_out request is ever sent
   */
  allowPayouts: boolean;
  /**
   * Every merchantPaymentId the kit sends starts with it, so its data is recognisable
   */
  merchantPaymentIdPrefix: string;
}
/**
 * How many cases the property-based suites (suites/properties) try per property: every case is real requests to the target, so a live environment gets few. Default 20 and 200.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "PropertyRuns".
 */
export interface PropertyRuns {
  /**
   * Cases per property
   */
  numRuns: number;
  /**
   * Cases per property with --deep (KIT_DEEP=1)
   */
  deepNumRuns: number;
  /**
   * One seed for every property, to repeat a run exactly (KIT_FC_SEED overrides; default: fixed on CI, random elsewhere)
   */
  seed?: number;
}
/**
 * Decisions for what the interface leaves open (design brief §4, §8), each one a statement about the target that the kit checks. Every one is optional: a requirement resting on a convention the profile does not state is reported UNSPECIFIED, never FAIL, and checks that need it to build a request are NOT VERIFIED naming it. profiles/sandbox.json states the sandbox's choice for each.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Conventions".
 */
export interface Conventions {
  /**
   * Which check answers first when a body is both invalid and wrongly signed (§5.4, §7 do not say): credentials-first is unparseable 400, then NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED, then the body's members 400; body-first is unparseable 400, then the body's members but publicKey and hash 400, then the 401s in the same order
   */
  authCheckOrder?: 'credentials-first' | 'body-first';
  /**
   * An empty publicKey or hash (§5.4 says missing and invalid, not which an empty one is): invalid gives NO_KEY and UNAUTHORIZED; missing gives NO_LOGIN and NO_TOKEN
   */
  emptyCredentials?: 'invalid' | 'missing';
  /**
   * A publicKey or hash given as null: missing gives NO_LOGIN and NO_TOKEN; invalid gives NO_KEY and UNAUTHORIZED
   */
  nullCredentials?: 'missing' | 'invalid';
  /**
   * A request member given as null where its field table allows no null (§4 does not say): refused with 400, or read as if absent
   */
  nullMembers?: 'refused' | 'absent';
  /**
   * A request member the field tables of §4 do not list: refused with 400, or ignored (it is still signed)
   */
  unknownRequestMembers?: 'refused' | 'ignored';
  /**
   * Format of createdAt/updatedAt in payment and complaint records (§2.1, §2.4): iso8601-utc-millis is 2026-01-31T12:00:00.000Z; iso8601 is any RFC 3339 date-time
   */
  createdAtFormat?: 'iso8601-utc-millis' | 'iso8601';
  /**
   * Unit of createdAtFrom and createdAtTo (§4.4: not shown; its table says number): ms, s or us (microseconds) since the epoch as a JSON integer, or iso8601 (an RFC 3339 UTC date-time string with milliseconds, a form some providers document although the table says number: the checks that send a number of the wrong type for them are then not made)
   */
  listTimestampUnit?: 'ms' | 's' | 'us' | 'iso8601';
  /**
   * Which bounds of the interval are inclusive (§4.4: not shown): true both ([from, to]), false neither ((from, to)), "from" only createdAtFrom ([from, to), half-open), "to" only createdAtTo ((from, to])
   */
  listBoundsInclusive?: boolean | ('from' | 'to');
  /**
   * HTTP status of a status check (and a complaint status check) with no lookup field (§7: not shown): 400 and 404 are the usual choices, 422 another
   */
  statusWithoutLookupField?: number;
  /**
   * take when absent, and its maximum (§8)
   */
  pageSize?: {
    default: number;
    max: number;
  };
  /**
   * What nextId names (§4.4 says only: pass it as fromId): first-of-next-page is the id of the next page's first payment, fromId inclusive, absent on the last page; last-of-page is the id of this page's last payment, fromId exclusive, so a last page may carry one and be followed by an empty page without; opaque is a cursor, absent on the last page
   */
  nextId?: 'first-of-next-page' | 'last-of-page' | 'opaque';
  /**
   * HTTP status of a list whose fromId matches nothing (§4.4)
   */
  unknownFromId?: 400 | 404;
  postbackRetry?: RetrySchedule;
  /**
   * Unit of amounts[].total in the payments list, a bigint (§2.2): minor is the sum in minor units (cents: amount × 100), major the plain sum of amounts
   */
  amountTotalsUnit?: 'minor' | 'major';
  /**
   * How a member the schemas do not list, in a response or a postback, is reported (the kit's own choice; default warning)
   */
  unknownResponseFields?: 'warning' | 'failure';
  /**
   * The status a payment has right after its creation (§3.1: not shown)
   */
  initialPaymentStatus?: 'PENDING' | 'NEED_CHECK' | 'SUCCESS' | 'FAILED';
  postbackRecipientLimitCode?: FailedCode;
  /**
   * What the merchant's receiver does with a signed postback that carries a member §2.5 or §2.6 does not list (the tables do not say whether others may come; §9 says an older format exists): acknowledged (verified and answered 200, the forward-compatible choice) or refused
   */
  receiverUnknownMembers?: 'acknowledged' | 'refused';
  /**
   * How the merchant's receiver reads the hash's text (§5.3: "hash is an encoded string", its algorithm not shown): strict (only the exact text of the agreed hashEncoding: the right signature written another way, padding dropped or added, another base64 alphabet, upper-case hex, white space, is refused like a wrong one) or lenient (it decodes any of these)
   */
  receiverHashDecoding?: 'strict' | 'lenient';
  /**
   * How the merchant's receiver orders complaint postbacks (§6 does not order deliveries; §2.6 carries updatedAt): updatedAt (a late retry of an older status is acknowledged and not applied) or arrival (the last delivery wins)
   */
  receiverComplaintOrder?: 'updatedAt' | 'arrival';
  /**
   * HTTP status of a well-formed JSON body that breaks its operation's field table: a required member missing, a member of the wrong type, a value outside its enum. §7's 400 row speaks of a body that "could not be parsed (typically wrong formatting)"; many services answer 400 for these too, others 422
   */
  invalidBodyStatus?: number;
  /**
   * Whether the payment creation response always carries info (§2.3 marks formUrl optional and every member of info optional, not info itself): always, or when-any (only when one of its members applies, e.g. for external payment systems)
   */
  creationInfo?: 'always' | 'when-any';
  /**
   * Which payments of the listed set amounts[] sums (§2.2: "Sum of amounts per currency"): all of them, whatever their status, or only those in SUCCESS
   */
  amountsCover?: 'all' | 'succeeded';
  /**
   * How long after a payment postback (§6) the status check may still show the status before it (a replica, a cache): 0 when it shows the new status as soon as the postback is sent. The interface shows no such delay
   */
  statusLagMs?: number;
  /**
   * A body whose bytes are not UTF-8 (§4 says the bodies are JSON objects and names no encoding): refused with 400, as a body that "could not be parsed" (§7), or decoded with the bad bytes replaced (U+FFFD) and judged as that text
   */
  nonUtf8Bodies?: 'refused' | 'replaced';
}
/**
 * Postback retry schedule (§6.4: not shown). delaysMs[0] is the wait before the first attempt, from the status change (0: at once); delaysMs[i] the wait before attempt i+1, counted from the end of attempt i; past the list, every repeatEveryMs; maxAttempts attempts in all. A service that posts at once and retries 1, 2, 4 s apart is [0, 1000, 2000, 4000]
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "RetrySchedule".
 */
export interface RetrySchedule {
  /**
   * @minItems 1
   */
  delaysMs: [number, ...number[]];
  repeatEveryMs: number;
  maxAttempts: number;
  attemptTimeoutMs: number;
  /**
   * How far each delay may stray from the schedule, as a fraction of it (0.2: +-20 %, the provider documents random jitter); default 0, the delays as stated (within the kit's own timing tolerance)
   */
  jitter?: number;
}
/**
 * Limits the provider documents on the data it accepts (§8: 'no rate limits, page size bounds, request size or amount bounds are given'): what the kit generates stays within them, and its probes of long values reach them (a column too short for a value the provider documents is a classic defect)
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Limits".
 */
export interface Limits {
  /**
   * The longest text the provider accepts in a request member, by the member's name (merchantPaymentId, merchantUserId, comment…). A member it names no length for gets at most 32 characters from the kit's generators
   */
  maxLength?: {
    [k: string]: number | undefined;
  };
}
