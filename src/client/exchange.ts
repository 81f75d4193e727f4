import type { OperationName } from '../contract/operations.js';

/** One request and its response, as evidence: what was sent, byte for byte, and what came back. */
export interface Exchange {
  readonly operation: OperationName;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    /** The body exactly as sent (UTF-8). */
    readonly body: string;
    readonly variant: string;
  };
  readonly status: number;
  /** Response headers, known secrets redacted (a target may reflect a credential). */
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The response body as text (UTF-8), cut at the size limit when `truncated`, known secrets redacted. */
  readonly text: string;
  /** The parsed body; undefined when it is not JSON (then jsonError says why). */
  readonly json: unknown;
  readonly jsonError: string | undefined;
  readonly truncated: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
}
