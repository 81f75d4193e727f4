/** What a bound dropped, in all and by endpoint (the report shows the largest few: a flood has one or two). */
export interface DroppedSummary {
  readonly attempts: number;
  readonly bytes: number;
  /** By endpoint token (`null`: paths no endpoint has), most attempts first, at most TOP_ENDPOINTS of them. */
  readonly byEndpoint: readonly { readonly token: string | null; readonly attempts: number; readonly bytes: number }[];
}

const TOP_ENDPOINTS = 20;

/** Attempts and bytes counted by endpoint token. */
export class DroppedTally {
  private readonly byToken = new Map<string | null, { attempts: number; bytes: number }>();

  add(token: string | null, bytes: number, attempts = 1): void {
    const entry = this.byToken.get(token) ?? { attempts: 0, bytes: 0 };
    entry.attempts += attempts;
    entry.bytes += bytes;
    this.byToken.set(token, entry);
  }

  merge(other: DroppedTally): void {
    for (const [token, entry] of other.byToken) this.add(token, entry.bytes, entry.attempts);
  }

  summary(): DroppedSummary {
    const entries = [...this.byToken].map(([token, entry]) => ({ token, ...entry }));
    return {
      attempts: entries.reduce((sum, e) => sum + e.attempts, 0),
      bytes: entries.reduce((sum, e) => sum + e.bytes, 0),
      byEndpoint: entries.sort((a, b) => b.attempts - a.attempts).slice(0, TOP_ENDPOINTS),
    };
  }
}
