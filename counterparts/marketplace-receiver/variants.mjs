// variants.mjs — the faulty variants of the marketplace receiver.
// Each variant differs from M00 in exactly ONE defect. `scenarios` lists the sender scenarios
// that must FAIL for the variant (all other scenarios must PASS); verify-all.mjs checks this.
export const VARIANTS = {
  M00: {
    title: 'reference receiver (no defect)',
    scenarios: [],
    breaks: '',
  },
  M01: {
    title: 'creates a checkout for an unknown merchantPaymentId and credits it',
    defect: 'A payment postback whose merchantPaymentId matches no checkout is not parked: the receiver creates a PAY_IN checkout from the postback (amount, currency, user) and credits it.',
    scenarios: ['unknown-checkout'],
    breaks: '§2.5 merchantPaymentId "Present if given at creation" / §2.1 "Equals the value given at creation" — a value never given at creation identifies no payment of ours; marketplace rule "a checkout exists before its postback".',
  },
  M02: {
    title: 'trusts the sandbox-environment service key in production',
    defect: 'The receiver trusts every key listed in servicePublicKeys (production AND sandbox) instead of only the key of the configured serviceEnvironment.',
    scenarios: ['wrong-environment-key'],
    breaks: '§5.2 "publicKey is issued at merchant registration and delivered as a file" — one key per registration/environment; §5.4 "an invalid publicKey gives 401 NO_KEY".',
  },
  M03: {
    title: 'verifies the hash with the key carried in the body\'s publicKey',
    defect: 'The signature is checked against whatever public key the postback carries in publicKey (any parseable PEM), not against the pinned service key, so anybody can sign postbacks with their own key.',
    scenarios: ['attacker-key', 'wrong-environment-key'],
    breaks: '§5.3 "The same pair is present in postback bodies sent by the service, to be validated by the merchant"; §5.4 "an invalid publicKey gives 401 NO_KEY".',
  },
  M04: {
    title: 'lenient hash decoding',
    defect: 'The hash is decoded leniently: the receiver tries base64, base64url and hex (Node Buffer decoders, which also ignore missing/extra padding and accept upper-case hex) and accepts the first one that verifies.',
    scenarios: ['hash-encoding-strict'],
    breaks: '§5.3 "hash is an encoded string of the request body" — the encoding is fixed by the agreed configuration; §5.4 "a failed check of publicKey with hash gives 401 UNAUTHORIZED".',
  },
  M05: {
    title: 'compares amounts as decimal strings',
    defect: 'The amount check compares String(postback.amount) with the checkout amount formatted with the currency\'s decimals ("10.50"), so 10.5 or 7 never match a checkout of 1050 or 700 cents and the paid checkout is parked as an amount mismatch.',
    scenarios: ['amount-decimal-forms'],
    breaks: '§2.5 amount is a "number" ("Payment amount"); 10.5 and 10.50 are the same JSON number.',
  },
  M06: {
    title: 'a retried SUCCESS→FAILED flip is applied twice',
    defect: 'The reversal of a credit is decided from the checkout\'s history ("was it ever credited?") before the duplicate check, so every retry of the same FAILED postback reverses the credit again.',
    scenarios: ['flip-retry'],
    breaks: '§6.2 "For any other response the service retries periodically until it gets 200" (so retries of a flip arrive) and §3.1 SUCCESS→FAILED is one transition, to be reversed once.',
  },
  M07: {
    title: 'no per-checkout lock: concurrent duplicates double-credit',
    defect: 'Postbacks for the same checkout are processed without serialisation; the duplicate check reads the state before the (asynchronous) ledger write, so duplicates arriving concurrently each credit the checkout.',
    scenarios: ['concurrent-duplicates'],
    breaks: '§6.2 retries "until it gets 200" — duplicates, possibly concurrent, are part of the delivery contract and must be acknowledged without a second credit.',
  },
  M08: {
    title: 'refuses Content-Type parameters (charset)',
    defect: 'The webhook demands the Content-Type header to be exactly "application/json"; "application/json; charset=utf-8", upper-case media types or an absent header get 415, so the service retries forever.',
    scenarios: ['content-type'],
    breaks: '§4 "All bodies are JSON objects" (no header rule is given) and §6.1 "The merchant acknowledges by responding with HTTP status 200".',
  },
  M09: {
    title: 'slow on many clientFieldsValues',
    defect: 'Each clientFieldsValues entry is persisted as its own row with a separate awaited storage write (N+1 writes), so a postback with 2000 fields takes seconds to acknowledge.',
    scenarios: ['many-client-fields'],
    breaks: '§2.5 clientFieldsValues is an array with no size bound (§8 "Limits: not shown") and §6.1/§6.2 only a 200 counts as received — a slow answer is a timeout and a retry.',
  },
  M10: {
    title: 'keys complaints by merchantPaymentId',
    defect: 'Complaints are stored under their merchantPaymentId instead of their own id, so a second complaint about the same payment overwrites (or is compared against) the first.',
    scenarios: ['two-complaints-one-payment'],
    breaks: '§2.6 id is the "Complaint id in the service" — a payment can carry several complaints, each with its own status changes (§3.2).',
  },
};

export const VARIANT_IDS = Object.keys(VARIANTS);
