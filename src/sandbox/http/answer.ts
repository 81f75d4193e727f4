/** What the sandbox answers a request with. */
export interface Answer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A value is sent as JSON; a Buffer or string as it is. */
  readonly json?: unknown;
  readonly raw?: Buffer | string;
}

export function jsonAnswer(status: number, json: unknown): Answer {
  return { status, json };
}
