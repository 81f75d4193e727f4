import type { FailedCode } from '../../../../generated/common/definitions.gen.js';
import type { MagicSetting, Outcomes } from '../../../../generated/profile/profile.gen.js';
import type { MagicOutcome } from '../../domain/magic-amounts.js';
import { type FieldKind, keyIn, MAGIC_FIELD_KINDS } from './draw-fields.js';
import type { Prng } from './prng.js';

/**
 * How payments of the random flavour settle by themselves, as a provider's sandbox documents it for black-box use
 * (§3.1 shows no transition out of PENDING; the profile's outcomes.magicValues and plainPayments state it): magic
 * values of one kind (amount cents, a merchantUserId or a client field's value), each leading to an outcome or a
 * flip, one of them a hold that keeps a payment PENDING; and what a payment without one does.
 */
export type MagicKind = 'amountCents' | 'merchantUserId' | 'clientField';

export interface MagicEntry {
  readonly set: MagicSetting;
  /** Undefined: the hold. */
  readonly outcome: MagicOutcome | undefined;
}

export interface MagicDraw {
  readonly kind: MagicKind;
  /** For clientField: the field every method of the flavour has, and its key in the provider's case. */
  readonly field: { readonly kind: FieldKind; readonly key: string } | undefined;
  readonly entries: readonly MagicEntry[];
  readonly settleMs: number;
  readonly flipMs: number;
}

export type PlainDraw = Exclude<Outcomes['plainPayments'], undefined>;

const FAILED_CODES: readonly FailedCode[] = [
  'INCORRECT_AMOUNT',
  'NO_AMOUNT',
  'INCORRECT_FIELDS',
  'RECIPIENT_LIMIT',
  'ANOTHER_REASON',
];

/** The outcomes the magic values lead to, with the words a merchantUserId value is made of. */
function drawOutcomes(prng: Prng): { readonly words: string; readonly outcome: MagicOutcome | undefined }[] {
  const failures = FAILED_CODES.filter(() => prng.chance(0.75));
  if (failures.length === 0) failures.push(prng.pick(FAILED_CODES));
  const code = (c: FailedCode) => c.toLowerCase().replaceAll('_', '-');
  return [
    { words: prng.pick(['success', 'approve', 'ok']), outcome: { status: 'SUCCESS' } },
    ...failures.map((failedCode) => ({
      words: `fail-${code(failedCode)}`,
      outcome: { status: 'FAILED' as const, failedCode },
    })),
    ...(prng.chance(0.75) ? [{ words: 'review', outcome: { status: 'NEED_CHECK' as const } }] : []),
    {
      words: 'success-then-fail',
      outcome: { status: 'SUCCESS', flipsTo: { status: 'FAILED', failedCode: prng.pick(FAILED_CODES) } },
    },
    {
      words: 'fail-then-success',
      outcome: { status: 'FAILED', failedCode: prng.pick(FAILED_CODES), flipsTo: { status: 'SUCCESS' } },
    },
    { words: prng.pick(['hold', 'pending', 'wait']), outcome: undefined },
  ];
}

export function drawMagic(prng: Prng, keyStyle: 'camel' | 'snake'): MagicDraw {
  const kind = prng.pick<MagicKind>(['amountCents', 'merchantUserId', 'clientField']);
  const outcomes = drawOutcomes(prng);
  const fieldKind = prng.pick(MAGIC_FIELD_KINDS);
  const field = kind === 'clientField' ? { kind: fieldKind, key: keyIn(keyStyle, fieldKind.key) } : undefined;
  // Cents from 1 to 99: a whole amount (cents 0) is what every plain payment of the kit carries.
  const cents = prng.sample(
    Array.from({ length: 99 }, (_, n) => n + 1),
    outcomes.length,
  );
  const prefix = prng.pick(['magic', 'sim', 'test', 'qa-user']);
  const separator = prng.pick(['-', '_']);
  const fieldValues = new Set<string>();
  const entries = outcomes.map(({ words, outcome }, n): MagicEntry => {
    if (kind === 'amountCents') return { set: { amountCents: cents[n] ?? n + 1 }, outcome };
    if (kind === 'merchantUserId') {
      return { set: { merchantUserId: `${prefix}-${words}`.replaceAll('-', separator) }, outcome };
    }
    let value = fieldKind.sample(prng);
    while (fieldValues.has(value)) value = fieldKind.sample(prng);
    fieldValues.add(value);
    return { set: { clientField: { key: field?.key ?? fieldKind.key, value } }, outcome };
  });
  return { kind, field, entries, settleMs: prng.int(300, 1500), flipMs: prng.int(800, 3000) };
}

/** What a payment with no magic value does: waits for a driver, or settles by itself after a while. */
export function drawPlain(prng: Prng): PlainDraw {
  if (prng.chance(0.5)) return 'stay-pending';
  const status = prng.pick(['SUCCESS', 'FAILED', 'NEED_CHECK'] as const);
  const afterMs = prng.int(2_000, 8_000);
  return status === 'FAILED' ? { status, failedCode: prng.pick(FAILED_CODES), afterMs } : { status, afterMs };
}

/** The magic value a record carries, as the flavour reads it (the same kind as its entries). */
export function magicKeyOf(
  kind: MagicKind,
  record: {
    readonly amountMinor: number;
    readonly merchantUserId: string | undefined;
    readonly clientFieldsValues: readonly { key: string; value: string }[];
  },
  fieldKey: string | undefined,
): string | undefined {
  switch (kind) {
    case 'amountCents':
      return String(record.amountMinor % 100);
    case 'merchantUserId':
      return record.merchantUserId;
    case 'clientField':
      return record.clientFieldsValues.find((f) => f.key === fieldKey)?.value;
  }
}

/** The same key of a profile's magic setting. */
export function settingKey(set: MagicSetting): string {
  if ('amountCents' in set) return String(set.amountCents);
  if ('merchantUserId' in set) return set.merchantUserId;
  if ('clientField' in set) return set.clientField.value;
  // A kind the flavour does not draw (a merchantPaymentId prefix): its own key space.
  return `prefix:${set.merchantPaymentIdPrefix}`;
}
