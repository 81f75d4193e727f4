import type { ClientFieldValue } from '../../../generated/common/definitions.gen.js';

/**
 * How a flavour writes what the interface leaves to it in payment and complaint records (not in postbacks, whose
 * createdAt §2.5 shows with milliseconds and Z):
 *
 * - `createdAt`: the form of createdAt and updatedAt (§2.1, §2.4 do not show one; conventions.createdAtFormat
 *   `iso8601` allows any RFC 3339 date-time): `millis-z` 2026-01-31T12:00:00.000Z (the sandbox's own), `micros-z`
 *   2026-01-31T12:00:00.000000Z, `offset` 2026-01-31T12:00:00.000+00:00.
 * - `clientFieldsOrder`: the order of clientFieldsValues in records (§2.1: "as sent by the merchant at creation"
 *   names the values, not their order): `as-sent`, or `method`, the order of the method's clientFields.
 */
export interface RecordStyle {
  readonly createdAt: 'millis-z' | 'micros-z' | 'offset';
  readonly clientFieldsOrder: 'as-sent' | 'method';
}

export const SANDBOX_RECORD_STYLE: RecordStyle = { createdAt: 'millis-z', clientFieldsOrder: 'as-sent' };

/** An instant as the style writes it in records. The sandbox keeps milliseconds: microseconds are 000 past them. */
export function recordTime(ms: number, style: RecordStyle = SANDBOX_RECORD_STYLE): string {
  const iso = new Date(ms).toISOString();
  switch (style.createdAt) {
    case 'millis-z':
      return iso;
    case 'micros-z':
      return iso.replace(/Z$/, '000Z');
    case 'offset':
      return iso.replace(/Z$/, '+00:00');
  }
}

/** The values in the order the style stores them: as the merchant sent them, or by the method's fields. */
export function storedFieldOrder(
  values: readonly ClientFieldValue[],
  fields: readonly { readonly id: string }[],
  style: RecordStyle = SANDBOX_RECORD_STYLE,
): ClientFieldValue[] {
  const copy = values.map((f) => ({ key: f.key, value: f.value }));
  if (style.clientFieldsOrder === 'as-sent') return copy;
  const rank = (key: string) => {
    const index = fields.findIndex((field) => field.id === key);
    return index === -1 ? fields.length : index;
  };
  return copy.sort((a, b) => rank(a.key) - rank(b.key));
}
