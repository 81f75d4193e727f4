import type { PeerFault } from './peer-fault.js';

/**
 * The requirements each fault of the PayGate sandbox (../shared/peers/paygate-service) breaks, judged from its README
 * alone: the defect and the interface statement its fault table names (peer-fault.ts).
 */
export const PAYGATE_SERVICE_FAULT_MAP: Readonly<Record<string, PeerFault>> = {
  'FX2-01': {
    breaks: ['AUTH-SIGNATURE-CANONICAL'],
    readme:
      'Body decoded as Latin-1 before verification: correctly signed requests containing non-ASCII text get 401 UNAUTHORIZED',
  },
  'FX2-02': {
    breaks: ['AUTH-UNAUTHORIZED'],
    readme: 'A hash that is not hex (garbage, base64) is treated as "legacy client" and the signature check is skipped',
  },
  'FX2-03': {
    breaks: ['AUTH-NO-KEY'],
    readme: 'Invalid publicKey answers the right code on the wrong status: 403 {"error":"NO_KEY"}',
  },
  'FX2-04': {
    breaks: ['STATUS-ECHOES-MERCHANT-IDS'],
    readme: 'merchantPaymentId stored in a 32-character column: longer values come back truncated',
  },
  'FX2-05': {
    breaks: ['STATUS-ECHOES-AMOUNT'],
    readme: 'Status check renders amounts >= 1,000,000 through float32 (1234567.89 -> 1234567.88)',
  },
  'FX2-06': {
    breaks: ['PB-PAYMENT-CONSISTENT'],
    readme: 'Postback clientFieldsValues are normalised (spaces removed) instead of as sent',
  },
  'FX2-07': {
    breaks: ['CREATE-FORMURL-EXTERNAL'],
    readme: 'External-method creation omits formUrl when successRedirectUrl is supplied',
  },
  'FX2-08': {
    breaks: ['STATUS-LOOKUP-FALLBACK'],
    readme: 'When paymentId is present but unknown, no fallback to merchantPaymentId (404)',
  },
  'FX2-09': {
    breaks: ['STATUS-CURRENT-AT-POSTBACK'],
    readme: 'Status check answers from a 5-second cache: after a flip (and its postback) it still shows the old status',
  },
  'FX2-10': {
    breaks: ['LIST-TAKE'],
    readme: 'Off-by-one page size: pages hold take - 1 items whenever more remain',
  },
  'FX2-11': {
    breaks: ['LIST-FILTER-STATUS'],
    readme: 'With both type and status filters, the status filter is dropped',
  },
  'FX2-12': {
    breaks: ['LIST-AMOUNTS-PER-CURRENCY'],
    readme: 'For type = PAY_OUT lists, amounts is summed over both types',
  },
  'FX2-13': {
    breaks: ['ERROR-INVALID-BODY-400'],
    readme: 'A non-numeric createdAtFrom/createdAtTo string crashes the list (500)',
  },
  'FX2-14': {
    // The walk cannot go on from a nextId the list refuses as fromId: the pages lose the rest of the set.
    breaks: ['LIST-PAGES-NO-GAP', 'LIST-NEXTID-LAST-PAGE'],
    readme: 'nextId is written as 32 hex digits without hyphens, which fromId (UUID) rejects',
  },
  'FX2-15': {
    breaks: ['PB-RETRY-UNTIL-200'],
    readme: 'A 4xx answer to a postback is taken as final: no retries',
  },
  'FX2-16': {
    breaks: ['PB-ROUTING'],
    readme: 'Postback delivery drops the query string of postBackUrl',
  },
  'FX2-17': {
    breaks: ['PB-PAYMENT-CREATEDAT'],
    readme: 'Payment postback createdAt written with microseconds (record format)',
  },
  'FX2-18': {
    breaks: ['PB-SIGNATURE-VALID'],
    readme: 'Postback hash is computed over the body without clientFieldsValues',
  },
  'FX2-19': {
    breaks: ['COMPLAINT-NOT-FOUND'],
    readme: 'Complaint not found answers 404 {"error":"COMPLAINT_NOT_FOUND"}',
  },
  'FX2-20': {
    breaks: ['PB-FAILEDCODE-RECIPIENT-LIMIT'],
    readme: 'Payout postbacks carry failedCode: "RECIPIENT_LIMIT"',
  },
};
