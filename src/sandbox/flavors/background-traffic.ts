import { randomUUID } from 'node:crypto';
import type { Merchant } from '../config/merchant.js';
import type { SandboxMethod } from '../config/payment-methods.js';
import type { SandboxContext } from '../sandbox-context.js';
import { createPayment } from '../service/create-payment.js';

/**
 * Another client of the same merchant, creating payments at a steady pace for as long as the sandbox runs: what a
 * shared staging environment looks like to the kit. Its payments land in the kit's intervals (in the same second as
 * the kit's own, where the list counts in seconds), settle a moment later through the flavour's magic values, and
 * carry a merchantPaymentId prefix that is not the kit's. Returns the function that stops it.
 */
export function startBackgroundTraffic(
  ctx: SandboxContext,
  merchant: Merchant,
  methods: readonly SandboxMethod[],
  perSecond: number,
): () => void {
  if (perSecond <= 0) return () => undefined;
  let n = 0;
  const timer = setInterval(
    () => {
      const sandboxMethod = methods[n % methods.length];
      // Mostly magic: its payments settle (and move) while a run reads them.
      const settings = ctx.magic.backgroundSettings;
      const magic = settings[n % settings.length] ?? {};
      n++;
      if (sandboxMethod === undefined) return;
      const { method } = sandboxMethod;
      try {
        createPayment(ctx, merchant, method.type, {
          publicKey: merchant.publicKey,
          hash: 'background',
          accountId: method.accountId,
          paymentMethodId: method.id,
          amount: wholeAmount(sandboxMethod, 10 + (n % 50)) + (magic.amountCents ?? 0) / 100,
          clientFieldsValues: withMagicField(exampleValues(sandboxMethod), magic.clientField),
          merchantPaymentId: `bg-${randomUUID()}`,
          ...(magic.merchantUserId === undefined ? {} : { merchantUserId: magic.merchantUserId }),
        });
      } catch (error) {
        // A fault may refuse it, as it would the merchant's own traffic: the background goes on.
        ctx.log(`background payment refused: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    Math.max(10, Math.round(1000 / perSecond)),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

/** A whole amount near `wanted` that the method's bounds take (method-bounds.ts), cents to spare below its maximum. */
function wholeAmount(sandboxMethod: SandboxMethod, wanted: number): number {
  const { minAmount, maxAmount } = sandboxMethod;
  const low = Math.max(wanted, Math.ceil(minAmount ?? 0));
  return maxAmount === undefined ? low : Math.min(low, Math.floor(maxAmount) - 1);
}

/** The values with a magic client field value in its field's place (or added). */
function withMagicField(
  values: { key: string; value: string }[],
  magic: { readonly key: string; readonly value: string } | undefined,
): { key: string; value: string }[] {
  if (magic === undefined) return values;
  return [...values.filter((field) => field.key !== magic.key), { key: magic.key, value: magic.value }];
}

/** Values that pass the method's client fields (its own samples, else its required ones by the sandbox's samples). */
function exampleValues(sandboxMethod: SandboxMethod): { key: string; value: string }[] {
  if (sandboxMethod.sampleValues !== undefined) return sandboxMethod.sampleValues.map((f) => ({ ...f }));
  const samples: Readonly<Record<string, string>> = {
    iban: 'DE89370400440532013000',
    sortCode: '401276',
    accountNumber: '12345678',
    cardholder: 'Background Client',
    cardLast4: '1881',
  };
  return sandboxMethod.method.clientFields
    .filter((field) => field.required)
    .map((field) => ({ key: field.id, value: samples[field.id] ?? 'background' }));
}
