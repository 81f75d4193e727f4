/**
 * How much a sandbox keeps (issue 33: a long-running sandbox, or a client that floods it, must not exhaust the
 * machine's memory). Past a bound the oldest go, as a retention window would drop them on a real service: a lookup of
 * one answers 404, a fromId naming one is an unknown fromId (the profile's convention). A certification stays far
 * below each (the embedded sandbox sees a few thousand payments a run).
 */
export const SANDBOX_LIMITS = {
  /** Payments kept; 100,000 fit well under 200 MB (sandbox benchmark). */
  payments: 200_000,
  /** Complaints kept. */
  complaints: 50_000,
  /** Bytes of uploaded images kept, all together. */
  mediaBytes: 64 * 1024 * 1024,
  /** Finished postback deliveries kept in the control API's log (pending ones are always kept). */
  deliveries: 20_000,
} as const;
