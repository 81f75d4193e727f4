import type { SchemaEntry } from './schema-catalog.js';

/**
 * Where each schema object sits, as `file#/json/pointer`. ajv's own schemaPath restarts at every $ref target, so
 * `#/properties/failedCode` could be any definition; ajv's verbose errors hand over the schema object itself,
 * which this index turns back into its exact place.
 */
export function indexSchemaLocations(entries: readonly SchemaEntry[]): WeakMap<object, string> {
  const index = new WeakMap<object, string>();
  const walk = (node: unknown, location: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (!index.has(node)) index.set(node, location);
    for (const [key, child] of Object.entries(node)) {
      walk(child, `${location}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  for (const entry of entries) walk(entry.schema, `${entry.file}#`);
  return index;
}
