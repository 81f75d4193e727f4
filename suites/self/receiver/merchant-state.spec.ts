/**
 * The merchant's state as a shop keeps it (receiver.readBack.payment): state pointers with the postback's placeholders
 * and array selectors, a wallet's balance per user and currency read in minor or major units, and the money each
 * shape shows judged against what the postbacks should have moved.
 */
import { expect, test } from '@playwright/test';
import { judgeMoney, moneyShapeOf, readBalance, readMoney } from '../../../src/receiver/merchant-state.js';
import { atStatePointer, fillStatePointer } from '../../../src/receiver/state-pointer.js';

const payment = { id: 'pay-1', merchantPaymentId: 'kit-1', merchantUserId: 'u/7~x', currency: 'EUR', amount: 10.5 };

const wallet = {
  merchantUserId: 'u/7~x',
  accounts: [
    { currency: 'USD', balanceMinor: 100 },
    { currency: 'EUR', balanceMinor: 2599 },
  ],
  balances: { EUR: 25.99 },
  ledger: [{ kind: 'credit' }, { kind: 'reversal' }, { kind: 'credit' }],
};

test('should fill a state pointer from the postback, escaping a value that holds / or ~ as one segment', () => {
  expect(fillStatePointer('/balances/{{currency}}', payment)).toEqual({ pointer: '/balances/EUR' });
  expect(fillStatePointer('/users/{{merchantUserId}}', payment)).toEqual({ pointer: '/users/u~17~0x' });
  expect(atStatePointer({ users: { 'u/7~x': 3 } }, '/users/u~17~0x')).toBe(3);
  expect(
    fillStatePointer('/b/{{merchantUserId}}/{{clientFieldsValues}}', { ...payment, clientFieldsValues: [] }),
  ).toEqual({ missing: '{{clientFieldsValues}}' });
});

test('should pick an array entry by index or by name=value, and find nothing where none matches', () => {
  expect(atStatePointer(wallet, '/accounts/currency=EUR/balanceMinor')).toBe(2599);
  expect(atStatePointer(wallet, '/accounts/1/balanceMinor')).toBe(2599);
  expect(atStatePointer(wallet, '/accounts/currency=INR/balanceMinor')).toBeUndefined();
  expect(atStatePointer(wallet, '/accounts/=EUR')).toBeUndefined();
  expect(atStatePointer(wallet, '/accounts/01')).toBeUndefined();
  // On an object, name=value is a member's name as RFC 6901 has it.
  expect(atStatePointer({ 'a=b': 1 }, '/a=b')).toBe(1);
});

test('should read a balance in minor or major units, absent as 0, and say why a balance of another type is unreadable', () => {
  const minor = moneyShapeOf({ balanceAt: '/accounts/currency={{currency}}/balanceMinor', unit: 'minor' }, undefined);
  const major = moneyShapeOf({ balanceAt: '/balances/{{currency}}', url: '/wallets/{{merchantUserId}}' }, undefined);
  expect(minor.kind === 'balance' && readBalance(wallet, minor, payment)).toBe(25.99);
  expect(major).toEqual({
    kind: 'balance',
    at: '/balances/{{currency}}',
    minor: false,
    url: '/wallets/{{merchantUserId}}',
  });
  expect(major.kind === 'balance' && readBalance(wallet, major, payment)).toBe(25.99);
  expect(major.kind === 'balance' && readBalance(wallet, major, { ...payment, currency: 'GBP' })).toBe(0);
  expect(major.kind === 'balance' && readBalance({ balances: { EUR: '25.99' } }, major, payment)).toEqual({
    unreadable: `the read-back's /balances/EUR is "25.99", not a number`,
  });
  expect(major.kind === 'balance' && readBalance(wallet, major, { id: 'p' })).toEqual({
    unreadable: 'the state pointer /balances/{{currency}} is keyed by {{currency}}, which this postback does not carry',
  });
});

test('should judge what a balance moved to the cent: once, nothing, reversed, twice', () => {
  expect(judgeMoney({ kind: 'balance', moved: 36.49 - 25.99 }, 'once', 10.5)).toEqual({ verdict: 'holds' });
  expect(judgeMoney({ kind: 'balance', moved: 0 }, 'reversed', 10.5)).toEqual({ verdict: 'holds' });
  expect(judgeMoney({ kind: 'balance', moved: 21 }, 'twice', 10.5)).toEqual({ verdict: 'holds' });
  expect(judgeMoney({ kind: 'balance', moved: 21 }, 'once', 10.5)).toEqual({
    verdict: 'fails',
    why: "expected credited once, the merchant's state shows the balance moved by 21",
  });
  expect(judgeMoney({ kind: 'balance', moved: -10.5 }, 'none', 10.5).verdict).toBe('fails');
});

test('should read every other shape through state pointers too', () => {
  const ledger = moneyShapeOf(
    { ledgerAt: '/ledger', kindAt: '/kind', credit: 'credit', reversal: 'reversal' },
    undefined,
  );
  expect(ledger.kind !== 'balance' && readMoney(wallet, ledger, payment)).toEqual({
    kind: 'ledger',
    credits: 2,
    reversals: 1,
  });
  const amount = moneyShapeOf({ amountAt: '/accounts/currency={{currency}}/balanceMinor', unit: 'minor' }, undefined);
  expect(amount.kind !== 'balance' && readMoney(wallet, amount, payment)).toEqual({ kind: 'amount', amount: 25.99 });
});
