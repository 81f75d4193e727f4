/**
 * Named deviations from the interface the sandbox can be switched into, each a realistic mistake of a real
 * service. A check that no fault can fail is a check that cannot fail (design brief §6): every conformance check
 * needs a fault here that proves it detects something. `breaks` names requirement ids of the registry.
 */
export interface FaultDefinition {
  readonly name: string;
  readonly area:
    | 'auth'
    | 'errors'
    | 'create'
    | 'status'
    | 'shape'
    | 'lookup'
    | 'pagination'
    | 'complaints'
    | 'other-operations'
    | 'postbacks'
    | 'server'
    | 'page';
  readonly breaks: readonly string[];
  readonly description: string;
}

export const FAULTS = [
  // §5.4 and §7: authentication codes and their order.
  {
    name: 'auth-missing-publickey-gives-no-key',
    area: 'auth',
    breaks: ['AUTH-NO-LOGIN'],
    description: 'A body without publicKey gets 401 NO_KEY instead of NO_LOGIN.',
  },
  {
    name: 'auth-missing-hash-gives-unauthorized',
    area: 'auth',
    breaks: ['AUTH-NO-TOKEN'],
    description: 'A body without hash gets 401 UNAUTHORIZED instead of NO_TOKEN.',
  },
  {
    name: 'auth-unknown-key-gives-unauthorized',
    area: 'auth',
    breaks: ['AUTH-NO-KEY'],
    description: 'An unknown publicKey gets 401 UNAUTHORIZED instead of NO_KEY.',
  },
  {
    name: 'auth-signature-unchecked',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description: 'The hash is never checked: a body changed after signing is processed.',
  },
  {
    name: 'auth-payout-signature-unchecked',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description: 'Only on pay_out, the hash is not checked (one operation forgot the middleware).',
  },
  {
    name: 'auth-validation-first',
    area: 'auth',
    breaks: ['AUTH-CHECK-ORDER'],
    description: 'Body validation runs before authentication: an invalid body without publicKey gets 400, not 401.',
  },
  // §7: error bodies and codes.
  {
    name: 'request-null-members-as-absent',
    area: 'errors',
    breaks: ['ERROR-NULL-MEMBERS'],
    description: 'A request member given as null is read as absent, though the profile says nulls are refused (400).',
  },
  {
    name: 'request-unknown-members-ignored',
    area: 'errors',
    breaks: ['ERROR-UNKNOWN-MEMBERS'],
    description: 'A request member no field table lists is ignored, though the profile says such members are refused.',
  },
  {
    name: 'error-body-message-member',
    area: 'errors',
    breaks: ['ERROR-BODY-SHAPE'],
    description: 'Error bodies carry {"message": …} instead of {"error": …}.',
  },
  {
    name: 'error-forbidden-method-404',
    area: 'errors',
    breaks: ['CREATE-FORBIDDEN-METHOD'],
    description: 'A method the merchant may not use gets 404 NOT_FOUND instead of 403 ACCESS_DENIED.',
  },
  {
    name: 'error-unknown-method-400',
    area: 'errors',
    breaks: ['CREATE-UNKNOWN-METHOD'],
    description: 'An unknown payment method gets 400 with free text instead of 404 NOT_FOUND.',
  },
  {
    name: 'error-unknown-payment-200',
    area: 'errors',
    breaks: ['STATUS-NOT-FOUND'],
    description: 'A status check for an unknown payment gets 200 with an empty object instead of 404 NOT_FOUND.',
  },
  {
    name: 'error-malformed-json-500',
    area: 'errors',
    // Where the interface names the status (400), a 5xx is that requirement's finding, not ERROR-NO-5XX-FOR-INPUT's.
    breaks: ['ERROR-MALFORMED-400'],
    description: 'A body that is not JSON crashes the handler: 500 instead of 400.',
  },
  // §2: response shapes.
  {
    name: 'payment-missing-created-at',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records (status check and list) lack the required createdAt.',
  },
  {
    name: 'payment-amount-as-string',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records carry amount as a string ("100.00").',
  },
  {
    name: 'payment-status-lowercase',
    area: 'shape',
    breaks: ['PAYMENT-SHAPE'],
    description: 'Payment records carry status in lower case ("pending"), outside the enum.',
  },
  {
    name: 'payment-drops-merchant-user-id',
    area: 'shape',
    breaks: ['STATUS-ECHOES-MERCHANT-IDS'],
    description: 'The status check omits the merchantUserId given at creation.',
  },
  {
    name: 'create-response-missing-payment-id',
    area: 'shape',
    breaks: ['CREATE-RESPONSE-SHAPE'],
    description: 'The creation response lacks paymentId.',
  },
  {
    name: 'complaint-missing-merchant-payment-id',
    area: 'shape',
    breaks: ['COMPLAINT-SHAPE'],
    description: 'Complaint records lack the required merchantPaymentId.',
  },
  // §4.3, §4.5: lookup precedence.
  {
    name: 'status-lookup-merchant-id-first',
    area: 'lookup',
    breaks: ['STATUS-LOOKUP-PAYMENTID-FIRST'],
    description: 'With both ids, the status check looks up merchantPaymentId first.',
  },
  {
    name: 'status-no-fallback',
    area: 'lookup',
    breaks: ['STATUS-LOOKUP-FALLBACK'],
    description: 'When paymentId matches nothing, the status check does not fall back to merchantPaymentId.',
  },
  {
    name: 'complaint-lookup-payment-id-first',
    area: 'lookup',
    breaks: ['COMPLAINT-LOOKUP-ORDER'],
    description: 'With several keys, the complaint status check looks up paymentId before id.',
  },
  // §4.4, §2.2: the payments list.
  {
    name: 'list-page-overlap',
    area: 'pagination',
    breaks: ['LIST-PAGES-NO-DUPLICATE'],
    description: 'nextId is the last payment of the page, so it appears again on the next page.',
  },
  {
    name: 'list-page-skip',
    area: 'pagination',
    breaks: ['LIST-PAGES-NO-GAP'],
    description: 'nextId is one payment too far, so one payment per page boundary is never listed.',
  },
  {
    name: 'list-totals-page-only',
    area: 'pagination',
    breaks: ['LIST-TOTALS-WHOLE-SET'],
    description: 'total, totalSucceed, totalFailed and amounts count the page, not the filtered set.',
  },
  {
    name: 'list-ignores-currency-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-CURRENCY'],
    description: 'The currencyCode filter is ignored.',
  },
  {
    name: 'list-currency-ignored-with-status',
    area: 'pagination',
    breaks: ['LIST-FILTER-CURRENCY'],
    description: 'The currencyCode filter is ignored when a status filter is also given (alone it works).',
  },
  {
    name: 'list-interval-end-exclusive',
    area: 'pagination',
    breaks: ['LIST-INTERVAL-INCLUSIVE'],
    description: 'A payment created exactly at createdAtTo is left out (the profile says bounds are inclusive).',
  },
  // §2.5, §2.6, §6: postbacks.
  {
    name: 'postback-no-retry',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'A postback that is not acknowledged is never retried.',
  },
  {
    name: 'postback-retry-after-200',
    area: 'postbacks',
    breaks: ['PB-STOP-AFTER-200'],
    description: 'A postback acknowledged with 200 is sent once more anyway.',
  },
  {
    name: 'postback-retry-not-identical',
    area: 'postbacks',
    breaks: ['PB-RETRY-IDENTICAL'],
    description: 'Each retry is rebuilt and re-signed: its bytes differ from the first attempt.',
  },
  {
    name: 'postback-no-flip',
    area: 'postbacks',
    breaks: ['PB-FLIP-RESENT'],
    description: 'No postback is sent when a SUCCESS payment is re-evaluated to FAILED or back.',
  },
  {
    name: 'postback-bad-signature',
    area: 'postbacks',
    breaks: ['PB-SIGNATURE-VALID'],
    description: 'Postback hashes do not verify (signed before the last member was set).',
  },
  {
    name: 'postback-foreign-key',
    area: 'postbacks',
    breaks: ['PB-PUBLIC-KEY-PINNED'],
    description: 'Postbacks are signed with another key and carry that key as publicKey.',
  },
  {
    name: 'postback-currency-code',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-SHAPE', 'PB-PAYMENT-CURRENCY'],
    description: 'Payment postbacks name the currency member currencyCode instead of currency.',
  },
  {
    name: 'postback-need-check-sent',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-STATUS-SET'],
    description: 'A payment postback is sent when a payment goes to NEED_CHECK, with status NEED_CHECK.',
  },
  {
    name: 'postback-accepts-any-2xx',
    area: 'postbacks',
    breaks: ['PB-ONLY-200-ACKS'],
    description: 'Any 2xx answer (201, 204) counts as acknowledged and stops the retries.',
  },
  {
    name: 'postback-follows-redirect',
    area: 'postbacks',
    breaks: ['PB-NO-REDIRECT'],
    description: 'A 3xx answer is followed to its Location instead of counting as not acknowledged.',
  },
  {
    name: 'postback-ignores-postback-url',
    area: 'postbacks',
    breaks: ['PB-ROUTING'],
    description: "Payment postbacks go to the merchant's registered URL even when the payment named a postBackUrl.",
  },
  {
    name: 'postback-no-merchant-url-fallback',
    area: 'postbacks',
    breaks: ['PB-ROUTING-MERCHANT-URL'],
    description: "A payment created without postBackUrl gets no postback: the merchant's registered URL is never used.",
  },
  {
    name: 'complaint-postback-to-merchant-url',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-ROUTING'],
    description: "Complaint postbacks go to the merchant's registered URL instead of the complaint's postback URL.",
  },
  {
    name: 'postback-created-at-no-millis',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-CREATEDAT', 'PB-PAYMENT-SHAPE'],
    description: 'Payment postbacks carry createdAt without milliseconds (2026-11-21T10:00:00Z).',
  },
  {
    name: 'postback-success-keeps-failed-code',
    area: 'postbacks',
    breaks: ['PB-FAILEDCODE'],
    description: 'After a FAILED → SUCCESS re-evaluation, the SUCCESS postback still carries the old failedCode.',
  },
  {
    name: 'postback-non-ascii-signed-otherwise',
    area: 'postbacks',
    breaks: ['PB-SIGNATURE-VALID'],
    description:
      "Postbacks are signed with text beyond ASCII written otherwise than they are sent (escaped for raw): an ASCII body's hash verifies, one about 'Zoë' does not.",
  },
  {
    name: 'postback-recipient-limit-other-code',
    area: 'postbacks',
    breaks: ['PB-FAILEDCODE-RECIPIENT-LIMIT'],
    description:
      'A payment that failed with RECIPIENT_LIMIT is posted with another failedCode than the one the conventions state (RECIPIENT_LIMIT for ANOTHER_REASON, or the other way round).',
  },
  {
    name: 'postback-omits-merchant-user-id',
    area: 'postbacks',
    breaks: ['PB-MERCHANT-IDS'],
    description: 'Payment postbacks leave out the merchantUserId given at creation.',
  },
  {
    name: 'postback-amount-in-minor-units',
    area: 'postbacks',
    breaks: ['PB-PAYMENT-CONSISTENT'],
    description: 'Payment postbacks carry the amount in minor units (10025 for 100.25), unlike the status check.',
  },
  {
    name: 'complaint-postback-currency-code',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-SHAPE'],
    description: 'Only complaint postbacks name the currency member currencyCode instead of currency.',
  },
  {
    name: 'complaint-postback-on-approved',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-STATUS-SET'],
    description: 'A complaint postback is sent when a complaint is APPROVED, with status APPROVED.',
  },
  {
    name: 'complaint-postback-id-is-payment-id',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-CONSISTENT'],
    description: "Complaint postbacks carry the payment's id as id (§2.4 describes the complaint id as 'Payment ID').",
  },
  {
    name: 'postback-no-retry-after-timeout',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'An attempt that timed out or was reset is not retried; error statuses are.',
  },
  {
    name: 'postback-gives-up-on-4xx',
    area: 'postbacks',
    breaks: ['PB-RETRY-UNTIL-200'],
    description: 'A 4xx answer is taken as final: the postback is not retried.',
  },
  {
    name: 'postback-retry-schedule-fast',
    area: 'postbacks',
    breaks: ['PB-RETRY-SCHEDULE'],
    description: "Retries come every second instead of on the profile's schedule.",
  },
  {
    name: 'postback-flip-to-success-only',
    area: 'postbacks',
    breaks: ['PB-FLIP-RESENT'],
    description: 'Only FAILED → SUCCESS re-evaluations are posted; SUCCESS → FAILED sends nothing.',
  },
  {
    name: 'complaint-postback-no-flip',
    area: 'postbacks',
    breaks: ['PB-COMPLAINT-FLIP-RESENT'],
    description: 'No complaint postback is sent when a complaint is re-evaluated between COMPLETED and DECLINED.',
  },
  {
    name: 'postback-late-stale-after-flip',
    area: 'postbacks',
    breaks: ['PB-NO-STALE-RETRY'],
    description:
      'A week after a newer postback was acknowledged (past the retry schedule), the older status about the same payment or complaint is sent once more.',
  },
  {
    name: 'postback-stale-retry',
    area: 'postbacks',
    breaks: ['PB-NO-STALE-RETRY'],
    description: 'A newer postback does not stop the retries of an older one: an outdated status arrives after it.',
  },
  // An injected server error.
  {
    name: 'server-error-on-create',
    area: 'server',
    breaks: ['CREATE-PAYIN-OK', 'CREATE-PAYOUT-OK'],
    description: 'Every payment creation answers 500 {"error": "internal error"}.',
  },
  // Issue 4: a fault for every requirement the conformance suites check.
  {
    name: 'auth-signature-ascii-escaped',
    area: 'auth',
    breaks: ['AUTH-SIGNATURE-CANONICAL'],
    description:
      'The hash is checked over the body with non-ASCII text escaped (\\\\uXXXX): correctly signed bodies with such text get 401 UNAUTHORIZED.',
  },
  {
    name: 'auth-verified-hash-cache',
    area: 'auth',
    breaks: ['AUTH-UNAUTHORIZED'],
    description:
      'A hash that verified once is trusted again without the body: a signed body changed and sent again with its hash is accepted.',
  },
  {
    name: 'create-500-on-long-merchant-user-id',
    area: 'create',
    breaks: ['ERROR-NO-5XX-FOR-INPUT'],
    description: 'A merchantUserId longer than 64 characters crashes the creation: 500 instead of 200.',
  },
  {
    name: 'auth-null-credentials-invalid',
    area: 'auth',
    breaks: ['AUTH-NULL-CREDENTIALS'],
    description:
      'A null publicKey or hash is taken as present: 401 NO_KEY or UNAUTHORIZED instead of NO_LOGIN or NO_TOKEN.',
  },
  {
    name: 'auth-empty-hash-missing',
    area: 'auth',
    breaks: ['AUTH-EMPTY-CREDENTIALS'],
    description: 'An empty hash is taken as missing: 401 NO_TOKEN instead of UNAUTHORIZED.',
  },
  {
    name: 'error-invalid-body-422',
    area: 'errors',
    breaks: ['ERROR-INVALID-BODY-400'],
    description: 'A body that breaks the field table gets 422 instead of 400.',
  },
  {
    name: 'server-error-on-every-operation',
    area: 'server',
    // Each operation's 500 to a well-formed request fails the requirement that request verifies (the operation
    // probe of fixtures/conformance/operation-probe.ts); every other test of the operation is blocked by it.
    breaks: [
      'CREATE-PAYIN-OK',
      'CREATE-PAYOUT-OK',
      'STATUS-NOT-FOUND',
      'LIST-SHAPE',
      'COMPLAINT-NOT-FOUND',
      'METHODS-LIST',
      'MEDIA-UPLOAD',
      'COMPLAINT-CREATE',
      'SMS-CONFIRM',
    ],
    description:
      'Every operation answers 500 {"error": "internal error"} (the injection the ERROR-500-BODY tests use).',
  },
  {
    name: 'status-json-as-text-plain',
    area: 'errors',
    breaks: ['BODY-JSON-MEDIA-TYPE'],
    description: 'The status check answers its JSON record with Content-Type text/plain.',
  },
  {
    name: 'server-error-html-body',
    area: 'errors',
    breaks: ['ERROR-500-BODY'],
    description: 'A 500 answers an HTML error page instead of an error body.',
  },
  {
    name: 'create-paths-unversioned',
    area: 'create',
    breaks: ['CREATE-PATHS-V1'],
    description:
      'Payment creation is served at /api/payments/pay_in and pay_out, without the v1 segment; the v1 paths answer 404.',
  },
  {
    name: 'create-is-succeed-false',
    area: 'create',
    breaks: ['CREATE-SUCCEEDED-FLAG'],
    description: 'Creations answered 200 say isSucceed false.',
  },
  {
    name: 'create-payin-stored-as-payout',
    area: 'create',
    breaks: ['CREATE-PAYIN-TYPE'],
    description: 'A payment created with pay_in is stored as PAY_OUT.',
  },
  {
    name: 'create-payout-stored-as-payin',
    area: 'create',
    breaks: ['CREATE-PAYOUT-TYPE'],
    description: 'A payment created with pay_out is stored as PAY_IN (a copy-paste of the pay_in handler).',
  },
  {
    name: 'create-missing-client-fields-500',
    area: 'create',
    // The interface names 400 for a missing member: the 500 is that requirement's finding.
    breaks: ['CREATE-REQUIRED-FIELDS'],
    description: 'A creation without clientFieldsValues crashes the handler: 500 instead of 400.',
  },
  {
    name: 'create-amount-string-accepted',
    area: 'create',
    breaks: ['CREATE-FIELD-TYPES'],
    description: 'An amount sent as a string of digits is coerced and accepted instead of refused with 400.',
  },
  {
    name: 'create-attachment-not-enforced',
    area: 'create',
    breaks: ['CREATE-ATTACHMENT-REQUIRED'],
    description: 'A method that requires an attachment accepts a creation without attachmentId.',
  },
  {
    name: 'create-form-url-missing',
    area: 'create',
    breaks: ['CREATE-FORMURL-EXTERNAL'],
    description: 'Creations with an external method answer no formUrl.',
  },
  // §2.3, §4.2: the payment page behind formUrl, in a real browser (suites/browser).
  {
    name: 'page-wrong-redirect',
    area: 'page',
    breaks: ['CREATE-EXTERNAL-REDIRECTS'],
    description: 'A user who pays on the payment page is sent to failureRedirectUrl instead of successRedirectUrl.',
  },
  {
    name: 'page-missing-qr',
    area: 'page',
    breaks: ['PAGE-SHOW-QR'],
    description: 'The payment page shows no QR code although the creation answered info.showQR true.',
  },
  {
    name: 'page-null-deeplink-button',
    area: 'page',
    breaks: ['CREATE-DEEPLINK-BUTTON'],
    description: 'The payment page shows a button, leading nowhere, for a payment application whose deep link is null.',
  },
  {
    name: 'page-outcome-not-applied',
    area: 'page',
    breaks: ['PAGE-OUTCOME'],
    description:
      'Paying (or failing) on the payment page redirects the user but leaves the payment PENDING, with no postback.',
  },
  {
    name: 'create-sms-flag-missing',
    area: 'create',
    breaks: ['CREATE-SMS-FLAG'],
    description: 'Creations with the SMS-confirmed method answer info.isSMSRequired false.',
  },
  {
    name: 'create-client-field-patterns-unchecked',
    area: 'create',
    breaks: ['CREATE-CLIENT-FIELDS-VALIDATED'],
    description: "Client field values are not checked against the method's patterns.",
  },
  {
    name: 'status-id-lookup-needs-merchant-id',
    area: 'status',
    breaks: ['STATUS-BY-PAYMENTID'],
    description:
      'A payment created without merchantPaymentId cannot be found by its paymentId (the index is built on merchant ids).',
  },
  {
    name: 'status-merchant-id-lookup-payin-only',
    area: 'status',
    breaks: ['STATUS-BY-MERCHANTPAYMENTID'],
    description: 'The merchantPaymentId lookup searches PAY_IN payments only.',
  },
  {
    name: 'status-no-lookup-field-404',
    area: 'status',
    breaks: ['STATUS-NO-LOOKUP-FIELD'],
    description: 'A status check with no lookup field gets 404 NOT_FOUND instead of 400.',
  },
  {
    name: 'payment-created-at-no-millis',
    area: 'shape',
    breaks: ['PAYMENT-CREATEDAT-FORMAT'],
    description: 'Payment records carry createdAt without milliseconds (2026-11-21T10:00:00Z).',
  },
  {
    name: 'payment-created-success',
    area: 'status',
    breaks: ['PAYMENT-INITIAL-PENDING'],
    description: 'New payments start SUCCESS instead of PENDING (an auto-approving sandbox).',
  },
  {
    name: 'payment-amount-truncated',
    area: 'shape',
    breaks: ['STATUS-ECHOES-AMOUNT'],
    description: 'Payment records carry the amount truncated to whole units (100.25 becomes 100).',
  },
  {
    name: 'payment-client-fields-empty',
    area: 'shape',
    breaks: ['STATUS-ECHOES-CLIENT-FIELDS'],
    description: 'Payment records carry an empty clientFieldsValues.',
  },
  {
    name: 'payment-method-id-is-account-id',
    area: 'shape',
    breaks: ['STATUS-ECHOES-METHOD'],
    description: "Payment records carry the method's account id as paymentMethodId.",
  },
  {
    name: 'payment-currency-default',
    area: 'shape',
    breaks: ['PAYMENT-CURRENCY-OF-METHOD'],
    description: "Payment records carry the merchant's default currency (USD) whatever the method's.",
  },
  {
    name: 'payment-failed-code-renamed',
    area: 'shape',
    breaks: ['PAYMENT-FAILEDCODE-ENUM'],
    description: 'Payment records carry RECIPIENT_LIMIT as LIMIT_EXCEEDED, outside the enum.',
  },
  {
    name: 'status-stale',
    area: 'status',
    breaks: ['STATUS-REFLECTS-OUTCOME', 'PAYMENT-REEVALUATION'],
    description: 'The status check answers from a cache filled at creation: always PENDING.',
  },
  {
    name: 'attachment-not-shown',
    area: 'shape',
    breaks: ['STATUS-ATTACHMENT'],
    description: 'Payment records never show the attachment.',
  },
  {
    name: 'list-interval-optional',
    area: 'pagination',
    breaks: ['LIST-INTERVAL-REQUIRED'],
    description: 'A list without createdAtFrom or createdAtTo is answered (over all time) instead of refused with 400.',
  },
  {
    name: 'list-ignores-type-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-TYPE'],
    description: 'The type filter is ignored.',
  },
  {
    name: 'list-ignores-status-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-STATUS'],
    description: 'The status filter is ignored.',
  },
  {
    name: 'list-take-off-by-one',
    area: 'pagination',
    breaks: ['LIST-TAKE'],
    description: 'Pages hold take + 1 payments.',
  },
  {
    name: 'list-take-default-50',
    area: 'pagination',
    breaks: ['LIST-TAKE-DEFAULT-MAX'],
    description: 'Without take, pages hold 50 payments instead of 20.',
  },
  {
    name: 'list-next-id-on-last-page',
    area: 'pagination',
    breaks: ['LIST-NEXTID-LAST-PAGE'],
    description: 'The last page carries a nextId that names no payment.',
  },
  {
    name: 'list-succeed-counts-final',
    area: 'pagination',
    breaks: ['LIST-TOTAL-SUCCEED'],
    description: 'totalSucceed counts SUCCESS and FAILED payments.',
  },
  {
    name: 'list-failed-counts-need-check',
    area: 'pagination',
    breaks: ['LIST-TOTAL-FAILED'],
    description: 'totalFailed counts FAILED and NEED_CHECK payments.',
  },
  {
    name: 'list-amounts-one-currency',
    area: 'pagination',
    breaks: ['LIST-AMOUNTS-PER-CURRENCY'],
    description: 'amounts holds one entry summing every currency under the first one.',
  },
  {
    name: 'list-unknown-from-id-empty',
    area: 'pagination',
    breaks: ['LIST-UNKNOWN-FROMID'],
    description: 'A fromId that is no payment gets 200 with an empty page instead of 404.',
  },
  {
    name: 'list-total-as-string',
    area: 'shape',
    breaks: ['LIST-SHAPE'],
    description: 'The list carries total as a string.',
  },
  {
    name: 'complaint-id-lookup-uses-payment-id',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-ID'],
    description: "The complaint id is matched against payment ids (the interface describes it as 'Payment ID').",
  },
  {
    name: 'complaint-payment-id-lookup-missing',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-PAYMENTID'],
    description: 'Complaints cannot be looked up by paymentId.',
  },
  {
    name: 'complaint-merchant-id-lookup-missing',
    area: 'complaints',
    breaks: ['COMPLAINT-BY-MERCHANTPAYMENTID'],
    description: 'Complaints cannot be looked up by merchantPaymentId.',
  },
  {
    name: 'complaint-no-lookup-field-404',
    area: 'complaints',
    breaks: ['COMPLAINT-NO-LOOKUP-FIELD'],
    description: 'A complaint status check with no lookup field gets 404 NOT_FOUND instead of 400.',
  },
  {
    name: 'complaint-unknown-200',
    area: 'complaints',
    breaks: ['COMPLAINT-NOT-FOUND'],
    description: 'A complaint status check that matches nothing gets 200 with an empty object instead of 404.',
  },
  {
    name: 'complaint-merchant-payment-id-is-payment-id',
    area: 'complaints',
    breaks: ['COMPLAINT-ECHOES-PAYMENT'],
    description: "Complaint records carry the service's paymentId as merchantPaymentId.",
  },
  {
    name: 'complaint-status-stale',
    area: 'complaints',
    breaks: ['COMPLAINT-REFLECTS-STATUS', 'COMPLAINT-REEVALUATION'],
    description: 'The complaint status check answers from a cache filled at creation: always PENDING.',
  },
  {
    name: 'methods-list-includes-forbidden',
    area: 'other-operations',
    breaks: ['METHODS-LIST'],
    description: 'Payment method retrieval also lists the methods the merchant has no access to.',
  },
  {
    name: 'media-upload-id-unusable',
    area: 'other-operations',
    breaks: ['MEDIA-UPLOAD'],
    description: 'A media upload answers an id that creations do not accept as attachmentId.',
  },
  {
    name: 'complaint-create-starts-need-check',
    area: 'other-operations',
    breaks: ['COMPLAINT-CREATE'],
    description: 'New complaints start NEED_CHECK instead of PENDING.',
  },
  {
    name: 'sms-any-code-accepted',
    area: 'other-operations',
    breaks: ['SMS-CONFIRM'],
    description: 'The SMS confirmation accepts any code.',
  },
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);
