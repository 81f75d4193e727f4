// Injectable faults: each breaks exactly one sentence of the interface document.
export const FAULTS = {
  'OB-01': {
    area: 'authentication',
    sentence: 'missing hash gives 401 NO_TOKEN',
    what: 'a body without hash is answered 401 UNAUTHORIZED instead of 401 NO_TOKEN',
  },
  'OB-02': {
    area: 'authentication',
    sentence: 'a failed check of publicKey with hash gives 401 UNAUTHORIZED',
    what: 'the payment status check route skips signature verification (any hash accepted)',
  },
  'OB-03': {
    area: 'creation',
    sentence: 'Creating a payment with a payment method the merchant has no access to gives 403 ACCESS_DENIED.',
    what: 'a method that exists but is not enabled for the merchant is answered 404 NOT_FOUND',
  },
  'OB-04': {
    area: 'creation',
    sentence: "attachmentId: Required when the payment method's isAttachmentRequired is true",
    what: 'payments on an attachment-required method are accepted without attachmentId',
  },
  'OB-05': {
    area: 'status check',
    sentence: 'When both are present, the payment is looked up by paymentId first, then by merchantPaymentId.',
    what: 'merchantPaymentId is looked up before paymentId',
  },
  'OB-06': {
    area: 'list',
    sentence: 'total | number | Total count of payments',
    what: 'total is the number of items on the returned page, not of all matching payments',
  },
  'OB-07': {
    area: 'pagination',
    sentence: 'nextId | string | Value to pass as fromId to get the next page',
    what: 'the page fetched with fromId starts with the last item of the previous page (overlap by one)',
  },
  'OB-08': {
    area: 'complaints',
    sentence: '404 | NOT_FOUND | Complaint not found | complaint status check (Codes below are exact.)',
    what: 'an unknown complaint is answered 404 {"error":"COMPLAINT_NOT_FOUND"}',
  },
  'OB-09': {
    area: 'postback signature',
    sentence: 'The same pair is present in postback bodies sent by the service, to be validated by the merchant.',
    what: 'payment postbacks are signed before createdAt is added, so the hash does not validate',
  },
  'OB-10': {
    area: 'postback retries',
    sentence:
      'Only a 200 response counts as received. For any other response the service retries periodically until it gets 200.',
    what: 'any 2xx answer (e.g. 202) stops the retries',
  },
  'OB-11': {
    area: 'postback body',
    sentence: 'failedCode | enum or null | yes | null when status is SUCCESS',
    what: 'failedCode is omitted from SUCCESS payment postbacks instead of being null',
  },
  'OB-12': {
    area: 'postback flips',
    sentence: 'SUCCESS -> FAILED ... A new payment postback with the updated status is sent',
    what: 'after the first payment postback no further postback is sent when the status flips',
  },
};
