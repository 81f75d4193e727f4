/**
 * One way a value departs from a schema, phrased for a conformance report: where (a JSON pointer into the value),
 * which rule, a sentence a person can act on, how bad, and whether the rule is the interface's or the profile's.
 */
export interface Finding {
  /** JSON pointer (RFC 6901) into the validated value; '' is the whole value. */
  readonly pointer: string;
  /** The rule: a JSON Schema keyword (`required`, `type`, `enum`, …) or `unknown-member`, `at-least-one-of`. */
  readonly rule: string;
  readonly message: string;
  /** `warning` never fails a check on its own; it is reported. */
  readonly severity: 'error' | 'warning';
  /** `spec` when the interface states the rule; `profile` when it rests on a profile decision. */
  readonly level: 'spec' | 'profile';
  /** The interface's section, e.g. `§2.5`, when known. */
  readonly specRef: string | undefined;
  /** The schema location of the rule, `<schema file>#<pointer>`. */
  readonly schemaPath: string;
}

/** One line per finding, e.g. `/failedCode: failedCode is null when status is SUCCESS (§2.5) (got "NO_AMOUNT")`. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.severity === 'warning' ? 'warning ' : ''}${f.pointer === '' ? '(body)' : f.pointer}: ${f.message}`)
    .join('\n');
}
