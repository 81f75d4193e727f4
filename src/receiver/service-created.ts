/**
 * The real integration (receiver.expectedPayments.createdOnService): the shop's own client creates each payment on the
 * kit's embedded sandbox, which certify-receiver starts for the run, and the kit then drives that payment's postbacks.
 * Before the setup the kit names the id the payment is to get (the one its postbacks carry) and has the sandbox hold
 * it PENDING, so the sandbox sends no postback of its own; after the setup it checks the payment really was created,
 * with the money and method asked for: §2.5's postback describes a payment the service holds.
 */
import { ControlError, SandboxControl } from '../control/sandbox-control-client.js';
import { Secret } from '../secrets/secret.js';
import type { ExpectedPayment } from './expected-payments.js';

/** The kit's sandbox, as the workers of a run reach it. */
export interface KitService {
  /** {base_url} the shop's client is given: {{serviceUrl}} in the setup, KIT_SERVICE_URL for a command. */
  readonly url: string;
  readonly control: SandboxControl;
}

/** How certify-receiver tells its workers where the sandbox is. */
export const KIT_SERVICE_ENV = {
  url: 'KIT_SERVICE_URL',
  token: 'KIT_SERVICE_CONTROL_TOKEN',
  basePath: 'KIT_SERVICE_CONTROL_PATH',
} as const;

/** The run's sandbox, from the environment certify-receiver set; undefined outside such a run. */
export function kitServiceFromEnv(env: NodeJS.ProcessEnv = process.env): KitService | undefined {
  const url = env[KIT_SERVICE_ENV.url]?.trim();
  const token = env[KIT_SERVICE_ENV.token]?.trim();
  if (url === undefined || url === '' || token === undefined || token === '') return undefined;
  const basePath = env[KIT_SERVICE_ENV.basePath]?.trim();
  return {
    url,
    control: new SandboxControl({
      baseUrl: url,
      token: new Secret(token, 'the kit sandbox control token'),
      ...(basePath === undefined || basePath === '' ? {} : { basePath }),
      timeoutMs: 10_000,
    }),
  };
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Has the sandbox give the payment created with its merchantPaymentId the id `id`; a problem's text, else undefined. */
export async function holdOnService(
  service: KitService,
  merchantPaymentId: string,
  id: string,
): Promise<string | undefined> {
  try {
    await service.control.hold(merchantPaymentId, id);
    return undefined;
  } catch (error) {
    return `the kit's sandbox could not hold payment ${id}: ${reasonOf(error)}`;
  }
}

/** How often the kit looks for the payment while the shop's client may still be creating it. */
const POLL_MS = 50;

/**
 * Waits (within `timeoutMs`: a checkout may answer before its client is done) for the payment the shop's client
 * created, and compares it with the one asked for; the mismatch's text, else undefined.
 */
export async function createdOnService(
  service: KitService,
  payment: ExpectedPayment,
  id: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const created = await service.control.payment(id);
      return differences(created, payment);
    } catch (error) {
      const missing = error instanceof ControlError && error.status === 404;
      if (!missing) return `the kit's sandbox could not be asked for payment ${id}: ${reasonOf(error)}`;
      if (Date.now() >= deadline) {
        return (
          `the shop's client created no payment with merchantPaymentId ${payment.merchantPaymentId} on the kit's ` +
          `sandbox within ${timeoutMs} ms of the setup's answer (client/conformance.md shows what it sent)`
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

function differences(
  created: { amount: number; currencyCode: string; paymentMethodId: string },
  asked: ExpectedPayment,
): string | undefined {
  // The id was held for the merchantPaymentId asked for, so the payment found is that one's.
  const found: string[] = [];
  if (Math.round(created.amount * 100) !== Math.round(asked.amount * 100)) found.push(`amount ${created.amount}`);
  if (created.currencyCode !== asked.currency) found.push(`currency ${created.currencyCode}`);
  if (created.paymentMethodId !== asked.paymentMethodId) found.push(`paymentMethodId ${created.paymentMethodId}`);
  if (found.length === 0) return undefined;
  return (
    `the shop's client created the payment with ${found.join(', ')}; the setup asked for ${asked.amount} ` +
    `${asked.currency} by ${asked.paymentMethodId}`
  );
}
