import type { CheckedAttempt } from '../../generated/capture/definitions.gen.js';
import type { PostbackCheckOptions } from './postback-check.js';

/** How a capture server runs (CaptureServer.start); its bounds' defaults are CAPTURE_LIMITS (capture-limits.ts). */
export interface CaptureServerOptions {
  /** Listen host; default 127.0.0.1. */
  readonly host?: string;
  /** Listen port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The base URL the target is told to post to, when it reaches the kit through a tunnel or a proxy. */
  readonly publicUrl?: string;
  /** JSONL evidence, appended before each attempt is answered; none when absent. */
  readonly evidenceFile?: string;
  /** Keep the evidence file's endpoints and attempts (a restart) instead of starting it anew. */
  readonly resume?: boolean;
  /** Schemas and the pinned service key: without them attempts are recorded, and checked for bytes only. */
  readonly checks?: Partial<PostbackCheckOptions>;
  /** Bytes of a body kept; a longer one is answered 413 and recorded with its size (CAPTURE_LIMITS). */
  readonly maxBodyBytes?: number;
  /** Bytes of attempts all endpoints keep in memory; past it the oldest go, read back from the evidence. */
  readonly memoryBytes?: number;
  /** Attempts remembered at all; past it the oldest evicted ones are forgotten (still in the evidence). */
  readonly entries?: number;
  /** Bytes the evidence files hold at most (evidence-log.ts: the first and the latest attempts kept). */
  readonly evidenceBytes?: number;
  /** The longest a `hang` reply holds a connection; default 60 s. */
  readonly maxHangMs?: number;
  /** Enables the capture API under /__capture/v1 for other processes (Playwright workers), with this bearer token. */
  readonly apiToken?: string;
  readonly log?: (line: string) => void;
  /** Sees every attempt once it is recorded and checked (the command line prints them). */
  readonly onAttempt?: (attempt: CheckedAttempt) => void;
}
