import type { PeerFault } from './peer-fault.js';

/**
 * The requirements each fault of the Orbipay sandbox (counterparts/orbipay-service, written from the interface alone)
 * breaks, judged from its README's fault table: the defect and the sentence it quotes (peer-fault.ts).
 */
export const ORBIPAY_SERVICE_FAULT_MAP: Readonly<Record<string, PeerFault>> = {
  'OB-01': { breaks: ['AUTH-NO-TOKEN'], readme: 'answers 401 UNAUTHORIZED to a body without hash' },
  'OB-02': {
    breaks: ['AUTH-UNAUTHORIZED'],
    readme: 'the status check route skips signature verification',
  },
  'OB-03': { breaks: ['CREATE-FORBIDDEN-METHOD'], readme: 'answers 404 NOT_FOUND for a disabled method' },
  'OB-04': { breaks: ['CREATE-ATTACHMENT-REQUIRED'], readme: 'creates the payment without attachmentId' },
  'OB-05': { breaks: ['STATUS-LOOKUP-PAYMENTID-FIRST'], readme: 'looks up merchantPaymentId first' },
  'OB-06': { breaks: ['LIST-TOTALS-WHOLE-SET'], readme: 'total = number of items on the page' },
  'OB-07': {
    breaks: ['LIST-PAGES-NO-DUPLICATE'],
    readme: "the next page repeats the previous page's last item",
  },
  'OB-08': { breaks: ['COMPLAINT-NOT-FOUND'], readme: 'answers 404 COMPLAINT_NOT_FOUND' },
  'OB-09': {
    breaks: ['PB-SIGNATURE-VALID'],
    readme: 'payment postbacks are signed before createdAt is added; hash does not validate',
  },
  'OB-10': { breaks: ['PB-ONLY-200-ACKS'], readme: 'any 2xx (e.g. 202) stops the retries' },
  'OB-11': { breaks: ['PB-FAILEDCODE'], readme: 'omits failedCode from SUCCESS postbacks' },
  'OB-12': {
    breaks: ['PB-FLIP-RESENT'],
    readme: 'no postback after the first one when the status flips',
  },
};
