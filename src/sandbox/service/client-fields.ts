import type { ClientFieldValue } from '../../../generated/common/definitions.gen.js';
import type { ClientField } from '../../../generated/other-operations/payment-methods.response.gen.js';
import { ApiError } from '../api/api-error.js';

/**
 * clientFieldsValues are "those received within the payment method" (§4.2): every key a field of the method, each
 * at most once, every required field present, every value matching the field's pattern.
 */
export function assertClientFields(
  methodId: string,
  fields: readonly ClientField[],
  values: readonly ClientFieldValue[],
  checkPatterns = true,
): void {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const seen = new Set<string>();
  for (const { key, value } of values) {
    const field = byId.get(key);
    if (field === undefined)
      throw ApiError.invalid(`clientFieldsValues: "${key}" is not a field of payment method ${methodId}`);
    if (seen.has(key)) throw ApiError.invalid(`clientFieldsValues: "${key}" is given twice`);
    seen.add(key);
    if (checkPatterns && field.pattern !== undefined && !new RegExp(field.pattern).test(value)) {
      throw ApiError.invalid(`clientFieldsValues: "${key}" does not match ${field.pattern}`);
    }
  }
  const missing = fields.filter((f) => f.required && !seen.has(f.id)).map((f) => f.id);
  if (missing.length > 0)
    throw ApiError.invalid(`clientFieldsValues: required field(s) missing: ${missing.join(', ')}`);
}
