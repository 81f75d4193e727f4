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
import { readRecording } from '../client-report/read-recording.js';
import { answeredStatuses, unlistedText } from './answered-statuses.js';

export const OPENAPI_HELP = `Export the kit's contract as an OpenAPI 3.1 document.

Usage: payment-conformance openapi [--profile FILE] [--out FILE]
       payment-conformance openapi [--profile FILE] --check-recording FILE

  --profile FILE          whose operation paths and methods, base URL, signing input, conventions and record
                          timestamp format the document states (default: profiles/sandbox.json)
  --out FILE              where it goes (default: standard output)
  --check-recording FILE  instead of writing the document, compare it with a sandbox recording (sandbox --record):
                          every status an operation answered must be one the document lists for it
  --help                  this text

Every operation the profile names, with its request schema, its 200 answer and every error answer the interface
(§7) and the profile's conventions allow it, each error body with its exact codes; both postbacks under webhooks;
the schemas bundled into components. Exit 2 on a bad flag, profile or recording; with --check-recording, exit 1 when
an answer is not in the document.
`;

/**
 * The document of a profile, as the text written: the same inputs give the same bytes, but for the request examples of
 * a randomised signing scheme (rsa-pss-sha256, ecdsa-p256), which sign anew each time.
 */
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
      signer: profile.requestSigner,
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
      options: {
        profile: { type: 'string' },
        out: { type: 'string' },
        'check-recording': { type: 'string' },
        help: { type: 'boolean' },
      },
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
  const recordingFile = values['check-recording'];
  if (recordingFile !== undefined) return checkRecording(JSON.parse(text) as Record<string, unknown>, recordingFile);
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  return 0;
}

/** The document against a recording: 0 when it lists every answer, 1 when not, 2 when the recording is unreadable. */
function checkRecording(document: Record<string, unknown>, file: string): number {
  let recording;
  try {
    recording = readRecording(file);
  } catch (error) {
    process.stderr.write(`openapi: ${(error as Error).message}\n`);
    return 2;
  }
  const result = answeredStatuses(document, recording);
  const operations = Object.entries(result.answered)
    .map(([id, statuses]) => `${id} ${statuses.join(' ')}`)
    .join('; ');
  process.stdout.write(
    `openapi --check-recording ${file}: ${recording.exchanges.length} exchanges, ${result.outsideDocument} outside ` +
      `the document's operations${recording.badLines > 0 ? `, ${recording.badLines} unreadable lines skipped` : ''}\n` +
      `answered: ${operations === '' ? 'nothing' : operations}\n`,
  );
  if (result.unlisted.length === 0) {
    process.stdout.write('every answer is one the document lists\n');
    return 0;
  }
  process.stdout.write(`${unlistedText(result)}\n`);
  return 1;
}
