/** A profile that cannot be used: the message names the file, each field at fault and what was expected. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';

  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      problems.length === 1
        ? `profile ${file}: ${problems[0] ?? ''}`
        : `profile ${file} has ${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

/** `/merchant/paymentMethods/0/amount` → `merchant.paymentMethods[0].amount`: how people name config fields. */
export function fieldName(pointer: string): string {
  if (pointer === '') return '(profile)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name === '' ? part : `${name}.${part}`), '');
}
