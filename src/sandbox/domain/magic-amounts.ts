import type { FailedCode } from '../../../generated/common/definitions.gen.js';
import { centsOf } from './money.js';

/** What a magic amount makes of a payment, for black-box use without the control API (sandbox README). */
export interface MagicOutcome {
  readonly status: 'SUCCESS' | 'FAILED' | 'NEED_CHECK';
  readonly failedCode?: FailedCode;
  /** Re-evaluation later flips it (§3.1). */
  readonly flipsTo?: { readonly status: 'SUCCESS' | 'FAILED'; readonly failedCode?: FailedCode };
  /** When it applies, after creation, if not at the flavour's settle time (a plain payment that settles by itself). */
  readonly afterMs?: number;
}

/** Virtual milliseconds after creation at which a magic outcome applies, and after which a magic flip follows. */
export const MAGIC_OUTCOME_DELAY_MS = 1_000;
export const MAGIC_FLIP_DELAY_MS = 60_000;

/** By the cents of the amount, as payment sandboxes do with test cards. Any other amount stays PENDING. */
const MAGIC: ReadonlyMap<number, MagicOutcome> = new Map<number, MagicOutcome>([
  [10, { status: 'SUCCESS' }],
  [13, { status: 'FAILED', failedCode: 'INCORRECT_AMOUNT' }],
  [14, { status: 'FAILED', failedCode: 'NO_AMOUNT' }],
  [15, { status: 'FAILED', failedCode: 'INCORRECT_FIELDS' }],
  [16, { status: 'FAILED', failedCode: 'RECIPIENT_LIMIT' }],
  [17, { status: 'FAILED', failedCode: 'ANOTHER_REASON' }],
  [20, { status: 'NEED_CHECK' }],
  [21, { status: 'SUCCESS', flipsTo: { status: 'FAILED', failedCode: 'ANOTHER_REASON' } }],
  [22, { status: 'FAILED', failedCode: 'ANOTHER_REASON', flipsTo: { status: 'SUCCESS' } }],
]);

export function magicOutcome(amountMinor: number): MagicOutcome | undefined {
  return MAGIC.get(centsOf(amountMinor));
}

/** The table, for the README and the control API. */
export function magicAmountTable(): ReadonlyMap<number, MagicOutcome> {
  return MAGIC;
}
