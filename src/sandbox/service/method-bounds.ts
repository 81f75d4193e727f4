import { ApiError } from '../api/api-error.js';
import type { SandboxMethod } from '../config/payment-methods.js';
import { MINOR_UNITS_PER_MAJOR } from '../domain/money.js';

/**
 * The method's own amount bounds (§8 shows none; a provider's method has them, and the profile's MethodFixture states
 * them as minAmount and maxAmount): an amount outside them is a well-formed body the service refuses for its content,
 * with the conventions' invalidBodyStatus (§7's 400 by default).
 */
export function assertAmountBounds(sandboxMethod: SandboxMethod, amountMinor: number): void {
  const { minAmount, maxAmount, method } = sandboxMethod;
  if (minAmount !== undefined && amountMinor < Math.round(minAmount * MINOR_UNITS_PER_MAJOR)) {
    throw ApiError.invalid(`amount is below ${minAmount}, the least payment method ${method.id} takes`);
  }
  if (maxAmount !== undefined && amountMinor > Math.round(maxAmount * MINOR_UNITS_PER_MAJOR)) {
    throw ApiError.invalid(`amount is above ${maxAmount}, the most payment method ${method.id} takes`);
  }
}
