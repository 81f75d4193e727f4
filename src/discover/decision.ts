/**
 * What `npm run discover` decides about one open point of the interface: the value it proposes for the profile, or
 * that its probe was inconclusive (it never guesses), with the exchanges that led there as evidence.
 */
import type { Exchange } from '../client/exchange.js';

/** One request and its answer, cut to what a reader needs. Secrets never reach it (the client redacts answers). */
export interface EvidenceExcerpt {
  readonly request: string;
  readonly status: number;
  readonly response: string;
}

export interface Decision {
  /** The profile key it decides: a convention (conventions.pageSize) or a signing setting (signing.canonicalForm). */
  readonly key: string;
  /** The value proposed; undefined when the probe was inconclusive. */
  readonly value?: unknown;
  /** Why this value, or why none. */
  readonly why: string;
  /**
   * Seen in part, not proposed: a setting a discovery can only partly watch (the start of a retry schedule). Counted
   * apart from the inconclusive ones: it never could be decided, and says what was seen for the reader to state it.
   */
  readonly observed?: true;
  readonly evidence: readonly EvidenceExcerpt[];
}

const EXCERPT_CHARS = 400;

export function excerptOf(exchange: Exchange): EvidenceExcerpt {
  const { method, url, body, variant } = exchange.request;
  const path = new URL(url).pathname;
  return {
    request: `${method} ${path} (${variant}) ${cut(body)}`,
    status: exchange.status,
    response: cut(exchange.text),
  };
}

function cut(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}… (${text.length} chars)`;
}

/** The §7 error code of an answer, if it has one. */
export function errorCodeOf(exchange: Exchange): string | undefined {
  const json = exchange.json;
  if (typeof json !== 'object' || json === null) return undefined;
  const { error } = json as { error?: unknown };
  return typeof error === 'string' ? error : undefined;
}

/**
 * An answer that refuses a body as invalid: 400 as §7's table has it, or 422 where the provider's convention says so
 * (conventions.invalidBodyStatus). The probes that look for a refusal accept either, and the proposal names which.
 */
export function refusesBody(exchange: Exchange): boolean {
  return exchange.status === 400 || exchange.status === 422;
}

export function proposed(key: string, value: unknown, why: string, evidence: readonly Exchange[]): Decision {
  return { key, value, why, evidence: evidence.map(excerptOf) };
}

export function inconclusive(key: string, why: string, evidence: readonly Exchange[]): Decision {
  return { key, why, evidence: evidence.map(excerptOf) };
}
