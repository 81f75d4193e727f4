/**
 * The same signature written in forms a lenient decoder takes and a strict one refuses (§5.3: "hash is an encoded
 * string"; one agreed encoding, one text per signature): padding dropped or added, the other base64 alphabet, upper
 * case hex, white space. Each form decodes to the very bytes of the signature under a forgiving decoder (Node's
 * Buffer.from, Python's b64decode without validate), and none is the encoding's exact text.
 */
import { decodeHash, type HashEncoding } from './hash-encoding.js';

export interface HashForm {
  /** What was changed, in a reader's words. */
  readonly what: string;
  readonly text: string;
}

const toUrlAlphabet = (text: string) => text.replaceAll('+', '-').replaceAll('/', '_');
const toStandardAlphabet = (text: string) => text.replaceAll('-', '+').replaceAll('_', '/');
const padded = (text: string) => text + '='.repeat((4 - (text.length % 4)) % 4);
/** Broken into lines of 64 characters, as MIME and PEM write base64. */
const wrapped = (text: string) => text.replace(/(.{64})(?=.)/g, '$1\n');

/** The forms of `hash` (the exact text of `encoding`) that are not it; empty when `hash` is not that text. */
export function nonStrictForms(hash: string, encoding: HashEncoding): HashForm[] {
  const bytes = decodeHash(hash, encoding);
  if (bytes === undefined) return [];
  const forms: HashForm[] = [];
  const add = (what: string, text: string) => {
    if (text !== hash && !forms.some((form) => form.text === text)) forms.push({ what, text });
  };
  if (encoding === 'hex') {
    add('upper-case hex', hash.toUpperCase());
    add('hex with a space between each byte', hash.replace(/(..)(?=.)/g, '$1 '));
  } else {
    const unpadded = hash.replace(/=+$/, '');
    if (encoding === 'base64url') add('its = padding added', padded(hash));
    else add('its = padding dropped', unpadded);
    if (encoding === 'base64') add('the URL-safe alphabet (- and _)', toUrlAlphabet(hash));
    else add('the standard alphabet (+ and /)', toStandardAlphabet(hash));
    add('broken into lines of 64 characters', wrapped(hash));
  }
  add('a final newline', `${hash}\n`);
  // Each form stands for the same bytes to a forgiving decoder: a form that did not would test something else.
  return forms.filter((form) => forgiving(form.text).equals(bytes));
}

/** What a forgiving decoder makes of a text: white space dropped, either base64 alphabet, any padding, any hex case. */
function forgiving(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (/^[0-9a-fA-F]+$/.test(compact) && compact.length % 2 === 0) return Buffer.from(compact, 'hex');
  return Buffer.from(toStandardAlphabet(compact).replace(/=+$/, ''), 'base64');
}
