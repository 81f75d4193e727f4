import canonicalize from 'canonicalize';

export class CanonicalizationError extends Error {
  override readonly name = 'CanonicalizationError';
}

/**
 * RFC 8785 (JCS) canonical JSON: sorted keys, ES number and string serialisation, no white space. The hash input
 * (design brief §4: the interface does not show the algorithm, §5.3) is this form of the body without `hash`.
 * Rejects what JSON cannot carry exactly: NaN, ±Infinity, lone surrogates, cycles.
 */
export function canonicalJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    throw new CanonicalizationError(`cannot canonicalise the body: ${(error as Error).message}`);
  }
  if (text === undefined) throw new CanonicalizationError('cannot canonicalise the body: it is not a JSON value');
  return text;
}
