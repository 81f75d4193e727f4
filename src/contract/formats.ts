import type { Format } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Conventions } from '../../generated/profile/profile.gen.js';

export type CreatedAtFormat = Conventions['createdAtFormat'];

const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** RFC 3339 date-time with a calendar check (2026-02-30 is rejected), from ajv-formats' full mode. */
function isRfc3339DateTime(value: string): boolean {
  const format = fullFormats['date-time'];
  if (typeof format === 'object' && 'validate' in format && typeof format.validate === 'function') {
    return (format.validate as (text: string) => boolean)(value);
  }
  throw new Error('ajv-formats no longer exposes a date-time validator');
}

/** ISO 8601 UTC with milliseconds and Z, as the payment postback states it (§2.5). */
export function isUtcMillisTimestamp(value: string): boolean {
  return UTC_MILLIS.test(value) && isRfc3339DateTime(value);
}

/**
 * The `record-timestamp` format of createdAt/updatedAt in payment and complaint records: their format is not
 * shown (§2.1, §2.4), so the profile's conventions.createdAtFormat decides. A profile that states none gets the
 * interface's own word, a string, which the schema's type already checks.
 */
export function recordTimestampFormat(createdAtFormat: CreatedAtFormat): Format {
  return { type: 'string', validate: (value: string) => isRecordTimestamp(value, createdAtFormat) };
}

/** Whether a record's createdAt/updatedAt has the profile's format. */
export function isRecordTimestamp(value: string, createdAtFormat: CreatedAtFormat): boolean {
  if (createdAtFormat === undefined) return true;
  return createdAtFormat === 'iso8601-utc-millis' ? isUtcMillisTimestamp(value) : isRfc3339DateTime(value);
}

/**
 * The `amount-total` format of amounts[].total in the list (§2.2 types it bigint and calls it a "Sum of amounts per
 * currency"): an integer, the sum in minor units; where the profile says the sum is in major units
 * (conventions.amountTotalsUnit major), any number, for a sum of decimal amounts is one.
 */
export function amountTotalFormat(unit: Conventions['amountTotalsUnit']): Format {
  return {
    type: 'number',
    validate: (value: number) => (unit === 'major' ? Number.isFinite(value) : Number.isInteger(value)),
  };
}
