/**
 * Where a value is in the answer of a merchant's read-back (receiver.readBack): a JSON pointer (RFC 6901) with two
 * additions a shop's state needs. A segment may hold `{{member}}` placeholders filled from the postback the read is
 * about (`/balances/{{currency}}` for a wallet keyed by currency), and a segment `name=value` applied to an array picks
 * its first entry whose member `name` is `value` (`/accounts/currency={{currency}}/balanceMinor`). RFC 6901 gives an
 * array no member of that name, so the addition never changes what a plain pointer means.
 */

const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/** The pointer with the postback's members filled in, or the placeholder the postback does not carry. */
export function fillStatePointer(
  pointer: string,
  about: Readonly<Record<string, unknown>>,
): { readonly pointer: string } | { readonly missing: string } {
  let missing: string | undefined;
  const filled = pointer.replaceAll(PLACEHOLDER, (placeholder, name: string) => {
    const value = Object.hasOwn(about, name) ? about[name] : undefined;
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || text === '') {
      missing ??= placeholder;
      return placeholder;
    }
    // A value holding / or ~ is one segment still (RFC 6901 §3 escapes).
    return text.replaceAll('~', '~0').replaceAll('/', '~1');
  });
  return missing === undefined ? { pointer: filled } : { missing };
}

/** The value at a filled state pointer, or undefined when there is none. */
export function atStatePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      node = entryOf(node, key);
      continue;
    }
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** An array's entry by index (RFC 6901) or by `name=value` (its first entry whose member name is value). */
function entryOf(entries: readonly unknown[], key: string): unknown {
  if (/^(0|[1-9][0-9]*)$/.test(key)) return entries[Number(key)];
  const equals = key.indexOf('=');
  if (equals <= 0) return undefined;
  const name = key.slice(0, equals);
  const wanted = key.slice(equals + 1);
  return entries.find((entry) => {
    if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, name)) return false;
    const member = (entry as Record<string, unknown>)[name];
    return (typeof member === 'string' || typeof member === 'number') && String(member) === wanted;
  });
}
