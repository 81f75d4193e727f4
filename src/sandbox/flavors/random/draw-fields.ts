import type { Prng } from './prng.js';

/**
 * The client fields a random method may have (§2.1 shows only the name clientFields; a provider documents each
 * field's key, whether it is required and its format): a catalogue of realistic fields, each with its pattern and a
 * way to write a value that matches it. Keys are drawn in camelCase or snake_case, as one provider writes them all.
 */
export interface FieldKind {
  /** The key in camelCase; snake_case is derived. */
  readonly key: string;
  readonly name: string;
  readonly pattern?: string;
  readonly sample: (prng: Prng) => string;
}

const upper = (prng: Prng, length: number): string =>
  Array.from({ length }, () => String.fromCharCode(65 + prng.int(0, 25))).join('');

export const FIELD_KINDS: readonly FieldKind[] = [
  { key: 'phone', name: 'Phone', pattern: '^\\+[0-9]{10,14}$', sample: (p) => `+${p.digits(11)}` },
  {
    key: 'iban',
    name: 'IBAN',
    pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
    sample: (p) => `${upper(p, 2)}${p.digits(2)}${p.digits(18)}`,
  },
  { key: 'accountNumber', name: 'Account number', pattern: '^[0-9]{8,16}$', sample: (p) => p.digits(p.int(8, 16)) },
  { key: 'holderName', name: 'Account holder', sample: (p) => p.pick(['Ada Lovelace', 'Grace Hopper', 'Alan Kay']) },
  {
    key: 'email',
    name: 'E-mail',
    pattern: '^[a-z0-9._-]+@[a-z0-9-]+\\.[a-z]{2,}$',
    sample: (p) => `${p.token(8)}@example.com`,
  },
  { key: 'ifsc', name: 'IFSC', pattern: '^[A-Z]{4}0[A-Z0-9]{6}$', sample: (p) => `${upper(p, 4)}0${p.digits(6)}` },
  { key: 'nationalId', name: 'National id', pattern: '^[0-9]{12,13}$', sample: (p) => p.digits(13) },
  { key: 'walletId', name: 'Wallet', pattern: '^W[0-9]{9}$', sample: (p) => `W${p.digits(9)}` },
  {
    key: 'upiHandle',
    name: 'UPI handle',
    pattern: '^[a-z0-9.]{3,32}@[a-z]{3,12}$',
    sample: (p) => `${p.token(6)}@okbank`,
  },
  { key: 'city', name: 'City', pattern: '^[A-Za-z ]{2,40}$', sample: (p) => p.pick(['Almaty', 'Lahore', 'Lisbon']) },
];

/** The field that carries the flavour's magic client field values: every method has it (magic-rules). */
export const MAGIC_FIELD_KINDS: readonly FieldKind[] = [
  { key: 'testCard', name: 'Test card', pattern: '^[0-9]{16}$', sample: (p) => p.digits(16) },
  { key: 'payerReference', name: 'Payer reference', pattern: '^[0-9]{10,12}$', sample: (p) => p.digits(11) },
  { key: 'scenarioCode', name: 'Scenario code', pattern: '^[A-Z0-9]{6,10}$', sample: (p) => upper(p, 8) },
];

/** A key in the provider's case. */
export function keyIn(style: 'camel' | 'snake', key: string): string {
  return style === 'camel' ? key : key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
