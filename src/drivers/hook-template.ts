/**
 * The placeholders of a profile's httpHooks (outcomes.httpHooks): `{{name}}` in a path or in the strings of a body.
 * A path's values are URL-encoded; a body member whose whole value is one placeholder with no value is left out (a
 * SUCCESS has no failedCode), and one with a value keeps the value's own type.
 */
export type HookValues = Readonly<Record<string, string | undefined>>;

export const HOOK_PLACEHOLDERS = [
  'paymentId',
  'merchantPaymentId',
  'complaintId',
  'status',
  'failedCode',
  'postBackUrl',
] as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z]+)\s*\}\}$/;

export class HookTemplateError extends Error {
  override readonly name = 'HookTemplateError';
}

function valueOf(name: string, values: HookValues, where: string): string | undefined {
  if (!(HOOK_PLACEHOLDERS as readonly string[]).includes(name)) {
    throw new HookTemplateError(`${where}: {{${name}}} is not a placeholder (${HOOK_PLACEHOLDERS.join(', ')})`);
  }
  return values[name];
}

/** The path with its placeholders filled in; one without a value is an error (a path must be whole). */
export function fillPath(template: string, values: HookValues): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = valueOf(name, values, 'path');
    if (value === undefined) throw new HookTemplateError(`path: {{${name}}} has no value for this call`);
    return encodeURIComponent(value);
  });
}

/** The body with its placeholders filled in, recursively; members whose whole value has no value left out. */
export function fillBody(template: unknown, values: HookValues): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole?.[1] !== undefined) return valueOf(whole[1], values, 'body');
    return template.replace(PLACEHOLDER, (_w, name: string) => valueOf(name, values, 'body') ?? '');
  }
  if (Array.isArray(template)) {
    return template.map((item) => fillBody(item, values)).filter((item) => item !== undefined);
  }
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const filled = fillBody(value, values);
      if (filled !== undefined) out[key] = filled;
    }
    return out;
  }
  return template;
}
