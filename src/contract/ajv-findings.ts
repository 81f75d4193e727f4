import path from 'node:path';
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Finding } from './finding.js';
import type { BodyKind } from './schema-catalog.js';

/** What the findings of one validation need to know about the schema that was applied. */
export interface FindingContext {
  /** Schema file of the root schema, for schemaPath. */
  readonly file: string;
  readonly rootSchema: Record<string, unknown>;
  /** How an unknown member is reported: always `error` in requests and configuration; by profile otherwise. */
  readonly unknownMemberSeverity: 'error' | 'warning';
  readonly kind: BodyKind;
  /** Where a schema object sits (`file#/pointer`), from schema-locations.ts. */
  readonly locations: WeakMap<object, string>;
}

/** Above this many, the rest is summarised: a hostile body must not turn a report into megabytes. */
export const MAX_FINDINGS = 50;

/** Turns ajv's errors (collected with `allErrors` and `verbose`) into findings. */
export function findingsFromAjv(errors: readonly ErrorObject[], ctx: FindingContext): Finding[] {
  const kept = dropAlternativeNoise(errors, ctx.locations);
  const all = kept.flatMap((error) => {
    const finding = toFinding(error, ctx);
    return finding === undefined ? [] : [finding];
  });
  // A forbidden member is also unknown; one finding says it better than two.
  const forbidden = new Set(all.filter((f) => f.rule === 'forbidden-member').map((f) => f.pointer));
  const findings = all.filter((f) => !(f.rule === 'unknown-member' && forbidden.has(f.pointer)));
  if (findings.length <= MAX_FINDINGS) return findings;
  // Errors first, so that the cut drops warnings before any error; the summary line is as grave as the worst
  // finding it stands for (a page of 200 records each with an unlisted member is 200 warnings, not an error).
  const ordered = [
    ...findings.filter((f) => f.severity === 'error'),
    ...findings.filter((f) => f.severity !== 'error'),
  ];
  const dropped = ordered.slice(MAX_FINDINGS);
  return [
    ...ordered.slice(0, MAX_FINDINGS),
    {
      pointer: '',
      rule: 'truncated',
      message: `${dropped.length} more finding(s) not listed`,
      severity: dropped.some((f) => f.severity === 'error') ? 'error' : 'warning',
      level: 'spec',
      specRef: undefined,
      schemaPath: `${ctx.file}#`,
    },
  ];
}

/**
 * An anyOf/oneOf that carries an `x-rule` explains itself in one sentence; the errors of its alternatives, which
 * ajv lists just before it, would only repeat that sentence badly. They are dropped.
 */
function dropAlternativeNoise(errors: readonly ErrorObject[], locations: WeakMap<object, string>): ErrorObject[] {
  const dropped = new Set<number>();
  errors.forEach((error, index) => {
    if ((error.keyword !== 'anyOf' && error.keyword !== 'oneOf') || ruleOf(error.parentSchema) === undefined) return;
    for (let i = index - 1; i >= 0; i--) {
      const candidate = errors[i];
      if (candidate === undefined || !isInsideAlternative(candidate, error, locations)) break;
      dropped.add(i);
    }
  });
  return errors.filter((_, index) => !dropped.has(index));
}

/**
 * ajv lists an alternative's errors right before the alternative's own. A preceding error belongs to it when it
 * lies inside one of its branches, or in a schema a branch reached by $ref (anywhere outside the alternative's
 * own schema object) at the same place in the value; an error of a sibling keyword ends the run.
 */
function isInsideAlternative(
  candidate: ErrorObject,
  alternative: ErrorObject,
  locations: WeakMap<object, string>,
): boolean {
  if (!candidate.instancePath.startsWith(alternative.instancePath)) return false;
  const owner = locationOf(alternative.parentSchema, locations);
  const where = locationOf(candidate.parentSchema, locations);
  if (owner === undefined || where === undefined) return !candidate.schemaPath.startsWith('#');
  if (where.startsWith(`${owner}/${alternative.keyword}/`)) return true;
  return where !== owner && !where.startsWith(`${owner}/`);
}

function locationOf(schema: unknown, locations: WeakMap<object, string>): string | undefined {
  return typeof schema === 'object' && schema !== null ? locations.get(schema) : undefined;
}

function toFinding(error: ErrorObject, ctx: FindingContext): Finding | undefined {
  const parent = asRecord(error.parentSchema);
  const rule = ruleOf(parent);
  const got = ` (got ${describeValue(error.data)})`;
  const sameFile = error.schemaPath.startsWith('#');
  const rootRef = stringAt(ctx.rootSchema, 'x-spec-ref');
  const base = {
    severity: 'error' as const,
    level: levelOf(parent, ctx.rootSchema),
    // A shared definition's § is where the type is defined; the body's own § says which rule of which body broke.
    specRef: sameFile ? (stringAt(parent, 'x-spec-ref') ?? rootRef) : (rootRef ?? stringAt(parent, 'x-spec-ref')),
    schemaPath: locate(error, ctx),
  };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      // The failing `then` branch reports the missing member itself, with its own x-rule.
      return undefined;
    case 'required': {
      const member = String(params.missingProperty);
      // A `required` in an untyped subschema (a then-branch) is a conditional rule, which its x-rule names.
      const why = rule !== undefined && parent?.type === undefined ? `: ${rule}` : '';
      return {
        ...base,
        pointer: childPointer(error.instancePath, member),
        rule: 'required',
        message: `required member "${member}" is missing${why}`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const member = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        ...base,
        pointer: childPointer(error.instancePath, member),
        rule: 'unknown-member',
        message: `member "${member}" is ${ctx.kind === 'config' ? 'not a profile setting' : 'not in the interface'}`,
        severity: ctx.unknownMemberSeverity,
      };
    }
    case 'discriminator': {
      const tag = String(params.tag);
      const tagValue = params.tagValue;
      if (tagValue === undefined) {
        return {
          ...base,
          pointer: childPointer(error.instancePath, tag),
          rule: 'required',
          message: `required member "${tag}" is missing`,
        };
      }
      return {
        ...base,
        pointer: childPointer(error.instancePath, tag),
        rule: 'enum',
        message: `${rule ?? `${tag} does not select any alternative`} (got ${describeValue(tagValue)})`,
      };
    }
    case 'anyOf':
    case 'oneOf': {
      const several =
        error.keyword === 'oneOf' && params.passingSchemas !== null && params.passingSchemas !== undefined;
      const atLeastOne = error.keyword === 'anyOf' && isAtLeastOneOf(error.schema);
      return {
        ...base,
        pointer: error.instancePath,
        rule: atLeastOne ? 'at-least-one-of' : error.keyword,
        // Which alternative an object meant is anyone's guess: the rule says it; a scalar is worth quoting.
        message: `${several ? 'matches more than one alternative' : (rule ?? String(error.message))}${
          atLeastOne || typeof error.data === 'object' ? '' : got
        }`,
      };
    }
    case 'not': {
      // `not: {required: [m]}` forbids a member: the interface names it otherwise (currency vs currencyCode).
      const forbidden = asRecord(error.schema);
      const members = forbidden?.required;
      const member = Array.isArray(members) && members.length === 1 ? String(members[0]) : undefined;
      return {
        ...base,
        pointer: member === undefined ? error.instancePath : childPointer(error.instancePath, member),
        rule: member === undefined ? 'not' : 'forbidden-member',
        message:
          ruleOf(forbidden) ?? (member === undefined ? String(error.message) : `member "${member}" is not allowed`),
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return {
        ...base,
        pointer: error.instancePath,
        rule: 'enum',
        message: `${rule ?? `must be one of ${allowed}`}${got}`,
      };
    }
    case 'const':
      return {
        ...base,
        pointer: error.instancePath,
        rule: 'const',
        message: `${rule ?? `must be ${JSON.stringify(params.allowedValue)}`}${got}`,
      };
    default:
      return {
        ...base,
        pointer: error.instancePath,
        rule: error.keyword,
        message: `${rule ?? String(error.message)}${got}`,
      };
  }
}

function locate(error: ErrorObject, ctx: FindingContext): string {
  const where = locationOf(error.parentSchema, ctx.locations);
  if (where !== undefined) return `${where}/${error.keyword}`;
  // Not found (ajv copied the schema): ajv's path, relative to the last $ref target.
  return error.schemaPath.startsWith('#')
    ? `${ctx.file}${error.schemaPath}`
    : path.posix.join(path.posix.dirname(ctx.file), error.schemaPath);
}

/** `anyOf: [{required: [a]}, {required: [b]}]`: the shape of "at least one of a, b must be present". */
function isAtLeastOneOf(alternatives: unknown): boolean {
  return (
    Array.isArray(alternatives) &&
    alternatives.every((alt) => {
      const required = asRecord(alt)?.required;
      return Array.isArray(required) && required.length === 1;
    })
  );
}

function levelOf(parent: Record<string, unknown> | undefined, root: Record<string, unknown>): 'spec' | 'profile' {
  return parent?.['x-level'] === 'profile' || root['x-level'] === 'profile' ? 'profile' : 'spec';
}

function ruleOf(schema: unknown): string | undefined {
  return stringAt(asRecord(schema), 'x-rule');
}

function stringAt(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function childPointer(parent: string, member: string): string {
  return `${parent}/${member.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** A short, safe description of an offending value: never the whole of a large or hostile value. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}
