/** The §7 codes that are exact; 400 and 500 carry free text instead. */
export type ErrorCode = 'NO_LOGIN' | 'NO_TOKEN' | 'NO_KEY' | 'UNAUTHORIZED' | 'ACCESS_DENIED' | 'NOT_FOUND';

/** An answer other than 200: its status and the `error` member of its body (§7). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** One of the exact codes (ErrorCode) for 401, 403 and 404; free text for 400 and 500. */
    readonly error: string,
    /** A well-formed body refused for its content: answered with the conventions' invalidBodyStatus (§7's 400). */
    readonly invalidContent = false,
  ) {
    super(`${status} ${error}`);
  }

  static badRequest(text: string): ApiError {
    return new ApiError(400, text);
  }

  /** A well-formed body that breaks its field table or the method's rules (conventions.invalidBodyStatus). */
  static invalid(text: string): ApiError {
    return new ApiError(400, text, true);
  }

  static notFound(): ApiError {
    return new ApiError(404, 'NOT_FOUND' satisfies ErrorCode);
  }
}
