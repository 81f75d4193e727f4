/**
 * Amounts are JSON numbers in the interface (§2.1); the sandbox keeps them as integer minor units (cents), so
 * sums are exact and the list's `amounts[].total` is a bigint (§2.2). Its currencies all have two decimals.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/** The largest amount whose minor units stay exact in a double. */
export const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / MINOR_UNITS_PER_MAJOR);

/** `amount` in minor units, or undefined when it is not positive, has more than two decimals or is too large. */
export function toMinorUnits(amount: number): number | undefined {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT) return undefined;
  const minor = Math.round(amount * MINOR_UNITS_PER_MAJOR);
  return Math.abs(minor - amount * MINOR_UNITS_PER_MAJOR) < 1e-6 ? minor : undefined;
}

export function toMajorUnits(minor: number): number {
  return minor / MINOR_UNITS_PER_MAJOR;
}

/** The cents of an amount, 0 to 99: magic amounts are recognised by them. */
export function centsOf(minor: number): number {
  return minor % MINOR_UNITS_PER_MAJOR;
}
