/**
 * `payment-conformance sign [--profile FILE] < body.json`: a body signed as the merchant, the way the kit signs its
 * own requests (§5: publicKey set, hash over what the profile's signing settings say). The companion of the OpenAPI
 * export: a tool driven by the export (a property-based tester, a Postman pre-request hook, a mock client) pipes each
 * body through it, since §5 signs bodies, not headers, which OpenAPI cannot state.
 */
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { serializeBody } from '../client/prepared-request.js';
import { DEFAULT_PROFILE_FILE, loadProfile } from '../profile/load-profile.js';

export const SIGN_HELP = `Sign a request body as the merchant, with the profile's signing settings.

Usage: payment-conformance sign [--profile FILE] < body.json

  --profile FILE  whose signing scheme, keys, members, canonical form and hash encoding sign the body
                  (default: profiles/sandbox.json)
  --help          this text

Reads one JSON object from standard input, sets publicKey to the merchant's key and writes the body with its hash
as the kit sends it (RFC 8785 canonical JSON), then a newline: send those bytes as they are. A hash in the input is
replaced. Exit 2 on a bad flag or profile, or an input that is not one JSON object.
`;

/** A body is a few kilobytes; a megabyte is a mistake (a file piped by error), refused before it is parsed. */
const MAX_INPUT_BYTES = 1024 * 1024;
/** An input that never ends (a pipe left open, a terminal) is refused after this, never waited for forever. */
const INPUT_TIMEOUT_MS = 60_000;

export interface SignStreams {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

class InputError extends Error {}

async function readInput(stdin: SignStreams['stdin'], timeoutMs: number): Promise<string> {
  if (stdin.isTTY === true) throw new InputError('pipe a JSON body into it (sign < body.json)');
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new InputError(`no end of input within ${timeoutMs / 1000} s`));
      // Reading no further lets the process end: an open standard input would keep it waiting.
      (stdin as Partial<Readable>).destroy?.();
    }, timeoutMs);
  });
  const read = (async () => {
    for await (const chunk of stdin) {
      const bytes = Buffer.from(chunk);
      size += bytes.length;
      if (size > MAX_INPUT_BYTES) throw new InputError(`the input is larger than ${MAX_INPUT_BYTES} bytes`);
      chunks.push(bytes);
    }
    return Buffer.concat(chunks).toString('utf8');
  })();
  // Once the time is up, what the destroyed input then throws is no one's to handle.
  read.catch(() => undefined);
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function bodyOf(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`the input is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InputError('the input is not one JSON object (§4: every body is a JSON object)');
  }
  return value as Record<string, unknown>;
}

export async function sign(
  args: readonly string[],
  streams: SignStreams = process,
  inputTimeoutMs = INPUT_TIMEOUT_MS,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: { profile: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    streams.stderr.write(`sign: ${(error as Error).message} (see --help)\n`);
    return 2;
  }
  if (values.help === true) {
    streams.stdout.write(SIGN_HELP);
    return 0;
  }
  try {
    const profile = await loadProfile(values.profile ?? DEFAULT_PROFILE_FILE);
    const body = bodyOf(await readInput(streams.stdin, inputTimeoutMs));
    const signed = serializeBody(profile.requestSigner.sign(body));
    streams.stdout.write(`${signed.toString('utf8')}\n`);
    return 0;
  } catch (error) {
    streams.stderr.write(`sign: ${(error as Error).message}\n`);
    return 2;
  }
}
