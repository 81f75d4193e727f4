import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { Conventions } from '../../generated/profile/profile.gen.js';
import type { SchemaId, SchemaTypes } from '../../generated/schema-types.gen.js';
import { findingsFromAjv } from './ajv-findings.js';
import type { Finding } from './finding.js';
import { amountTotalFormat, recordTimestampFormat } from './formats.js';
import { loadSchemaCatalog, type SchemaEntry } from './schema-catalog.js';
import { indexSchemaLocations } from './schema-locations.js';

/** Annotation keywords of the kit's schemas; strict mode rejects any keyword it was not told about. */
export const KIT_KEYWORDS = ['x-spec-ref', 'x-level', 'x-rule', 'x-body-kind'] as const;

export type Validation<T> =
  | { readonly ok: true; readonly value: T; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly findings: readonly Finding[] };

export interface ContractOptions {
  /** The format of record timestamps; undefined when the profile states none: then any string passes (§2.1). */
  readonly createdAtFormat: Conventions['createdAtFormat'];
  readonly unknownResponseFields: NonNullable<Conventions['unknownResponseFields']>;
  /** The unit of the list's amounts[].total: an integer (minor, or unstated) or any number (major). */
  readonly amountTotalsUnit?: Conventions['amountTotalsUnit'];
}

/** The design brief's defaults (§4), used when no profile is at hand (e.g. validating a profile itself). */
export const DEFAULT_CONTRACT_OPTIONS: ContractOptions = {
  createdAtFormat: 'iso8601-utc-millis',
  unknownResponseFields: 'warning',
};

/** What the contract checks under a profile's conventions: record timestamps only in a format the profile states. */
export function contractOptionsFor(conventions: Conventions | undefined): ContractOptions {
  return {
    createdAtFormat: conventions?.createdAtFormat,
    unknownResponseFields: conventions?.unknownResponseFields ?? DEFAULT_CONTRACT_OPTIONS.unknownResponseFields,
    amountTotalsUnit: conventions?.amountTotalsUnit,
  };
}

export interface Contract {
  /** Validates `value` against a body schema; `ok` is false only for findings of severity `error`. */
  validate<Id extends SchemaId>(id: Id, value: unknown): Validation<SchemaTypes[Id]>;
  readonly entries: readonly SchemaEntry[];
}

/**
 * One ajv instance (draft 2020-12, strict, all errors) with every schema compiled once. Build it once per process
 * with {@link getContract}; compiling inside a test loop would recompile every time.
 */
export function createContract(
  options: ContractOptions = DEFAULT_CONTRACT_OPTIONS,
  entries: readonly SchemaEntry[] = loadSchemaCatalog(),
  /** Compile every body schema now (the default), or each on its first use (for tools that build many contracts). */
  compile: 'eagerly' | 'lazily' = 'eagerly',
): Contract {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    verbose: true,
    discriminator: true,
    allowUnionTypes: true,
  });
  addFormatsPlugin.default(ajv);
  ajv.addVocabulary([...KIT_KEYWORDS]);
  ajv.addFormat('record-timestamp', recordTimestampFormat(options.createdAtFormat));
  ajv.addFormat('amount-total', amountTotalFormat(options.amountTotalsUnit));
  for (const entry of entries) ajv.addSchema(entry.schema);
  const locations = indexSchemaLocations(entries);

  const bodies = new Map(entries.filter((e) => e.kind !== undefined).map((e) => [e.shortId, e]));
  const compiled = new Map<string, { entry: SchemaEntry; validate: ValidateFunction }>();
  const compiledFor = (id: string) => {
    let target = compiled.get(id);
    if (target === undefined) {
      const entry = bodies.get(id);
      if (entry === undefined) throw new Error(`no body schema "${id}" in schemas/`);
      target = { entry, validate: ajv.getSchema(entry.uri) ?? unreachable(entry) };
      compiled.set(id, target);
    }
    return target;
  };
  if (compile === 'eagerly') for (const id of bodies.keys()) compiledFor(id);

  return {
    entries,
    validate<Id extends SchemaId>(id: Id, value: unknown): Validation<SchemaTypes[Id]> {
      const target = compiledFor(id);
      const passed = target.validate(value);
      const findings = findingsFromAjv(target.validate.errors ?? [], {
        file: target.entry.file,
        rootSchema: target.entry.schema,
        kind: target.entry.kind ?? 'response',
        locations,
        unknownMemberSeverity:
          target.entry.kind === 'response' || target.entry.kind === 'postback'
            ? options.unknownResponseFields === 'failure'
              ? 'error'
              : 'warning'
            : 'error',
      });
      const ok = passed || findings.every((f) => f.severity === 'warning');
      return ok ? { ok, value: value as SchemaTypes[Id], findings } : { ok, findings };
    },
  };
}

function unreachable(entry: SchemaEntry): never {
  throw new Error(`schema ${entry.file} did not compile`);
}

const contracts = new Map<string, Contract>();

/**
 * The process-wide contract for these options. Each schema is compiled once, on its first use, so a process pays
 * only for the schemas it validates (the sandbox, for instance, never compiles the response schemas).
 */
export function getContract(options: ContractOptions = DEFAULT_CONTRACT_OPTIONS): Contract {
  const key = `${options.createdAtFormat ?? 'any'}|${options.unknownResponseFields}|${options.amountTotalsUnit ?? 'minor'}`;
  let contract = contracts.get(key);
  if (contract === undefined) {
    contract = createContract(options, loadSchemaCatalog(), 'lazily');
    contracts.set(key, contract);
  }
  return contract;
}
