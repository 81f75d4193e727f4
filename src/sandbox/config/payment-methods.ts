import type { ClientFieldValue } from '../../../generated/common/definitions.gen.js';
import type { PaymentMethod } from '../../../generated/other-operations/payment-methods.response.gen.js';
import type { PaymentCreationInfo } from '../../../generated/payments/create-payment.response.gen.js';

/** A payment method of the sandbox: its record (§2.1 names, §4.7) and the `info` its creations answer (§2.3). */
export interface SandboxMethod {
  readonly method: PaymentMethod;
  /** `{paymentId}` in a deep link is replaced by the payment's id. */
  readonly info: PaymentCreationInfo;
  /**
   * The least and the largest amount the method takes, in major units (§8 shows no bounds; a provider's method has
   * them): outside them a creation is refused as an invalid body. Absent: the sandbox's own amount rules alone.
   */
  readonly minAmount?: number;
  readonly maxAmount?: number;
  /** Values that pass its client fields, for the flavour's own background traffic (default: the sandbox's samples). */
  readonly sampleValues?: readonly ClientFieldValue[];
}

/**
 * The sandbox's payment methods. profiles/sandbox.json names them in merchant.paymentMethods; one of them is the
 * merchant's `forbidden` method (403 ACCESS_DENIED, §5.5).
 */
export const SANDBOX_METHODS: readonly SandboxMethod[] = [
  {
    method: {
      id: 'sbx-card-in',
      name: 'Card (sandbox)',
      type: 'PAY_IN',
      accountId: 4101,
      currencyCode: 'USD',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [
        { id: 'cardholder', name: 'Cardholder name', required: true },
        { id: 'cardLast4', name: 'Last four digits', required: true, pattern: '^[0-9]{4}$' },
      ],
    },
    info: { isSMSRequired: false, instruction: null, withDeepLink: false, showQR: false, deepLink: null },
  },
  {
    method: {
      id: 'sbx-bank-out',
      name: 'Bank transfer payout (sandbox)',
      type: 'PAY_OUT',
      accountId: 4102,
      currencyCode: 'INR',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [
        { id: 'accountNumber', name: 'Account number', required: true, pattern: '^[0-9]{6,18}$' },
        { id: 'ifsc', name: 'IFSC', required: true, pattern: '^[A-Z]{4}0[A-Z0-9]{6}$' },
        { id: 'beneficiaryName', name: 'Beneficiary name', required: false },
      ],
    },
    info: { isSMSRequired: false, instruction: 'Payouts settle within one business day', showQR: false },
  },
  {
    method: {
      id: 'sbx-transfer-proof-in',
      name: 'Bank deposit with receipt (sandbox)',
      type: 'PAY_IN',
      accountId: 4103,
      currencyCode: 'BDT',
      isAttachmentRequired: true,
      isExternal: false,
      clientFields: [{ id: 'senderPhone', name: 'Sender phone', required: true, pattern: '^\\+[0-9]{8,15}$' }],
    },
    info: { isSMSRequired: false, instruction: 'Deposit to account 0001-4103, then upload the receipt' },
  },
  {
    method: {
      id: 'sbx-wallet-external-in',
      name: 'Wallet on an external payment page (sandbox)',
      type: 'PAY_IN',
      accountId: 4104,
      currencyCode: 'PKR',
      isAttachmentRequired: false,
      isExternal: true,
      clientFields: [{ id: 'walletPhone', name: 'Wallet phone', required: true, pattern: '^\\+[0-9]{8,15}$' }],
    },
    info: {
      isSMSRequired: false,
      instruction: null,
      withDeepLink: true,
      showQR: true,
      deepLink: {
        app_a: 'sandbox-app-a://pay?payment={paymentId}',
        app_b: null,
        app_c: 'sandbox-app-c://pay/{paymentId}',
      },
    },
  },
  {
    method: {
      id: 'sbx-crypto-in',
      name: 'Crypto (sandbox; the default merchant has no access)',
      type: 'PAY_IN',
      accountId: 4105,
      currencyCode: 'USD',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [{ id: 'walletAddress', name: 'Wallet address', required: true }],
    },
    info: {},
  },
  {
    method: {
      id: 'sbx-wire-out',
      name: 'International wire payout (sandbox; the default merchant has no access)',
      type: 'PAY_OUT',
      accountId: 4107,
      currencyCode: 'USD',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [{ id: 'iban', name: 'IBAN', required: true, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' }],
    },
    info: {},
  },
  {
    method: {
      id: 'sbx-mobile-in',
      name: 'Mobile money with SMS confirmation (sandbox)',
      type: 'PAY_IN',
      accountId: 4106,
      currencyCode: 'INR',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [{ id: 'phone', name: 'Phone', required: true, pattern: '^\\+[0-9]{8,15}$' }],
    },
    info: { isSMSRequired: true, instruction: 'Confirm with the code sent by SMS (sandbox code: 123456)' },
  },
];

/** The SMS code the sandbox accepts (§4.7 SMS confirmation). */
export const SANDBOX_SMS_CODE = '123456';
