/**
 * The merchant's state as the merchant keeps it (profile receiver.readBack): its own status words, and the money a
 * payment's postbacks moved shown as an amount, a count, a flag or a ledger. The checks ask what happened to the
 * money — nothing, applied once, reversed, applied again — and each shape answers what it can: a flag shows whether
 * a payment stands credited, never how often, so "applied again" is undecidable through it (NOT VERIFIED, naming
 * why), never a FAIL. Pure: the read-back's answer in, a judgement out.
 */
import type { MoneyEffect } from '../../generated/profile/profile.gen.js';
import { atStatePointer, fillStatePointer } from './state-pointer.js';

/** What the checks expect of the money after their postbacks. */
export type Effect = 'none' | 'once' | 'reversed' | 'twice';

export type MoneyShape =
  | { readonly kind: 'amount'; readonly at: string; readonly minor?: boolean }
  | { readonly kind: 'count'; readonly at: string }
  | { readonly kind: 'flag'; readonly at: string }
  | {
      readonly kind: 'ledger';
      readonly at: string;
      readonly kindAt: string;
      readonly credit: string;
      readonly reversal: string;
    }
  | {
      readonly kind: 'balance';
      readonly at: string;
      readonly minor?: boolean;
      /** Where the balance is read, when not at the payment's read-back URL. */
      readonly url?: string;
    };

/** The profile's money setting as a shape; an older profile's creditedAt (or nothing) is an amount. */
export function moneyShapeOf(money: MoneyEffect | undefined, creditedAt: string | undefined): MoneyShape {
  if (money === undefined) return { kind: 'amount', at: creditedAt ?? '/credited' };
  if ('amountAt' in money) return { kind: 'amount', at: money.amountAt, minor: money.unit === 'minor' };
  if ('countAt' in money) return { kind: 'count', at: money.countAt };
  if ('flagAt' in money) return { kind: 'flag', at: money.flagAt };
  if ('balanceAt' in money) {
    return {
      kind: 'balance',
      at: money.balanceAt,
      minor: money.unit === 'minor',
      ...(money.url === undefined ? {} : { url: money.url }),
    };
  }
  return { kind: 'ledger', at: money.ledgerAt, kindAt: money.kindAt, credit: money.credit, reversal: money.reversal };
}

/** What the merchant's state shows of the money, read through its shape. */
export type MoneyReading =
  | { readonly kind: 'amount'; readonly amount: number }
  | { readonly kind: 'count'; readonly count: number }
  | { readonly kind: 'flag'; readonly credited: boolean }
  | { readonly kind: 'ledger'; readonly credits: number; readonly reversals: number }
  /** What the payment's postbacks moved the balance of its user by, in its direction (a payout's debit positive). */
  | { readonly kind: 'balance'; readonly moved: number };

/** A balance as read, before it is compared with the one read before the payment's first postback. */
export function readBalance(
  answer: unknown,
  shape: Extract<MoneyShape, { kind: 'balance' }>,
  about: Readonly<Record<string, unknown>>,
): number | { readonly unreadable: string } {
  const filled = fillStatePointer(shape.at, about);
  if ('missing' in filled) return { unreadable: missingText(shape.at, filled.missing) };
  const value = atStatePointer(answer, filled.pointer);
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) return notA('number', filled.pointer, value);
  return shape.minor === true ? value / 100 : value;
}

function missingText(pointer: string, placeholder: string): string {
  return `the state pointer ${pointer} is keyed by ${placeholder}, which this postback does not carry`;
}

/**
 * Reads the money of a read-back's answer, its pointers filled from the postback it is about, or says why it cannot
 * (a member of another type). A balance is read by readBalance: its reading needs the balance before.
 */
export function readMoney(
  answer: unknown,
  shape: Exclude<MoneyShape, { kind: 'balance' }>,
  about: Readonly<Record<string, unknown>> = {},
): MoneyReading | { readonly unreadable: string } {
  const filled = fillStatePointer(shape.at, about);
  if ('missing' in filled) return { unreadable: missingText(shape.at, filled.missing) };
  const value = atStatePointer(answer, filled.pointer);
  const absent = value === undefined || value === null;
  switch (shape.kind) {
    case 'amount':
      if (absent) return { kind: 'amount', amount: 0 };
      if (typeof value !== 'number') return notA('number', shape.at, value);
      // Whole cents (unit minor) read as §2.5's amounts are written, for comparison with them.
      return { kind: 'amount', amount: shape.minor === true ? value / 100 : value };
    case 'count':
      if (absent) return { kind: 'count', count: 0 };
      return Number.isInteger(value)
        ? { kind: 'count', count: value as number }
        : notA('whole number', shape.at, value);
    case 'flag':
      if (absent) return { kind: 'flag', credited: false };
      return typeof value === 'boolean' ? { kind: 'flag', credited: value } : notA('boolean', shape.at, value);
    case 'ledger': {
      if (absent) return { kind: 'ledger', credits: 0, reversals: 0 };
      if (!Array.isArray(value)) return notA('array of entries', shape.at, value);
      const kinds = value.map((entry) => atStatePointer(entry, shape.kindAt));
      return {
        kind: 'ledger',
        credits: kinds.filter((k) => k === shape.credit).length,
        reversals: kinds.filter((k) => k === shape.reversal).length,
      };
    }
  }
}

function notA(what: string, at: string, value: unknown): { unreadable: string } {
  return { unreadable: `the read-back's ${at} is ${JSON.stringify(value)}, not a ${what}` };
}

/** The reading in a reader's words. */
export function moneyText(reading: MoneyReading): string {
  switch (reading.kind) {
    case 'amount':
      return `credited ${reading.amount}`;
    case 'count':
      return `${reading.count} credit(s) applied`;
    case 'flag':
      return reading.credited ? 'credited' : 'not credited';
    case 'ledger':
      return `${reading.credits} credit and ${reading.reversals} reversal entries`;
    case 'balance':
      return `the balance moved by ${reading.moved}`;
  }
}

const EFFECT_TEXT: Readonly<Record<Effect, string>> = {
  none: 'nothing credited',
  once: 'credited once',
  reversed: 'credited, then reversed',
  twice: 'credited twice',
};

export type MoneyJudgement =
  | { readonly verdict: 'holds' }
  | { readonly verdict: 'fails'; readonly why: string }
  | { readonly verdict: 'undecidable'; readonly why: string };

/**
 * Whether the money shows `expected` for a payment of `amount`. A count need not fall on a reversal (the status
 * shows it), but never shows a second credit where one was due; a flag cannot show how often a payment was credited.
 */
export function judgeMoney(reading: MoneyReading, expected: Effect, amount: number): MoneyJudgement {
  const holds = ((): boolean | undefined => {
    switch (reading.kind) {
      case 'amount':
        return sameMoney(reading.amount, { none: 0, once: amount, reversed: 0, twice: 2 * amount }[expected]);
      case 'balance':
        return sameMoney(reading.moved, { none: 0, once: amount, reversed: 0, twice: 2 * amount }[expected]);
      case 'count':
        if (expected === 'reversed') return reading.count === 0 || reading.count === 1;
        return reading.count === { none: 0, once: 1, twice: 2 }[expected];
      case 'flag':
        if (expected === 'twice') return undefined;
        return reading.credited === (expected === 'once');
      case 'ledger': {
        const wanted = { none: [0, 0], once: [1, 0], reversed: [1, 1], twice: [2, 0] }[expected];
        return reading.credits === wanted[0] && reading.reversals === wanted[1];
      }
    }
  })();
  if (holds === undefined) {
    return {
      verdict: 'undecidable',
      why: `the merchant's state keeps a flag (receiver.readBack.payment.money flagAt): it shows whether a payment stands credited, not whether it was credited ${EFFECT_TEXT[expected] === 'credited twice' ? 'twice' : 'more than once'}`,
    };
  }
  return holds
    ? { verdict: 'holds' }
    : { verdict: 'fails', why: `expected ${EFFECT_TEXT[expected]}, the merchant's state shows ${moneyText(reading)}` };
}

/** Money compared to the cent: a balance is a difference of two readings, and 0.1 + 0.2 is not 0.3 in binary. */
function sameMoney(shown: number, expected: number): boolean {
  return Math.abs(shown - expected) < 0.005;
}

/** A recorded status word read as the interface's, through the profile's statusWords. */
export function interfaceStatus(
  word: unknown,
  words: Readonly<Record<string, string | undefined>> | undefined,
): unknown {
  return typeof word === 'string' && words?.[word] !== undefined ? words[word] : word;
}
