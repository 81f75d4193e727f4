import type { CapturedAttempt, CheckedAttempt, PostbackCheck } from '../../generated/capture/definitions.gen.js';

/** Where an attempt evicted from memory is read back from (the evidence); undefined once no file holds it. */
export type Reload = (seq: number) => CapturedAttempt | undefined;

/** Bytes an attempt holds in memory: its base64 body and what surrounds it. */
const sizeOf = (attempt: CapturedAttempt): number => attempt.body.length + attempt.path.length + 1024;

/**
 * An attempt whose check runs the first time someone looks: recording and answering never wait for it. Evicted from
 * memory (MemoryBudget), it keeps its number, size and the id its body names, and is read back from the evidence
 * when looked at; one no file holds any more reads as dropped (a warning, never a finding against the target).
 */
export class Received {
  private attempt: CapturedAttempt | undefined;
  private checked: CheckedAttempt | undefined;
  private parsedId: string | undefined | null = null;
  readonly seq: number;
  readonly n: number;
  readonly token: string | null;
  readonly bytes: number;
  /** What stays known of it once it is gone from memory and from the evidence (never a made-up answer or time). */
  private readonly facts: Pick<CapturedAttempt, 'method' | 'bodyBytes' | 'receivedAt' | 'monoMs' | 'reply'>;

  constructor(
    attempt: CapturedAttempt,
    private readonly check: (attempt: CapturedAttempt) => PostbackCheck,
    private readonly reload: Reload | undefined,
  ) {
    this.attempt = attempt;
    this.seq = attempt.seq;
    this.n = attempt.n;
    this.token = attempt.token;
    this.bytes = sizeOf(attempt);
    const { method, bodyBytes, receivedAt, monoMs, reply } = attempt;
    this.facts = { method, bodyBytes, receivedAt, monoMs, reply };
  }

  /** The body's `id` member when the body is a JSON object with a string id (what a postback is about). */
  get id(): string | undefined {
    if (this.parsedId === null) this.parsedId = this.attempt === undefined ? undefined : idMemberOf(this.attempt.body);
    return this.parsedId ?? undefined;
  }

  get value(): CheckedAttempt {
    if (this.checked !== undefined) return this.checked;
    if (this.attempt !== undefined) {
      this.checked = { attempt: this.attempt, check: this.check(this.attempt) };
      return this.checked;
    }
    // Evicted: read back, checked, and not kept (memory stays bounded).
    const again = this.reload?.(this.seq);
    return again === undefined ? this.droppedView() : { attempt: again, check: this.check(again) };
  }

  /** Frees the body (its id read first, so lookups by id still find it); the bytes it held. */
  evict(): number {
    if (this.attempt === undefined) return 0;
    this.parsedId ??= idMemberOf(this.attempt.body);
    this.attempt = undefined;
    this.checked = undefined;
    return this.bytes;
  }

  private droppedView(): CheckedAttempt {
    return {
      attempt: {
        seq: this.seq,
        token: this.token,
        path: this.token === null ? '(not kept)' : `/pb/${this.token}`,
        n: this.n,
        headers: {},
        body: '',
        truncated: true,
        ...this.facts,
      },
      check: {
        kind: 'unknown',
        status: null,
        signature: 'not-checked',
        findings: [
          {
            rule: 'dropped',
            severity: 'warning',
            message: "dropped by the capture server's bounds (memory, then the evidence's size): not judged",
          },
        ],
      },
    };
  }
}

function idMemberOf(base64Body: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(base64Body, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const id = (value as Record<string, unknown>).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
