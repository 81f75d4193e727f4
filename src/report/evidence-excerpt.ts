/**
 * Evidence excerpts of a failed test, from what the fixtures attached (fixtures/conformance/evidence.ts: the test's
 * exchanges; test-capture.ts: the postbacks its endpoints received) and its error message. Excerpts are bounded and
 * redacted: a report is pasted into tickets, and a hostile target's answers must not swell it or leak into it.
 */
import { stripVTControlCharacters } from 'node:util';
import type { Evidence } from '../../generated/report/conformance.gen.js';
import { redactSecrets } from '../secrets/redaction.js';
import { curlOf } from './reproduce.js';

export interface AttachedText {
  readonly name: string;
  readonly text: string;
}

const MESSAGE_CHARS = 3_000;
const BODY_CHARS = 1_500;
const POSTBACK_CHARS = 2_000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  // JSON.stringify gives undefined for undefined (its type says string).
  const json = JSON.stringify(value) as string | undefined;
  return json ?? '';
}

/** The last exchange of the test: the one its failing check most likely looked at. */
function lastExchange(
  attachments: readonly AttachedText[],
): { request: string; response: string; curl: string | undefined } | undefined {
  const attached = attachments.find((a) => a.name === 'exchanges');
  if (attached === undefined) return undefined;
  let exchanges: unknown;
  try {
    exchanges = JSON.parse(attached.text);
  } catch {
    return undefined;
  }
  const last = Array.isArray(exchanges) ? record(exchanges.at(-1)) : undefined;
  const request = record(last?.request);
  const response = record(last?.response);
  if (request === undefined || response === undefined) return undefined;
  const variant = request.variant === undefined ? '' : ` (${text(request.variant)})`;
  return {
    request: clip(`${text(request.method)} ${text(request.url)}${variant}\n${text(request.body)}`, BODY_CHARS),
    response: clip(`${text(response.status)}\n${text(response.body)}`, BODY_CHARS),
    curl: curlOf({
      method: text(request.method),
      url: text(request.url),
      headers: record(request.headers) ?? {},
      body: text(request.body),
    }),
  };
}

export function evidenceOf(
  test: string,
  errorMessage: string,
  attachments: readonly AttachedText[],
  files: readonly string[] = [],
  replay?: string,
): Evidence {
  const exchange = lastExchange(attachments);
  const postbacks = attachments.find((a) => a.name === 'postbacks')?.text;
  return {
    test: redactSecrets(test),
    // Without the terminal colour codes Playwright's expect puts in messages.
    message: redactSecrets(clip(stripVTControlCharacters(errorMessage).trim(), MESSAGE_CHARS)),
    ...(exchange === undefined
      ? {}
      : { request: redactSecrets(exchange.request), response: redactSecrets(exchange.response) }),
    ...(postbacks === undefined ? {} : { postbacks: redactSecrets(clip(postbacks, POSTBACK_CHARS)) }),
    ...(exchange?.curl === undefined ? {} : { curl: redactSecrets(exchange.curl) }),
    ...(replay === undefined ? {} : { replay: redactSecrets(replay) }),
    ...(files.length === 0 ? {} : { files: [...files] }),
  };
}
