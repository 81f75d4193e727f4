import type { PeerFault } from './peer-fault.js';

/** The requirements each fault of the independent Python service breaks, judged from its README (peer-fault.ts). */

export const PYTHON_SERVICE_FAULT_MAP: Readonly<Record<string, PeerFault>> = {
  FX01: {
    // The last page names a next one (nextId first-of-next-page: none there), and following it lists that page again.
    breaks: ['LIST-NEXTID-LAST-PAGE', 'LIST-PAGES-NO-DUPLICATE'],
    readme: "nextId present on the last page; it points to that page's own first item, so the walk never ends",
  },
  FX02: {
    breaks: ['LIST-TOTAL-SUCCEED'],
    readme: 'totalSucceed counts only the current page (total and totalFailed stay correct)',
  },
  FX03: {
    breaks: ['STATUS-LOOKUP-PAYMENTID-FIRST'],
    readme: 'Status check prefers merchantPaymentId over paymentId when both are given',
  },
  FX04: {
    breaks: ['AUTH-UNAUTHORIZED'],
    readme: 'A captured, accepted request replayed with the same hash but altered clientFieldsValues is accepted',
  },
  FX05: {
    breaks: ['AUTH-UNAUTHORIZED'],
    readme: 'A wrong signature is answered 401 NO_KEY instead of UNAUTHORIZED',
  },
  FX06: {
    breaks: ['PB-RETRY-UNTIL-200'],
    readme: 'Postback retries stop after the first failed attempt',
  },
  FX07: {
    breaks: ['PB-ONLY-200-ACKS'],
    readme: 'A 204 from the merchant is taken as acknowledged (no retry)',
  },
  FX08: {
    breaks: ['PB-RETRY-IDENTICAL'],
    readme:
      'Each postback attempt carries a fresh sentAt member and a new signature, so retries are not byte-identical',
  },
  FX09: {
    breaks: ['PB-FLIP-RESENT', 'PB-COMPLAINT-FLIP-RESENT'],
    readme: 'Flips change the status but send no postback, and the old retries are not cancelled',
  },
  FX10: {
    breaks: ['PB-COMPLAINT-SHAPE'],
    readme: 'Complaint postback lacks merchantId',
  },
  FX11: {
    breaks: ['PAYMENT-CREATEDAT-FORMAT'],
    readme: 'createdAt without milliseconds in the status check response only; list items are fine',
  },
  FX12: {
    breaks: ['PAYMENT-SHAPE'],
    readme: 'amount is a string ("12.34") in list items only; the status check is fine',
  },
  FX13: {
    breaks: ['LIST-FILTER-CURRENCY'],
    readme: 'The currencyCode filter is ignored when a status filter is also given',
  },
  FX14: {
    breaks: ['LIST-INTERVAL-INCLUSIVE'],
    readme: 'createdAtTo is exclusive',
  },
  FX15: {
    // take is ignored: a page holds more than take, and a take above the largest is neither refused nor honoured.
    breaks: ['LIST-TAKE', 'LIST-TAKE-DEFAULT-MAX'],
    readme: 'take is ignored; pages are always 10',
  },
  FX16: {
    breaks: ['CREATE-UNKNOWN-METHOD'],
    readme: 'Unknown payment method is answered 403 ACCESS_DENIED instead of 404 NOT_FOUND',
  },
  FX17: {
    breaks: ['AUTH-NO-TOKEN'],
    readme: 'Missing hash is answered 401 NO_LOGIN instead of NO_TOKEN',
  },
  FX18: {
    breaks: ['PB-FAILEDCODE'],
    readme: 'Payment postback omits failedCode when SUCCESS (instead of null)',
  },
  FX19: {
    breaks: ['COMPLAINT-LOOKUP-ORDER'],
    readme: 'Complaint lookup prefers merchantPaymentId over id',
  },
  FX20: {
    breaks: ['PB-PUBLIC-KEY-PINNED'],
    readme:
      "Payment postback publicKey is the merchant's key text, while the hash is still signed with the service key",
  },
};
