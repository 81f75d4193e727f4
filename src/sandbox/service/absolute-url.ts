import { ApiError } from '../api/api-error.js';

/** The sandbox refuses URLs it could never use (a merchant learns it here rather than in production). */
export function assertHttpUrl(member: string, value: string | undefined): void {
  if (value === undefined) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ApiError.invalid(`${member} must be an absolute http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw ApiError.invalid(`${member} must be an absolute http or https URL`);
  }
}
