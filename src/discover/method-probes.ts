/**
 * The provider's payment methods as its methods operation describes them (§4.7: "Payment method retrieval … referred
 * to but [its] paths, methods and payloads are not shown"; §2.1: "The payment method record (its clientFields, its
 * isAttachmentRequired flag, the account id it carries, its type PAY_IN or PAY_OUT): only these names are given").
 * Where the profile names the operation and describes its payload, each method of the profile that the answer lists
 * gets the description the answer gives of it: its amount bounds, its fields (key, required, format) and whether it
 * is external. Members the answer does not carry are not proposed.
 */
import type { ApiClient } from '../client/api-client.js';
import type { LoadedProfile } from '../profile/load-profile.js';
import { answerOf, describedBody, describedPayload } from '../profile/operation-payloads.js';
import { type Decision, inconclusive, proposed } from './decision.js';

const KEY = 'merchant.paymentMethods';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A bound as a method record writes it: a number, or decimal text ("0.50"). */
function amountOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The record's clientFields as the profile describes fields: {key, required, pattern}. */
function fieldsOf(value: unknown): { key: string; required: boolean; pattern?: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fields = value.flatMap((entry) => {
    const field = record(entry);
    const key = field?.id ?? field?.key;
    if (typeof key !== 'string' || key === '') return [];
    return [
      {
        key,
        required: field?.required !== false,
        ...(typeof field?.pattern === 'string' && field.pattern !== '' ? { pattern: field.pattern } : {}),
      },
    ];
  });
  return fields.length > 0 ? fields : undefined;
}

export async function methodDescriptions(api: ApiClient, profile: LoadedProfile): Promise<Decision[]> {
  const payload = describedPayload(profile.settings, 'paymentMethods');
  const body = describedBody(profile.settings, 'paymentMethods', {});
  if (!api.supports('paymentMethods') || payload === undefined || body === undefined) return [];
  const exchange = await api.dispatch(api.prepareUnchecked('paymentMethods', body));
  const listed = answerOf(payload, 'listAt', exchange.json);
  if (exchange.status !== 200 || !Array.isArray(listed)) {
    return [inconclusive(KEY, `the methods operation answered ${exchange.status}, no list of methods`, [exchange])];
  }
  const decisions: Decision[] = [];
  for (const [role, method] of Object.entries(profile.settings.merchant.paymentMethods)) {
    const found = listed.map(record).find((m) => m?.id === method.id);
    if (found === undefined) continue;
    const at = `${KEY}.${role}`;
    const why = (what: string) => `the methods operation describes ${method.id} ${what}`;
    const min = amountOf(found.minAmount);
    const max = amountOf(found.maxAmount);
    const fields = fieldsOf(found.clientFields);
    if (min !== undefined) decisions.push(proposed(`${at}.minAmount`, min, why(`with minAmount ${min}`), [exchange]));
    if (max !== undefined) decisions.push(proposed(`${at}.maxAmount`, max, why(`with maxAmount ${max}`), [exchange]));
    if (fields !== undefined) {
      decisions.push(
        proposed(`${at}.clientFields`, fields, why(`with fields ${fields.map((f) => f.key).join(', ')}`), [exchange]),
      );
    }
    if (typeof found.isExternal === 'boolean') {
      decisions.push(
        proposed(`${at}.external`, found.isExternal, why(`as isExternal ${String(found.isExternal)}`), [exchange]),
      );
    }
  }
  return decisions;
}
