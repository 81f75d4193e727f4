/**
 * The placeholders of a profile's httpHooks (outcomes.httpHooks): `{{name}}` in a path or in the strings of a body.
 * A path's values are URL-encoded; a body member whose whole value is one placeholder with no value is left out (a
 * SUCCESS has no failedCode), and one with a value keeps the value's own type. Besides the named ones,
 * `{{payment.MEMBER}}` and `{{complaint.MEMBER}}` stand for a top-level member of the payment's or the complaint's
 * record as the status check shows it (a provider's helper keyed by something else than the id: its amount, its
 * merchantUserId).
 */
export type HookValue = string | number | boolean | null | undefined;
export type HookValues = Readonly<Record<string, HookValue>>;

/** A record placeholder: `payment.amount`, `complaint.merchantPaymentId`. */
export const RECORD_PLACEHOLDER = /^(payment|complaint)\.([A-Za-z_][A-Za-z0-9_]*)$/;

export const HOOK_PLACEHOLDERS = [
  'paymentId',
  'merchantPaymentId',
  'complaintId',
  'status',
  'failedCode',
  'postBackUrl',
] as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}$/;

export class HookTemplateError extends Error {
  override readonly name = 'HookTemplateError';
}

/** Which placeholders a template may use, and how a message names them. */
export interface PlaceholderSet {
  readonly allows: (name: string) => boolean;
  readonly names: string;
}

/** The hooks' placeholders: the named ones, and the members of a payment's or a complaint's record. */
export const HOOK_PLACEHOLDER_SET: PlaceholderSet = {
  allows: (name) => (HOOK_PLACEHOLDERS as readonly string[]).includes(name) || RECORD_PLACEHOLDER.test(name),
  names: `${HOOK_PLACEHOLDERS.join(', ')}, payment.MEMBER, complaint.MEMBER`,
};

function valueOf(name: string, values: HookValues, where: string, set: PlaceholderSet): HookValue {
  if (!set.allows(name)) throw new HookTemplateError(`${where}: {{${name}}} is not a placeholder (${set.names})`);
  return values[name];
}

/** The record placeholders a template uses, e.g. ['payment.amount']. */
export function recordPlaceholders(template: unknown): string[] {
  const text = typeof template === 'string' ? template : ((JSON.stringify(template) as string | undefined) ?? '');
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((n) => RECORD_PLACEHOLDER.test(n));
  return [...new Set(names)];
}

/** The path with its placeholders filled in; one without a value is an error (a path must be whole). */
export function fillPath(
  template: string,
  values: HookValues,
  set: PlaceholderSet = HOOK_PLACEHOLDER_SET,
  /** How a value is written into the text: URI-encoded for a URL, as it is for a command's argument. */
  encode: (text: string) => string = encodeURIComponent,
): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = valueOf(name, values, 'path', set);
    if (value === undefined || value === null) {
      throw new HookTemplateError(`path: {{${name}}} has no value for this call`);
    }
    return encode(String(value));
  });
}

/**
 * The body with its placeholders filled in, recursively; members whose whole value has no value left out. `set` says
 * which placeholders it may use (the hooks' by default).
 */
export function fillBody(template: unknown, values: HookValues, set: PlaceholderSet = HOOK_PLACEHOLDER_SET): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole?.[1] !== undefined) return valueOf(whole[1], values, 'body', set);
    return template.replace(PLACEHOLDER, (_w, name: string) => String(valueOf(name, values, 'body', set) ?? ''));
  }
  if (Array.isArray(template)) {
    return template.map((item) => fillBody(item, values, set)).filter((item) => item !== undefined);
  }
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const filled = fillBody(value, values, set);
      if (filled !== undefined) out[key] = filled;
    }
    return out;
  }
  return template;
}
