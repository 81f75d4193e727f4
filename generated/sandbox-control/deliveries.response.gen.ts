/* eslint-disable */
/**
 * Generated from schemas/sandbox-control/deliveries.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * UTC timestamp, ISO 8601 with milliseconds and Z, e.g. 2026-01-31T12:00:00.000Z (§2.5).
 */
export type UtcMillisTimestamp = string;
/**
 * This interface was referenced by `DeliveriesResponse`'s JSON-Schema
 * via the `definition` "DeliveryAttempt".
 */
export type DeliveryAttempt = DeliveryAttempt1 & DeliveryAttempt2;
export type DeliveryAttempt1 = AnsweredAttempt | FailedAttempt;

/**
 * Control API: the delivery log: every postback and every attempt.
 */
export interface DeliveriesResponse {
  deliveries: Delivery[];
}
/**
 * This interface was referenced by `DeliveriesResponse`'s JSON-Schema
 * via the `definition` "Delivery".
 */
export interface Delivery {
  id: string;
  kind: 'payment' | 'complaint';
  subjectId: string;
  /**
   * Where the postback goes; null when there is nowhere (no postBackUrl and no registered URL)
   */
  url: string | null;
  state: 'pending' | 'delivered' | 'gave-up' | 'superseded' | 'dropped' | 'undeliverable';
  /**
   * The exact bytes every attempt sends (UTF-8)
   */
  body: string;
  nextAttemptAt?: UtcMillisTimestamp | null;
  attempts: DeliveryAttempt[];
}
export interface AnsweredAttempt {
  status: unknown;
}
export interface FailedAttempt {
  error: unknown;
}
export interface DeliveryAttempt2 {
  n: number;
  at: UtcMillisTimestamp;
  url: string;
  /**
   * HTTP status the receiver answered
   */
  status?: number;
  /**
   * Why no status: timeout, reset, refused, not allowed…
   */
  error?: string;
  durationMs: number;
  requestBytes: number;
  responseBytes?: number;
}
