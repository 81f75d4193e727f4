import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SCHEMA_IDS } from '../../generated/schema-types.gen.js';
import { createContract } from '../../src/contract/contract.js';
import { loadSchemaCatalog, SCHEMA_ID_BASE, SchemaCatalogError } from '../../src/contract/schema-catalog.js';
import { kitPath } from '../../src/kit-root.js';
import { ALL_SCHEMA_CASES } from '../../fixtures/schema-cases/index.js';

const entries = loadSchemaCatalog();

test('should compile every schema in ajv strict mode', () => {
  expect(() => createContract(undefined, entries)).not.toThrow();
});

test('should hold at least 12 schemas, each with $id, title and draft 2020-12', () => {
  expect(entries.length).toBeGreaterThanOrEqual(12);
  for (const entry of entries) {
    expect(entry.uri, entry.file).toBe(SCHEMA_ID_BASE + entry.file);
    expect(entry.schema.title, entry.file).toEqual(expect.any(String));
    expect(entry.schema.$schema, entry.file).toBe('https://json-schema.org/draft/2020-12/schema');
  }
});

test('should generate a type for every body schema and for nothing else', () => {
  const bodies = entries.filter((e) => e.kind !== undefined).map((e) => e.shortId);
  expect([...SCHEMA_IDS].sort()).toEqual(bodies.sort());
});

test('should have hand-written cases for every body schema', () => {
  expect(ALL_SCHEMA_CASES.map((c) => c.schema).sort()).toEqual([...SCHEMA_IDS].sort());
});

test('should refuse a schema whose $id does not mirror its path', () => {
  expect(() => loadSchemaCatalog(kitPath('fixtures', 'self', 'bad-schemas'))).toThrow(SchemaCatalogError);
  expect(() => loadSchemaCatalog(kitPath('fixtures', 'self', 'bad-schemas'))).toThrow(/\$id must be/);
});

test('should encode the interface revision it records', () => {
  const revision = JSON.parse(readFileSync(kitPath('schemas', 'interface-revision.json'), 'utf8')) as {
    sha256: string;
    document: string;
  };
  const document = kitPath('..', 'shared', 'spec', revision.document);
  test.skip(!existsSync(document), `the interface document is not beside the kit (${document})`);
  const digest = createHash('sha256').update(readFileSync(document)).digest('hex');
  expect(digest, 'the interface changed: review the schemas, then record the new digest').toBe(revision.sha256);
});
