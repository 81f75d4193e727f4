/**
 * Rules of a profile's payment methods (merchant.paymentMethods) across their members: the description a provider
 * gives of a method (its amount bounds, its clientFields) must agree with the values the profile offers for it, so
 * that nothing the kit sends from them is refused for the profile's own mistake.
 */
import type { MethodFixture } from '../../generated/profile/profile.gen.js';

/** A pattern as the profile writes it, or why it is not one. */
function patternOf(text: string): RegExp | string {
  try {
    return new RegExp(text, 'u');
  } catch (error) {
    return (error as Error).message;
  }
}

export function methodProblems(name: string, method: MethodFixture, maxAmount: number | undefined): string[] {
  const at = `merchant.paymentMethods.${name}`;
  const problems: string[] = [];
  if (maxAmount !== undefined && method.amount > maxAmount) {
    problems.push(`${at}.amount: ${method.amount} is above safety.maxAmount ${maxAmount}`);
  }
  const { minAmount, maxAmount: methodMax } = method;
  if (minAmount !== undefined && methodMax !== undefined && minAmount > methodMax) {
    problems.push(`${at}.minAmount: ${minAmount} is above its maxAmount ${methodMax}`);
  }
  if (minAmount !== undefined && method.amount < minAmount) {
    problems.push(`${at}.amount: ${method.amount} is below its minAmount ${minAmount}`);
  }
  if (methodMax !== undefined && method.amount > methodMax) {
    problems.push(`${at}.amount: ${method.amount} is above its maxAmount ${methodMax}`);
  }
  if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount) {
    problems.push(`${at}.minAmount: ${minAmount} is above safety.maxAmount ${maxAmount}: no amount is both`);
  }
  const fields = method.clientFields;
  if (fields === undefined) return problems;
  const given = new Map(method.clientFieldsValues.map((f) => [f.key, f.value]));
  for (const [n, field] of fields.entries()) {
    const value = given.get(field.key);
    if (value === undefined && field.required !== false)
      problems.push(`${at}.clientFieldsValues: no value for the required field ${field.key}`);
    if (field.pattern === undefined) continue;
    const pattern = patternOf(field.pattern);
    if (typeof pattern === 'string') {
      problems.push(`${at}.clientFields.${n}.pattern: not a regular expression (${pattern})`);
      continue;
    }
    if (value !== undefined && !pattern.test(value))
      problems.push(`${at}.clientFieldsValues: ${field.key} "${value}" does not match ${field.pattern}`);
    for (const [v, other] of (field.values ?? []).entries()) {
      if (!pattern.test(other))
        problems.push(`${at}.clientFields.${n}.values.${v}: "${other}" does not match ${field.pattern}`);
    }
  }
  const described = new Set(fields.map((f) => f.key));
  for (const key of given.keys()) {
    if (!described.has(key)) problems.push(`${at}.clientFieldsValues: ${key} is not one of its clientFields`);
  }
  return problems;
}
