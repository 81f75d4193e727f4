import { CanonicalizationError } from './canonical-json.js';

const codePointOrder = (a: string, b: string): number => {
  // Code points, not UTF-16 units (JCS's order): the two differ only for keys beyond the Basic Multilingual Plane.
  // Code points on purpose: the order is defined on them, whatever a character looks like.
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A JSON string with every character outside printable ASCII written as \uXXXX (lower-case hex). */
function asciiString(text: string): string {
  // Like RFC 8785, refuse what is no Unicode text: a lone surrogate has no UTF-8 form to sign.
  if (LONE_SURROGATE.test(text))
    throw new CanonicalizationError('cannot write the body: a string holds a lone surrogate');
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A JSON string as JSON.stringify writes it (raw text beyond ASCII), refusing what has no UTF-8 form. */
function rawString(text: string): string {
  if (LONE_SURROGATE.test(text))
    throw new CanonicalizationError('cannot write the body: a string holds a lone surrogate');
  return JSON.stringify(text);
}

function write(value: unknown, string: (text: string) => string): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return string(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CanonicalizationError('cannot write the body: a number is not finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => write(item, string)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Readonly<Record<string, unknown>>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort(codePointOrder)
      .map((key) => `${string(key)}:${write(record[key], string)}`);
    return `{${members.join(',')}}`;
  }
  throw new CanonicalizationError(`cannot write the body: a ${typeof value} is not a JSON value`);
}

/** How the sorted-compact form writes characters beyond printable ASCII: escaped as \uXXXX, or as they are. */
export type NonAsciiForm = 'escaped' | 'raw';

/**
 * Sorted keys, compact: keys in code point order at every level, no white space, numbers as ECMAScript writes them,
 * and every character outside printable ASCII escaped as \uXXXX (`escaped`, the default) or written as it is in UTF-8
 * (`raw`). It is what Python's `json.dumps(body, sort_keys=True, separators=(",", ":"))` writes, with
 * `ensure_ascii=False` for raw: the signing input of many services that do not use RFC 8785 (a profile's
 * `canonicalForm: "sorted-compact"` and `nonAscii`).
 */
export function sortedCompactJson(value: unknown, nonAscii: NonAsciiForm = 'escaped'): string {
  return write(value, nonAscii === 'raw' ? rawString : asciiString);
}
