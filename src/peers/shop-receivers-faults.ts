import type { PeerReceiverFault } from './python-receivers-faults.js';

/**
 * The RECEIVER requirements each faulty variant of the shop receivers (../shared/peers/shop-receivers) breaks, judged
 * from its README alone (the defect and the statement it names) before anything ran. The matrix (npm run
 * peer-receivers -- --peer shop-receivers) counts a variant detected only through one of these, and any other
 * requirement failing under it as collateral.
 */
export const SHOP_RECEIVER_FAULT_MAP: Readonly<Record<string, PeerReceiverFault>> = {
  V01: {
    // Its sandbox key, named by the body and verifying it, accepted where only the production key may be.
    breaks: ['RECEIVER-REJECT-FOREIGN-KEY'],
    readme: 'Accepts the key of any configured environment, so a sandbox-signed postback is accepted in production',
  },
  V02: {
    // The right signature written another way (other alphabet, padding, trailing characters) accepted; its README
    // states strict decoding, which its profiles state as conventions.receiverHashDecoding.
    breaks: ['RECEIVER-HASH-STRICT'],
    readme: 'Lenient hash decoding. It tries base64, base64url and hex, and drops characters outside the alphabet',
  },
  V03: {
    // An underpaid SUCCESS (less than the order) credited and marked paid.
    breaks: ['RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED'],
    readme: 'No amount check. Only the currency is compared, so an underpaid SUCCESS marks the order paid',
  },
  V04: {
    // SUCCESS to FAILED keeps the credit: no reversal entry.
    breaks: ['RECEIVER-FLIP-APPLIED'],
    readme: 'Missing reversal. SUCCESS→FAILED changes the status to payment_failed but writes no reversal',
  },
  V05: {
    // A retried flip is taken for a new change: two reversals (or two credits).
    breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'],
    readme: 'Idempotency remembers only the order’s first postback, so a retried flip is applied again',
  },
  V06: {
    breaks: ['RECEIVER-UNEXPECTED-NOT-CREDITED'],
    readme: 'An unknown merchantPaymentId creates the order from the postback’s amount and currency, and applies it',
  },
  V07: {
    breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'],
    readme: 'Check-then-act without a lock, so concurrent identical retries each credit',
  },
  V08: {
    // An authentic SUCCESS refused for its media type's charset parameter: never received (§6).
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS'],
    readme: 'Answers 415 unless Content-Type is exactly application/json',
  },
  V09: {
    // 60 fields take about 18 s, past the 5 s the README's sender allows (receiver.timeoutMs).
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS'],
    readme: 'Quadratic client-field check: 60 fields take about 18 s',
  },
  V10: {
    breaks: ['RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED'],
    readme: 'No currency check. Only the amount is compared, so SUCCESS 100 USD on an order of 100 INR marks it paid',
  },
  V11: {
    // GET /disputes/{first id} shows the second complaint's status.
    breaks: ['RECEIVER-STATUS-RECORDED'],
    readme: 'Disputes keyed by the order (merchantPaymentId), not by the complaint id',
  },
  V12: {
    breaks: ['RECEIVER-SIGNING-INPUT'],
    readme: 'Numbers signed as written on the wire: a body with "amount":10.50 (signed value 10.5) fails with 401',
  },
  V13: {
    breaks: ['RECEIVER-PUBLIC-KEY-PINNED'],
    readme:
      'Ignores the publicKey value: it only checks that publicKey is present, and always verifies with the pinned key',
  },
  V14: {
    // The kit's postbacks say application/json without a charset: read as ISO-8859-1, text beyond ASCII fails with
    // 401, an authentic postback refused (the signing input over the parsed UTF-8 text).
    breaks: ['RECEIVER-SIGNING-INPUT'],
    readme: 'Decodes the body with the Content-Type charset, defaulting to ISO-8859-1',
  },
};
