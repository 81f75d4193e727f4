import type { Endpoint, Profile } from '../../generated/profile/profile.gen.js';
import { methodProblems } from './method-rules.js';

/** The operations §4.7 only names: their payloads are the provider's (profile operations.X.payload). */
const OTHER_OPERATIONS = new Set(['paymentMethods', 'mediaUpload', 'complaintCreate', 'smsConfirm']);

/** Rules across fields that a JSON Schema cannot say well; each problem names its field. */
export function crossFieldProblems(profile: Profile): string[] {
  const problems: string[] = [];
  const methods = profile.merchant?.paymentMethods;
  if (methods !== undefined) {
    if (methods.payIn.type !== 'PAY_IN') problems.push('merchant.paymentMethods.payIn.type: must be "PAY_IN"');
    if (methods.payOut !== undefined && methods.payOut.type !== 'PAY_OUT') {
      problems.push('merchant.paymentMethods.payOut.type: must be "PAY_OUT"');
    }
    if (methods.forbiddenPayOut !== undefined && methods.forbiddenPayOut.type !== 'PAY_OUT') {
      problems.push('merchant.paymentMethods.forbiddenPayOut.type: must be "PAY_OUT"');
    }
    const maxAmount = profile.safety?.maxAmount;
    for (const [name, method] of Object.entries(methods)) problems.push(...methodProblems(name, method, maxAmount));
  }
  const endpoints = Object.entries(profile.operations ?? {}) as [string, Endpoint | undefined][];
  for (const [name, endpoint] of endpoints) {
    const payload = endpoint?.payload;
    if (payload === undefined) continue;
    if (!OTHER_OPERATIONS.has(name)) {
      problems.push(
        `operations.${name}.payload: only the operations §4.7 names take one (their payloads are not shown)`,
      );
    } else if (payload.kitDesign !== true && payload.example === undefined) {
      problems.push(`operations.${name}.payload: kitDesign true, or an example body`);
    }
    const missing = (payload.required ?? []).filter((member) => !(member in (payload.example ?? {})));
    if (payload.example !== undefined && missing.length > 0) {
      problems.push(`operations.${name}.payload.required: ${missing.join(', ')} not in its example`);
    }
  }
  const pageSize = profile.conventions?.pageSize;
  if (pageSize !== undefined && pageSize.default > pageSize.max) {
    problems.push('conventions.pageSize.default: must not be above conventions.pageSize.max');
  }
  if (profile.signing?.module !== undefined && profile.signing.scheme !== 'custom') {
    problems.push('signing.module: only read when signing.scheme is "custom"');
  }
  if (profile.postbacks.module !== undefined && profile.postbacks.scheme !== 'custom') {
    problems.push('postbacks.module: only read when postbacks.scheme is "custom"');
  }
  const runs = profile.propertyRuns;
  if (runs !== undefined && runs.deepNumRuns < runs.numRuns) {
    problems.push('propertyRuns.deepNumRuns: must not be below propertyRuns.numRuns (--deep tries harder)');
  }
  for (const [n, entry] of (profile.outcomes?.magicValues?.payments ?? []).entries()) {
    // PENDING is a hold: the payment stays where it starts, so nothing can come after it, nor it after anything.
    if (entry.ends.some((end) => end.status === 'PENDING') && entry.ends.length > 1) {
      problems.push(
        `outcomes.magicValues.payments.${n}.ends: PENDING (a value that stays PENDING) must be the entry's only end`,
      );
    }
  }
  if (profile.capabilities?.sandboxControl === true && profile.control === undefined) {
    problems.push('control: required when capabilities.sandboxControl is true');
  }
  return problems;
}
