import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { kitPath } from '../kit-root.js';

/** Every schema's $id is this base plus its path under schemas/, so $refs resolve the same by id (ajv) and by file. */
export const SCHEMA_ID_BASE = 'https://conformance-kit.invalid/schemas/';

/** What a body is, which decides how an unknown member is reported (see ../../ARCHITECTURE.md). */
export type BodyKind = 'request' | 'response' | 'postback' | 'config';
const BODY_KINDS: readonly string[] = ['request', 'response', 'postback', 'config'];

export interface SchemaEntry {
  /** Short id: the path under schemas/ without `.schema.json`, e.g. `payments/payment`. */
  readonly shortId: string;
  /** The schema's `$id`. */
  readonly uri: string;
  /** Path under schemas/, e.g. `payments/payment.schema.json`. */
  readonly file: string;
  /** Set on the schema of a whole body; absent on files of shared definitions. */
  readonly kind: BodyKind | undefined;
  readonly schema: Record<string, unknown>;
}

export class SchemaCatalogError extends Error {
  override readonly name = 'SchemaCatalogError';
}

/** Reads every `*.schema.json` under `dir`, sorted by path, and checks the conventions the kit relies on. */
export function loadSchemaCatalog(dir: string = kitPath('schemas')): SchemaEntry[] {
  return listSchemaFiles(dir).map((file) => readEntry(dir, file));
}

function listSchemaFiles(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.split(path.sep).join('/'));
  return files.sort();
}

function readEntry(dir: string, file: string): SchemaEntry {
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  } catch (error) {
    throw new SchemaCatalogError(`schemas/${file}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SchemaCatalogError(`schemas/${file}: a schema must be a JSON object`);
  }
  const record = schema as Record<string, unknown>;
  const expectedUri = SCHEMA_ID_BASE + file;
  if (record.$id !== expectedUri) {
    throw new SchemaCatalogError(`schemas/${file}: $id must be "${expectedUri}" (got ${JSON.stringify(record.$id)})`);
  }
  if (typeof record.title !== 'string' || record.title === '') {
    throw new SchemaCatalogError(`schemas/${file}: every schema needs a title (it names the generated type)`);
  }
  const kind = record['x-body-kind'];
  if (kind !== undefined && (typeof kind !== 'string' || !BODY_KINDS.includes(kind))) {
    throw new SchemaCatalogError(`schemas/${file}: x-body-kind must be one of ${BODY_KINDS.join(', ')}`);
  }
  return {
    shortId: file.replace(/\.schema\.json$/, ''),
    uri: expectedUri,
    file,
    kind: kind as BodyKind | undefined,
    schema: record,
  };
}
