import { ApiError } from './api-error.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/**
 * The first step of every operation (§7: 400 when the body "could not be parsed"): UTF-8, JSON, an object
 * (§4: "All bodies are JSON objects"). JSON.parse keeps `__proto__` as a plain member, so nothing is polluted.
 */
export function parseJsonObject(bytes: Buffer, nonUtf8: 'refused' | 'replaced' = 'refused'): Record<string, unknown> {
  let text: string;
  try {
    // Bad bytes refused, or replaced with U+FFFD and judged as that text (conventions.nonUtf8Bodies).
    text = nonUtf8 === 'replaced' ? lenient.decode(bytes) : utf8.decode(bytes);
  } catch {
    throw ApiError.badRequest('the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof RangeError ? 'it is nested too deeply' : (error as Error).message;
    throw ApiError.badRequest(`the body is not valid JSON: ${reason}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ApiError.badRequest('the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
