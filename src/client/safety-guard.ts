import type { Safety } from '../../generated/profile/profile.gen.js';
import { OPERATIONS, type OperationName } from '../contract/operations.js';

/** The kit refused to send a request that would break the profile's safety caps. */
export class SafetyError extends Error {
  override readonly name = 'SafetyError';
}

function bodyObject(
  body: Readonly<Record<string, unknown>> | undefined,
  bytes: Buffer,
): Record<string, unknown> | undefined {
  if (body !== undefined) return body;
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Enforces the caps a shared environment relies on (design brief §6) on every request, raw ones included:
 * no payouts unless allowed, no amount above the cap, every merchantPaymentId with the profile's prefix.
 */
export function assertSafe(
  operation: OperationName,
  body: Readonly<Record<string, unknown>> | undefined,
  bytes: Buffer,
  safety: Safety,
  /** The provider's magic merchantPaymentId prefixes (outcomes.magicValues): the kit's own id may follow one. */
  magicPrefixes: ReadonlySet<string> = new Set(),
): void {
  if (!OPERATIONS[operation].createsPayment) return;
  if (operation === 'createPayOut' && !safety.allowPayouts) {
    throw new SafetyError('refused to send a pay_out request: the profile sets safety.allowPayouts to false');
  }
  const fields = bodyObject(body, bytes);
  if (fields === undefined) return;
  const { amount, merchantPaymentId } = fields;
  if (typeof amount === 'number' && amount > safety.maxAmount) {
    throw new SafetyError(`refused to send amount ${amount}: above the profile's safety.maxAmount ${safety.maxAmount}`);
  }
  const ours = (id: string) =>
    id.startsWith(safety.merchantPaymentIdPrefix) ||
    [...magicPrefixes].some((magic) => id.startsWith(magic + safety.merchantPaymentIdPrefix));
  if (typeof merchantPaymentId === 'string' && !ours(merchantPaymentId)) {
    throw new SafetyError(
      `refused to send merchantPaymentId ${JSON.stringify(merchantPaymentId)}: it must start with the profile's ` +
        `safety.merchantPaymentIdPrefix ${JSON.stringify(safety.merchantPaymentIdPrefix)}`,
    );
  }
}
