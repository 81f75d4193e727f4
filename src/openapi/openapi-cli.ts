/**
 * `payment-conformance openapi [--profile FILE] [--out FILE]`: the OpenAPI 3.1 document of a profile's target, generated from
 * schemas/ (src/openapi/openapi-document.ts). generated/openapi/sandbox.openapi.json is the embedded sandbox's, kept
 * fresh by `npm run generate:check`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SchemaEntry } from '../contract/schema-catalog.js';
import { kitPath } from '../kit-root.js';
import { DEFAULT_PROFILE_FILE, loadProfile } from '../profile/load-profile.js';
import { openApiDocument } from './openapi-document.js';

export const OPENAPI_HELP = `Export the kit's contract as an OpenAPI 3.1 document.

Usage: payment-conformance openapi [--profile FILE] [--out FILE]

  --profile FILE  whose operation paths and methods, base URL, signing input and record timestamp format the
                  document states (default: profiles/sandbox.json)
  --out FILE      where it goes (default: standard output)
  --help          this text

Every operation the profile names, with its request schema, its 200 answer and its §7 error answers; both postbacks
under webhooks; the schemas bundled into components. Exit 2 on a bad flag or profile.
`;

/** The document of a profile, as the text written (stable: the same inputs give the same bytes). */
export async function openApiText(profileFile: string, entries?: readonly SchemaEntry[]): Promise<string> {
  const profile = await loadProfile(profileFile);
  const pkg = JSON.parse(readFileSync(kitPath('package.json'), 'utf8')) as { version: string };
  const revision = JSON.parse(readFileSync(kitPath('schemas', 'interface-revision.json'), 'utf8')) as {
    sha256: string;
    recordedAt: string;
  };
  const document = openApiDocument(
    {
      profile: profile.settings,
      kitVersion: pkg.version,
      interfaceRevision: `${revision.recordedAt} (sha256 ${revision.sha256.slice(0, 12)})`,
    },
    entries,
  );
  return `${JSON.stringify(document, null, 2)}\n`;
}

export async function openApi(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: { profile: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    process.stderr.write(`openapi: ${(error as Error).message} (see --help)\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(OPENAPI_HELP);
    return 0;
  }
  let text: string;
  try {
    text = await openApiText(values.profile ?? DEFAULT_PROFILE_FILE);
  } catch (error) {
    process.stderr.write(`openapi: ${(error as Error).message}\n`);
    return 2;
  }
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  return 0;
}
