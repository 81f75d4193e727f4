import type { SandboxMethod } from '../config/payment-methods.js';

/**
 * The foreign flavour's payment methods: one PAY_IN and one PAY_OUT, in two currencies, with ids, accounts and client
 * fields of its own (profiles/foreign-sandbox.json names them). Nothing attachment-required, external, forbidden or
 * SMS-confirmed: the checks that need such a method are NOT VERIFIED there.
 */
export const FOREIGN_METHODS: readonly SandboxMethod[] = [
  {
    method: {
      id: 'fx-sepa-in',
      name: 'SEPA transfer in (foreign sandbox)',
      type: 'PAY_IN',
      accountId: 9001,
      currencyCode: 'EUR',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [
        { id: 'iban', name: 'Payer IBAN', required: true, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' },
        { id: 'payerName', name: 'Payer name', required: false },
      ],
    },
    info: { isSMSRequired: false, instruction: 'Use the reference shown on the payment page' },
  },
  {
    method: {
      id: 'fx-faster-out',
      name: 'Faster Payments out (foreign sandbox)',
      type: 'PAY_OUT',
      accountId: 9002,
      currencyCode: 'GBP',
      isAttachmentRequired: false,
      isExternal: false,
      clientFields: [
        { id: 'sortCode', name: 'Sort code', required: true, pattern: '^[0-9]{6}$' },
        { id: 'accountNumber', name: 'Account number', required: true, pattern: '^[0-9]{8}$' },
      ],
    },
    info: { isSMSRequired: false },
  },
];
