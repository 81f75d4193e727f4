/**
 * npm run generate        writes generated/ from schemas/
 * npm run generate:check  fails, naming the files and the fix, when generated/ is not what schemas/ produce
 *
 * One TypeScript file per schema, mirroring the schemas/ tree, plus generated/schema-types.gen.ts mapping each
 * body schema's short id to its root type (what src/contract's validate() returns), and the OpenAPI 3.1 export of the
 * embedded sandbox's profile (generated/openapi/sandbox.openapi.json, as `npm run openapi` writes it), and the register
 * of the interface's open points (generated/open-points.md, from src/requirements/open-points.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compile, type Options } from 'json-schema-to-typescript';
import { loadSchemaCatalog, SCHEMA_ID_BASE, type SchemaEntry } from '../src/contract/schema-catalog.js';
import { kitPath } from '../src/kit-root.js';
import { openApiText } from '../src/openapi/openapi-cli.js';
import { openPointsMarkdown } from '../src/requirements/open-points-markdown.js';

const GENERATED_DIR = kitPath('generated');
const SCHEMAS_DIR = kitPath('schemas');
const FIX_COMMAND = 'npm run generate';
const OPENAPI_FILE = 'openapi/sandbox.openapi.json';
/** The register of the interface's open points, from src/requirements/open-points.ts. */
const OPEN_POINTS_FILE = 'open-points.md';

function sandboxOpenApi(entries: readonly SchemaEntry[]): Promise<string> {
  return openApiText(kitPath('profiles', 'sandbox.json'), entries);
}

function banner(source: string): string {
  return [
    '/* eslint-disable */',
    '/**',
    ` * Generated from ${source} by \`${FIX_COMMAND}\`. Do not edit by hand:`,
    ' * change the schema and regenerate (`npm run generate:check` fails while this file is stale).',
    ' */',
  ].join('\n');
}

/**
 * json-schema-to-typescript moves a `description` written beside a `$ref` onto the shared referenced type, so the
 * last use site would document the shared type. Such descriptions are for readers of the schema; drop them here.
 */
function withoutRefSiteDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefSiteDescriptions);
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'description' && '$ref' in record) continue;
    out[key] = withoutRefSiteDescriptions(value);
  }
  return out;
}

function generatedFileFor(entry: SchemaEntry): string {
  return entry.file.replace(/\.schema\.json$/, '.gen.ts');
}

async function compileEntry(entry: SchemaEntry, catalog: Map<string, SchemaEntry>): Promise<string> {
  const options: Partial<Options> = {
    bannerComment: banner(`schemas/${entry.file}`),
    additionalProperties: false,
    strictIndexSignatures: true,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    cwd: path.dirname(path.join(SCHEMAS_DIR, entry.file)),
    style: { singleQuote: true, printWidth: 120, trailingComma: 'all' },
    $refOptions: {
      // Refs resolve from the catalog (with the same preprocessing), never from the network.
      resolve: {
        http: false,
        file: {
          order: 1,
          canRead: true,
          read: ({ url }: { url: string }) => {
            const file = path.relative(SCHEMAS_DIR, url.startsWith('file:') ? new URL(url).pathname : url);
            const target = catalog.get(file.split(path.sep).join('/'));
            if (target === undefined) throw new Error(`${entry.file}: $ref to ${url}, which is not in schemas/`);
            return JSON.stringify(withoutRefSiteDescriptions(target.schema));
          },
        },
      },
    },
  };
  const ts = await compile(withoutRefSiteDescriptions(entry.schema) as object, String(entry.schema.title), options);
  const title = String(entry.schema.title);
  if (entry.kind !== undefined && !new RegExp(`export (type|interface) ${title}\\b`).test(ts)) {
    throw new Error(`${entry.file}: the generated code does not export its root type ${title}`);
  }
  return ts;
}

function schemaTypesModule(entries: readonly SchemaEntry[]): string {
  const bodies = entries.filter((e) => e.kind !== undefined);
  const imports = bodies.map((e) => {
    const from = `./${generatedFileFor(e).replace(/\.ts$/, '.js')}`;
    return `import type { ${String(e.schema.title)} } from '${from}';`;
  });
  const members = bodies.map((e) => `  '${e.shortId}': ${String(e.schema.title)};`);
  const ids = bodies.map((e) => `  '${e.shortId}',`);
  return [
    banner('every body schema under schemas/ (x-body-kind)'),
    '',
    ...imports,
    '',
    '/** Each body schema (by its path under schemas/, without .schema.json) and the type generated from it. */',
    'export interface SchemaTypes {',
    ...members,
    '}',
    '',
    'export type SchemaId = keyof SchemaTypes;',
    '',
    `/** Base of every schema's $id. */`,
    `export const SCHEMA_ID_BASE = '${SCHEMA_ID_BASE}';`,
    '',
    'export const SCHEMA_IDS = [',
    ...ids,
    '] as const satisfies readonly SchemaId[];',
    '',
  ].join('\n');
}

async function render(): Promise<Map<string, string>> {
  const entries = loadSchemaCatalog(SCHEMAS_DIR);
  const catalog = new Map(entries.map((e) => [e.file, e]));
  const files = new Map<string, string>();
  for (const entry of entries) files.set(generatedFileFor(entry), await compileEntry(entry, catalog));
  files.set('schema-types.gen.ts', schemaTypesModule(entries));
  // The OpenAPI export of the embedded sandbox's profile: what `npm run openapi` writes for it, kept fresh here.
  files.set(OPENAPI_FILE, await sandboxOpenApi(entries));
  files.set(OPEN_POINTS_FILE, `${openPointsMarkdown()}\n`);
  return files;
}

function filesOnDisk(): string[] {
  if (!existsSync(GENERATED_DIR)) return [];
  return readdirSync(GENERATED_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') || f.endsWith('.json') || f.endsWith('.md'))
    .map((f) => f.split(path.sep).join('/'));
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const wanted = await render();
  const onDisk = filesOnDisk();
  const stale = [...wanted].filter(([file, text]) => {
    const target = path.join(GENERATED_DIR, file);
    return !existsSync(target) || readFileSync(target, 'utf8') !== text;
  });
  const extra = onDisk.filter((file) => !wanted.has(file));

  if (check) {
    if (stale.length === 0 && extra.length === 0) {
      console.log(`generated/ is up to date (${wanted.size} files).`);
      return 0;
    }
    for (const [file] of stale) console.error(`stale or missing: generated/${file}`);
    for (const file of extra) console.error(`no source schema: generated/${file}`);
    console.error(`generated/ does not match schemas/. Run \`${FIX_COMMAND}\` and commit the result.`);
    return 1;
  }
  for (const file of extra) rmSync(path.join(GENERATED_DIR, file));
  for (const [file, text] of stale) {
    const target = path.join(GENERATED_DIR, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  console.log(`generated/: ${stale.length} written, ${extra.length} removed, ${wanted.size} in all.`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
