/**
 * The kit's contract as an OpenAPI 3.1 document (`npm run openapi`), for the tools teams already run (Prism,
 * Schemathesis, Postman, Specmatic): every operation the profile names, at its path and method, with its request
 * schema, its 200 answer and the §7 error answers of the operations it is one of; both postbacks as `webhooks`.
 * The schemas are the kit's own (schemas/), bundled: each file and each of its $defs becomes one component, and every
 * $ref is rewritten to point at it, so a consumer needs nothing but this one document.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import type { BodySigner } from '../signing/body-signer.js';
import { OPERATION_NAMES, type OperationName } from '../contract/operations.js';
import { loadSchemaCatalog, SCHEMA_ID_BASE, type SchemaEntry } from '../contract/schema-catalog.js';
import { applyConventions } from './profile-conventions.js';
import { signingInputSpec } from '../signing/signing-input.js';
import { COMPONENT_REF, componentName, json } from './component-refs.js';
import { operationObject } from './operation-object.js';

export type OpenApiDocument = Record<string, unknown>;

/** Rewrites one $ref of the schema file `shortId` to the component it names. */
function rewriteRef(ref: string, shortId: string): string {
  const [target = '', fragment = ''] = ref.split('#', 2);
  let targetId = shortId;
  if (target !== '') {
    const url = new URL(target, SCHEMA_ID_BASE + shortId + '.schema.json');
    if (!url.href.startsWith(SCHEMA_ID_BASE) || !url.pathname.endsWith('.schema.json')) {
      throw new Error(`schemas/${shortId}: a $ref outside schemas/ cannot be bundled (${ref})`);
    }
    targetId = url.href.slice(SCHEMA_ID_BASE.length, -'.schema.json'.length);
  }
  if (fragment === '' || fragment === '/') return COMPONENT_REF + componentName(targetId);
  const match = /^\/\$defs\/([^/]+)$/.exec(fragment);
  if (match?.[1] === undefined) {
    throw new Error(`schemas/${shortId}: only refs to a file or to one of its $defs can be bundled (${ref})`);
  }
  return COMPONENT_REF + componentName(targetId, decodeURIComponent(match[1]));
}

type Conventions = NonNullable<ServiceProfile['conventions']>;
type CreatedAtFormat = Conventions['createdAtFormat'];

/**
 * What the kit's own format `record-timestamp` means under the profile (§2.1 does not show it), in keywords every
 * consumer knows: a date-time, with milliseconds and Z when the profile says so; any string when it says nothing.
 */
function recordTimestamp(format: CreatedAtFormat): Record<string, unknown> {
  if (format === 'iso8601-utc-millis') {
    return { format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' };
  }
  return format === 'iso8601' ? { format: 'date-time' } : {};
}

/**
 * What the kit's own format `amount-total` (the list's sums, src/contract/formats.ts) means under the profile: an
 * integer in minor units, any number where the profile says the sums are in major units.
 */
function amountTotal(unit: Conventions['amountTotalsUnit']): Record<string, unknown> {
  return { type: unit === 'major' ? 'number' : 'integer' };
}

/**
 * A copy of a schema with its refs rewritten, the kit's own formats written in keywords every consumer knows, and
 * without the members a component does not carry ($id, $schema, $defs).
 */
function bundled(value: unknown, shortId: string, conventions: Conventions, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => bundled(item, shortId, conventions, false));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (top && (key === '$id' || key === '$schema' || key === '$defs')) continue;
    if (key === '$ref' && typeof member === 'string') out.$ref = rewriteRef(member, shortId);
    else if (key === 'format' && member === 'record-timestamp') {
      Object.assign(out, recordTimestamp(conventions.createdAtFormat));
    } else if (key === 'format' && member === 'amount-total')
      Object.assign(out, amountTotal(conventions.amountTotalsUnit));
    else out[key] = bundled(member, shortId, conventions, false);
  }
  return out;
}

/** Every schema file and every $defs entry of it as components. */
/** The interface's bodies: the kit's own files (profiles, reports, capture, control, recordings) are not. */
const INTERFACE_AREAS = ['common/', 'payments/', 'complaints/', 'errors/', 'other-operations/', 'postbacks/'];

function components(entries: readonly SchemaEntry[], conventions: Conventions): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const entry of entries) {
    if (!INTERFACE_AREAS.some((area) => entry.shortId.startsWith(area))) continue;
    schemas[componentName(entry.shortId)] = bundled(entry.schema, entry.shortId, conventions);
    const defs = entry.schema.$defs;
    if (typeof defs === 'object' && defs !== null) {
      for (const [name, def] of Object.entries(defs as Record<string, unknown>)) {
        schemas[componentName(entry.shortId, name)] = bundled(def, entry.shortId, conventions, false);
      }
    }
  }
  return schemas;
}

function webhook(summary: string, shortId: string): Record<string, unknown> {
  return {
    post: {
      summary,
      description:
        'Sent by the service to the merchant (§6); signed with the service key (publicKey + hash, §5.3). Retried until ' +
        'the merchant answers 200; re-sent when the status flips.',
      requestBody: { required: true, content: json(shortId) },
      responses: {
        '200': { description: 'Acknowledged (§6.1); the body may be empty. Only a 200 counts as received.' },
        default: { description: 'Not received: the service retries (§6.2).' },
      },
    },
  };
}

export interface OpenApiSource {
  readonly profile: ServiceProfile;
  /** Signs the request examples as the merchant; without it the document carries no examples. */
  readonly signer?: BodySigner;
  readonly kitVersion: string;
  readonly interfaceRevision: string;
}

export function openApiDocument(
  source: OpenApiSource,
  entries: readonly SchemaEntry[] = loadSchemaCatalog(),
): OpenApiDocument {
  const { profile } = source;
  const operations = profile.operations as Partial<Record<OperationName, { method?: string; path: string }>>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of OPERATION_NAMES) {
    const endpoint = operations[name];
    if (endpoint === undefined) continue;
    const item = paths[endpoint.path] ?? {};
    item[(endpoint.method ?? 'POST').toLowerCase()] = operationObject(name, profile, source.signer);
    paths[endpoint.path] = item;
  }
  const signing = profile.signing;
  const schemas = components(entries, profile.conventions ?? {});
  applyConventions(schemas, profile);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `Payment service interface (${profile.name})`,
      version: source.kitVersion,
      description:
        `Generated by the conformance kit from its schemas and the profile ${profile.name} ` +
        `(interface revision ${source.interfaceRevision}). Bodies are signed, not headers: see x-signing-input.`,
    },
    ...(profile.baseUrl === undefined ? {} : { servers: [{ url: profile.baseUrl }] }),
    'x-signing-input': {
      requests: { scheme: signing.scheme, ...signingInputSpec(signing) },
      postbacks: { scheme: profile.postbacks.scheme, ...signingInputSpec(profile.postbacks) },
    },
    paths,
    webhooks: {
      paymentPostback: webhook('Payment postback (§2.5)', 'postbacks/payment-postback'),
      complaintPostback: webhook('Complaint postback (§2.6)', 'postbacks/complaint-postback'),
    },
    components: { schemas },
  };
}
