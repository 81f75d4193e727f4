import type { MagicOutcome } from '../../domain/magic-amounts.js';
import type { BackgroundSetting, MagicRules } from '../magic-rules.js';
import { type MagicDraw, magicKeyOf, type PlainDraw, settingKey } from './draw-outcomes.js';

/**
 * The random flavour's magic rules (magic-rules.ts), as its profile states them: a payment carrying one of its magic
 * values goes where the value says settleMs after creation (and flips flipMs later); one carrying the hold stays
 * PENDING; any other does what plain payments do (§3.1 shows no transition out of PENDING: stay there, or settle by
 * themselves after a while).
 */
export function randomMagicRules(draw: MagicDraw, plain: PlainDraw): MagicRules {
  const table = new Map<string, MagicOutcome | 'hold'>(
    draw.entries.map((entry) => [settingKey(entry.set), entry.outcome ?? 'hold']),
  );
  const plainOutcome: MagicOutcome | undefined =
    plain === 'stay-pending'
      ? undefined
      : {
          status: plain.status,
          ...(plain.failedCode === undefined ? {} : { failedCode: plain.failedCode }),
          afterMs: plain.afterMs,
        };
  const background = (outcome: MagicOutcome | undefined): BackgroundSetting | undefined => {
    const entry = draw.entries.find((e) => e.outcome?.status === outcome?.status && e.outcome?.flipsTo === undefined);
    if (entry === undefined) return undefined;
    const { set } = entry;
    if ('amountCents' in set) return { amountCents: set.amountCents };
    if ('merchantUserId' in set) return { merchantUserId: set.merchantUserId };
    return 'clientField' in set ? { clientField: set.clientField } : undefined;
  };
  return {
    outcomeOf: (record) => {
      const key = magicKeyOf(draw.kind, record, draw.field?.key);
      const found = key === undefined ? undefined : table.get(key);
      if (found === 'hold') return undefined;
      return found ?? plainOutcome;
    },
    settleMs: draw.settleMs,
    flipMs: draw.flipMs,
    // Another client of the merchant: mostly magic payments that settle while the kit reads, some plain ones.
    backgroundSettings: [
      background({ status: 'SUCCESS' }),
      background({ status: 'FAILED' }),
      background({ status: 'NEED_CHECK' }),
      {},
    ].filter((setting): setting is BackgroundSetting => setting !== undefined),
  };
}
