import type { FailedCode } from '../../../generated/common/definitions.gen.js';
import {
  MAGIC_FLIP_DELAY_MS,
  MAGIC_OUTCOME_DELAY_MS,
  type MagicOutcome,
  magicOutcome,
} from '../domain/magic-amounts.js';
import type { PaymentRecord } from '../domain/payment-record.js';

/**
 * How a flavour's payments settle by themselves, as a provider's sandbox documents for black-box use: what a payment
 * carries that decides its outcome, how long after creation it shows, and how long until a flip.
 */
export interface MagicRules {
  outcomeOf(record: PaymentRecord): MagicOutcome | undefined;
  readonly settleMs: number;
  readonly flipMs: number;
  /** What the flavour's own background traffic sets to get an outcome (background-traffic.ts). */
  readonly backgroundSettings: readonly BackgroundSetting[];
}

/** What one background payment carries: nothing (a plain payment), or one magic value. */
export interface BackgroundSetting {
  readonly amountCents?: number;
  readonly merchantUserId?: string;
  readonly clientField?: { readonly key: string; readonly value: string };
}

/** The reference sandbox: the cents of the amount (sandbox README), on its clock. */
export const REFERENCE_MAGIC: MagicRules = {
  outcomeOf: (record) => magicOutcome(record.amountMinor),
  settleMs: MAGIC_OUTCOME_DELAY_MS,
  flipMs: MAGIC_FLIP_DELAY_MS,
  backgroundSettings: [{ amountCents: 10 }, { amountCents: 13 }, { amountCents: 20 }, { amountCents: 0 }],
};

const failed = (failedCode: FailedCode): MagicOutcome => ({ status: 'FAILED', failedCode });

/** The foreign flavour's: a merchantUserId it documents, quicker, on the wall clock. */
const FOREIGN_TABLE: ReadonlyMap<string, MagicOutcome> = new Map<string, MagicOutcome>([
  ['qa-settle-success', { status: 'SUCCESS' }],
  ['qa-settle-failed-incorrect-amount', failed('INCORRECT_AMOUNT')],
  ['qa-settle-failed-no-amount', failed('NO_AMOUNT')],
  ['qa-settle-failed-incorrect-fields', failed('INCORRECT_FIELDS')],
  ['qa-settle-failed-recipient-limit', failed('RECIPIENT_LIMIT')],
  ['qa-settle-failed-another-reason', failed('ANOTHER_REASON')],
  ['qa-settle-need-check', { status: 'NEED_CHECK' }],
  ['qa-success-then-failed', { status: 'SUCCESS', flipsTo: { status: 'FAILED', failedCode: 'INCORRECT_AMOUNT' } }],
  ['qa-failed-then-success', { status: 'FAILED', failedCode: 'NO_AMOUNT', flipsTo: { status: 'SUCCESS' } }],
]);

export const FOREIGN_MAGIC: MagicRules = {
  outcomeOf: (record) => (record.merchantUserId === undefined ? undefined : FOREIGN_TABLE.get(record.merchantUserId)),
  settleMs: 500,
  flipMs: 1_500,
  backgroundSettings: [
    { merchantUserId: 'qa-settle-success' },
    { merchantUserId: 'qa-settle-failed-another-reason' },
    { merchantUserId: 'qa-settle-need-check' },
    {},
  ],
};

/** The foreign table, for its profile and README. */
export function foreignMagicTable(): ReadonlyMap<string, MagicOutcome> {
  return FOREIGN_TABLE;
}
