import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SchemaId } from '../../generated/schema-types.gen.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';
import { constantTimeEqual } from '../signing/constant-time.js';
import type { CheckedAttempt, Reply } from '../../generated/capture/definitions.gen.js';
import type { EndpointRequest } from '../../generated/capture/endpoint.request.gen.js';
import type { CaptureEndpoint } from './capture-endpoint.js';
import type { WaitResult } from './mailbox.js';

/** The longest a caller may ask an attempts request to wait: long polls end, and the caller asks again. */
const MAX_WAIT_MS = 120_000;
const MAX_API_BODY_BYTES = 1024 * 1024;
const MAX_ABOUT_LENGTH = 200;

class ApiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The capture API, under /__capture/v1 (bearer token): lets the Playwright workers use the one capture server of a
 * run. Bodies follow schemas/capture/.
 *
 * - `POST endpoints` (EndpointRequest) → EndpointResponse
 * - `PUT endpoints/{token}/script` (ScriptRequest)
 * - `GET endpoints/{token}/attempts?count=n&waitMs=t` → AttemptsResponse (waits until n attempts or t ms)
 * - `GET endpoints/{token}/attempts?about=id` → AttemptsResponse: now, only those whose body's id member is `id` (a
 *   shared endpoint holds every test's postbacks: all of them would outgrow what a client reads)
 * - `GET unknown?count=n&waitMs=t` → AttemptsResponse: attempts at paths no endpoint has
 */
/** What the API needs of the capture server (which implements it): endpoints, their scripts and their attempts. */
export interface CaptureBackend {
  createEndpoint(request: EndpointRequest): Promise<CaptureEndpoint>;
  endpoint(token: string): CaptureEndpoint | undefined;
  setScript(token: string, script: readonly Reply[], then?: Reply): boolean;
  waitForAttempts(token: string | null, count: number, timeoutMs: number): Promise<WaitResult>;
  attemptsAbout(token: string, id: string): readonly CheckedAttempt[] | undefined;
}

export class CaptureApi {
  constructor(
    private readonly capture: CaptureBackend,
    private readonly token: string,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    try {
      const authorization = request.headers.authorization ?? '';
      if (!constantTimeEqual(authorization, `Bearer ${this.token}`)) throw new ApiProblem(401, 'bad or missing token');
      const url = new URL(path, 'http://capture');
      const route = url.pathname.replace(/^\/__capture\/v1\//, '');
      const method = request.method ?? 'GET';
      if (method === 'POST' && route === 'endpoints') {
        const body = await readJson(request, 'capture/endpoint.request');
        const endpoint = await this.capture.createEndpoint(body);
        send(response, 200, { token: endpoint.token, url: endpoint.url });
        return;
      }
      const script = /^endpoints\/([a-z0-9]+)\/script$/.exec(route);
      if (method === 'PUT' && script !== null) {
        const body = await readJson(request, 'capture/script.request');
        if (!this.capture.setScript(script[1] ?? '', body.script, body.then))
          throw new ApiProblem(404, 'no such endpoint');
        send(response, 200, {});
        return;
      }
      const attempts = /^endpoints\/([a-z0-9]+)\/attempts$/.exec(route);
      if (method === 'GET' && (attempts !== null || route === 'unknown')) {
        const token = attempts === null ? null : (attempts[1] ?? '');
        if (token !== null && this.capture.endpoint(token) === undefined) throw new ApiProblem(404, 'no such endpoint');
        const about = url.searchParams.get('about');
        if (about !== null) {
          if (token === null || about.length === 0 || about.length > MAX_ABOUT_LENGTH) {
            throw new ApiProblem(
              400,
              `about must be an endpoint's payment or complaint id of 1 to ${MAX_ABOUT_LENGTH} characters`,
            );
          }
          send(response, 200, { attempts: this.capture.attemptsAbout(token, about) ?? [], complete: true });
          return;
        }
        const count = integerParameter(url, 'count', 0, 1_000_000);
        const waitMs = integerParameter(url, 'waitMs', 0, MAX_WAIT_MS);
        send(response, 200, await this.capture.waitForAttempts(token, count, waitMs));
        return;
      }
      throw new ApiProblem(404, `no route ${method} ${url.pathname}`);
    } catch (error) {
      const status = error instanceof ApiProblem ? error.status : 500;
      send(response, status, { error: (error as Error).message });
    }
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function integerParameter(url: URL, name: string, min: number, max: number): number {
  const text = url.searchParams.get(name) ?? '0';
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ApiProblem(400, `${name} must be an integer from ${min} to ${max} (got ${text})`);
  }
  return value;
}

async function readJson<Id extends SchemaId>(request: IncomingMessage, schema: Id) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_API_BODY_BYTES) throw new ApiProblem(400, 'body too large');
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new ApiProblem(400, 'the body is not JSON');
  }
  const validation = getContract().validate(schema, value);
  if (!validation.ok) throw new ApiProblem(400, formatFindings(validation.findings));
  return validation.value;
}
