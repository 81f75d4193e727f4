/**
 * §5.2–§5.4 on the merchant's side: what a receiver must never acknowledge, and that nothing it refused changes its
 * state. The `critical` ones: a receiver that acknowledges a forged postback credits money that never arrived.
 */
import type { Requirement } from '../requirement.js';
import { HASH_ALGORITHM, HASH_OF_BODY, POSTBACK_PAIR } from './auth.js';
import { RECEIVER_ENDPOINT } from './receiver-quotes.js';
import { JSON_BODIES } from './errors.js';
import { PAYMENT_POSTBACK } from './postbacks.js';

export const RECEIVER_SECURITY_REQUIREMENTS = [
  {
    id: 'RECEIVER-REJECT-FORGED-HASH',
    section: '§5.3',
    statement:
      'A postback whose hash is not a signature of its body by the service key is not acknowledged (any answer but 200).',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [POSTBACK_PAIR, PAYMENT_POSTBACK.hash],
    decidable:
      "§5.3: the hash is the service's signature; a body whose hash does not verify under the service key is not the service's, and acknowledging it credits money that never arrived. No reading of the interface allows it.",
  },
  {
    id: 'RECEIVER-REJECT-TAMPERED',
    section: '§5.3',
    statement:
      'A signed postback with a member changed after signing (its amount, its status) is not acknowledged, whatever hash it carries.',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [POSTBACK_PAIR, HASH_OF_BODY],
    decidable:
      "§5.3: the signature covers the body's members as the profile's signing input says; a member changed after signing breaks it whatever the input form, so a verifying receiver cannot accept it.",
  },
  {
    id: 'RECEIVER-HASH-STRICT',
    section: '§5.3, §5.4',
    statement:
      "A postback whose hash is the right signature written in another form than the agreed encoding's exact text (padding dropped or added, another base64 alphabet, upper-case hex, white space) is not acknowledged and credits nothing, where the profile's receiverHashDecoding is strict.",
    level: 'profile',
    operations: [],
    quote: [HASH_OF_BODY, HASH_ALGORITHM],
    decidable:
      "§5.3 makes the hash an encoded string and leaves the algorithm, and so its encoding, to the parties: whether a receiver takes only the agreed text or any text that decodes to the signature is its own choice (conventions.receiverHashDecoding); without it the requirement is UNSPECIFIED. The signature is the service's either way, so this is never critical: a lenient decoder lets one postback be written several ways, which defeats a receiver's dedup by hash and logs.",
    conventions: ['receiverHashDecoding'],
  },
  {
    id: 'RECEIVER-REJECT-MISSING-HASH',
    section: '§2.5, §5.3',
    statement: 'A postback without hash is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [PAYMENT_POSTBACK.hash, POSTBACK_PAIR],
    decidable:
      '§2.5 and §2.6 make hash required and §5.3 makes it the proof of origin: a body without one proves nothing.',
  },
  {
    id: 'RECEIVER-REJECT-MISSING-PUBLIC-KEY',
    section: '§2.5, §5.3',
    statement: 'A postback without publicKey is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [PAYMENT_POSTBACK.publicKey, POSTBACK_PAIR],
    decidable: '§2.5 and §2.6 make publicKey required: a body without it is not a §2.5 or §2.6 postback.',
  },
  {
    id: 'RECEIVER-REJECT-FOREIGN-KEY',
    section: '§5.2, §5.3',
    statement:
      "A postback signed by another key that carries that key as its own publicKey is not acknowledged: the receiver verifies with the service's key it pinned, never the one the body names.",
    level: 'spec',
    critical: true,
    operations: [],
    quote: [PAYMENT_POSTBACK.publicKey, POSTBACK_PAIR],
    decidable:
      "§5.2 and §5.3: the merchant verifies with the service's key it holds; a body naming its own key proves only that someone holds that key. The foreign key is a fresh key pair no receiver can have pinned.",
  },
  {
    id: 'RECEIVER-REJECT-NON-JSON',
    section: '§4.6',
    statement: 'A body that is not a JSON object (not JSON at all, or an array) is not acknowledged.',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [JSON_BODIES, RECEIVER_ENDPOINT],
    decidable:
      '§4.6: postbacks are JSON objects; a body that is not one cannot carry the members §2.5 and §2.6 require.',
  },
  {
    id: 'RECEIVER-REJECTED-NO-EFFECT',
    section: '§5.3',
    statement:
      "A postback the receiver refused changes nothing: a forged SUCCESS for a payment that FAILED leaves it FAILED and uncredited in the merchant's state.",
    level: 'spec',
    critical: true,
    operations: [],
    quote: [POSTBACK_PAIR],
    decidable:
      "§5.3: what fails verification is not the service's word; changing state on it is the same defect as acknowledging it, whatever the answer. Read back through the profile's read-back; NOT VERIFIED without one.",
  },
  {
    id: 'RECEIVER-PUBLIC-KEY-PINNED',
    section: '§5.2, §5.4',
    statement:
      'A postback whose publicKey is not the service key the receiver pinned is not acknowledged, even when its hash verifies under the pinned key.',
    level: 'spec',
    critical: true,
    operations: [],
    quote: [PAYMENT_POSTBACK.publicKey, POSTBACK_PAIR],
    decidable:
      "§2.5 and §5.3: publicKey names the key the body is validated with, and the merchant holds the service's; a body naming another key is not the service's as it stands, whoever signed it. Where the signing input leaves publicKey out, a receiver that never compares it accepts a body anyone may rewrite.",
  },
] as const satisfies readonly Requirement[];
