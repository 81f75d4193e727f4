/** §4.6: the merchant's receiver, in the interface's words. */
export const RECEIVER_ENDPOINT =
  'The merchant exposes an endpoint accepting POST with the bodies of 2.5 (payments) or 2.6 (complaints).';
export const RECEIVER_ANSWER = 'It answers HTTP 200 (body may be empty) to acknowledge.';
