/**
 * Named deviations from the interface the sandbox can be switched into, each a realistic mistake of a real
 * service. A check that no fault can fail is a check that cannot fail (design brief §6): every conformance check
 * needs a fault here that proves it detects something. `breaks` names requirement ids of the registry.
 */
export interface FaultDefinition {
  readonly name: string;
  readonly area: 'auth' | 'errors' | 'shape' | 'lookup' | 'pagination' | 'postbacks' | 'server';
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
    breaks: ['STATUS-ECHOES-CREATION'],
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
    breaks: ['PB-PAYMENT-SHAPE'],
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
  // An injected server error.
  {
    name: 'server-error-on-create',
    area: 'server',
    breaks: ['CREATE-PAYIN-OK', 'CREATE-PAYOUT-OK'],
    description: 'Every payment creation answers 500 {"error": "internal error"}.',
  },
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);
