import type { ClientFieldValue, PaymentType } from '../../../../generated/common/definitions.gen.js';
import type { PaymentCreationInfo } from '../../../../generated/payments/create-payment.response.gen.js';
import type { Merchant as MerchantSettings, MethodFixture } from '../../../../generated/profile/profile.gen.js';
import type { SandboxMethod } from '../../config/payment-methods.js';
import { FIELD_KINDS, type FieldKind, keyIn } from './draw-fields.js';
import type { MagicDraw } from './draw-outcomes.js';
import { nonEmpty, type Prng } from './prng.js';

/**
 * The random flavour's payment methods (§2.1, §4.7): 2 to 4 the merchant uses — a PAY_IN, a PAY_OUT and a PAY_IN on
 * an external payment system (§2.3; the PAY_IN itself where there are 2), and maybe one that needs an SMS
 * confirmation, an attachment, or a second payout — and maybe a PAY_IN and a PAY_OUT it has no access to (403). Each
 * with its own id, account, currency, amount bounds and client fields (patterns, some optional), described in the
 * profile as a merchant's documentation would (MethodFixture).
 */
export type Role = keyof MerchantSettings['paymentMethods'];

export interface MethodsDraw {
  readonly methods: readonly SandboxMethod[];
  readonly fixtures: MerchantSettings['paymentMethods'];
  /** Whether a role needs the operation: SMS confirmation, media upload. */
  readonly needs: { readonly smsConfirm: boolean; readonly mediaUpload: boolean };
}

const CURRENCIES = ['USD', 'EUR', 'INR', 'BDT', 'PKR', 'KZT', 'GBP', 'BRL', 'MXN', 'TRY'];
const IN_WORDS = ['card', 'upi', 'sepa', 'wallet', 'bank', 'qr', 'easypaisa', 'kaspi', 'bkash', 'pix'];
const OUT_WORDS = ['bank', 'wire', 'wallet', 'imps', 'faster', 'payout'];

interface Shape {
  readonly role: Role;
  readonly type: PaymentType;
  readonly external: boolean;
  readonly sms: boolean;
  readonly attachment: boolean;
}

function shapes(prng: Prng): Shape[] {
  const plain = (role: Role, type: PaymentType): Shape => ({
    role,
    type,
    external: false,
    sms: false,
    attachment: false,
  });
  const count = prng.int(2, 4);
  if (count === 2) return [{ ...plain('payIn', 'PAY_IN'), external: true }, plain('payOut', 'PAY_OUT')];
  const out: Shape[] = [plain('payIn', 'PAY_IN'), { ...plain('external', 'PAY_IN'), external: true }];
  out.push(plain('payOut', 'PAY_OUT'));
  if (count === 4) {
    const extra = prng.pick(['sms', 'attachment', 'payout'] as const);
    if (extra === 'sms') out.push({ ...plain('smsRequired', 'PAY_IN'), sms: true });
    else if (extra === 'attachment') out.push({ ...plain('attachmentRequired', 'PAY_IN'), attachment: true });
    // A second payout of the merchant's: the profile names the later one as payOut, the first is listed only.
    else out.push(plain('payOut', 'PAY_OUT'));
  }
  if (prng.chance(0.5)) out.push(plain('forbidden', 'PAY_IN'));
  if (prng.chance(0.5)) out.push(plain('forbiddenPayOut', 'PAY_OUT'));
  return out;
}

function infoOf(prng: Prng, shape: Shape, id: string): PaymentCreationInfo {
  if (shape.sms) return { isSMSRequired: true, instruction: 'Confirm with the code sent by SMS (test code: 123456)' };
  if (!shape.external) {
    return { isSMSRequired: false, instruction: prng.chance(0.5) ? null : `Pay with ${id} as the page shows` };
  }
  const withDeepLink = prng.chance(0.6);
  const scheme = prng.pick(['payapp', 'wallet', 'bankapp']);
  return {
    isSMSRequired: false,
    instruction: null,
    withDeepLink,
    showQR: prng.chance(0.6),
    deepLink: withDeepLink
      ? { app_a: `${scheme}-a://pay?payment={paymentId}`, app_b: null, app_c: `${scheme}-c://pay/{paymentId}` }
      : null,
  };
}

function amountBounds(prng: Prng, safetyMax: number): { minAmount: number; maxAmount: number; amount: number } {
  const minAmount = prng.chance(0.5) ? prng.pick([0.5, 1, 2.5, 5, 10, 25, 50, 100]) : prng.int(50, 10_000) / 100;
  const maxAmount = prng.pick([1_000, 2_500, 10_000, 50_000, 250_000, 1_000_000, 5_000_000]);
  const low = Math.ceil(minAmount) + 1;
  const high = Math.min(safetyMax - 1, maxAmount - 1, low + 500);
  return { minAmount, maxAmount, amount: prng.int(low, Math.max(low, high)) };
}

interface DrawnField {
  readonly key: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  readonly value: string;
  readonly sent: boolean;
}

function fieldsOf(prng: Prng, keyStyle: 'camel' | 'snake', magic: MagicDraw): DrawnField[] {
  const reserved = new Set(magic.entries.map((e) => ('clientField' in e.set ? e.set.clientField.value : '')));
  const drawn = prng.sample(FIELD_KINDS, prng.int(1, 3)).map((kind): DrawnField => {
    const required = prng.chance(0.7);
    return {
      key: keyIn(keyStyle, kind.key),
      kind,
      required,
      value: kind.sample(prng),
      sent: required || prng.chance(0.5),
    };
  });
  if (magic.field !== undefined) {
    let value = magic.field.kind.sample(prng);
    while (reserved.has(value)) value = magic.field.kind.sample(prng);
    const required = prng.chance(0.5);
    drawn.push({ key: magic.field.key, kind: magic.field.kind, required, value, sent: required || prng.chance(0.5) });
  }
  const first = drawn[0];
  if (!drawn.some((f) => f.sent) && first !== undefined) drawn[0] = { ...first, sent: true };
  return drawn;
}

function idOf(prng: Prng, style: string, shape: Shape, taken: Set<string>): string {
  for (;;) {
    const word = prng.pick(shape.type === 'PAY_IN' ? IN_WORDS : OUT_WORDS);
    const dir = shape.type === 'PAY_IN' ? 'in' : 'out';
    const id =
      style === 'kebab'
        ? `${word}-${dir}-${prng.token(3)}`
        : style === 'snake'
          ? `${word}_${dir === 'in' ? 'payin' : 'payout'}_${prng.int(1, 99)}`
          : `PM${prng.digits(5)}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

export function drawMethods(prng: Prng, keyStyle: 'camel' | 'snake', magic: MagicDraw, safetyMax: number): MethodsDraw {
  const idStyle = prng.pick(['kebab', 'snake', 'code']);
  const ids = new Set<string>();
  const accounts = new Set<number>();
  const methods: SandboxMethod[] = [];
  const fixtures: Partial<Record<Role, MethodFixture>> = {};
  for (const shape of shapes(prng)) {
    const id = idOf(prng, idStyle, shape, ids);
    let accountId = prng.int(1_000, 99_999);
    while (accounts.has(accountId)) accountId = prng.int(1_000, 99_999);
    accounts.add(accountId);
    const currencyCode = prng.pick(CURRENCIES);
    const fields = fieldsOf(prng, keyStyle, magic);
    const bounds = amountBounds(prng, safetyMax);
    const values: ClientFieldValue[] = fields.filter((f) => f.sent).map((f) => ({ key: f.key, value: f.value }));
    methods.push({
      method: {
        id,
        name: `${id} (random sandbox)`,
        type: shape.type,
        accountId,
        currencyCode,
        isAttachmentRequired: shape.attachment,
        isExternal: shape.external,
        clientFields: fields.map((f) => ({
          id: f.key,
          name: f.kind.name,
          required: f.required,
          ...(f.kind.pattern === undefined ? {} : { pattern: f.kind.pattern }),
        })),
      },
      info: infoOf(prng, shape, id),
      minAmount: bounds.minAmount,
      maxAmount: bounds.maxAmount,
      sampleValues: values,
    });
    // A role named twice (a second payout) keeps the later one in the profile; both are the merchant's.
    fixtures[shape.role] = {
      id,
      type: shape.type,
      accountId,
      currencyCode,
      clientFieldsValues: values,
      ...bounds,
      clientFields: nonEmpty(
        fields.map((f) => ({
          key: f.key,
          required: f.required,
          ...(f.kind.pattern === undefined ? {} : { pattern: f.kind.pattern }),
        })),
      ),
      ...(shape.external || prng.chance(0.3) ? { external: shape.external } : {}),
    };
  }
  const { payIn } = fixtures;
  if (payIn === undefined) throw new Error('the random flavour drew no PAY_IN method');
  return {
    methods,
    fixtures: { ...fixtures, payIn },
    needs: { smsConfirm: fixtures.smsRequired !== undefined, mediaUpload: fixtures.attachmentRequired !== undefined },
  };
}
