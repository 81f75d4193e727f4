/**
 * `npm run openapi`: the OpenAPI 3.1 export validates as OpenAPI 3.1 with two validators (a maintained validator of
 * the official schema, @seriousme/openapi-schema-validator, and ReadMe's @readme/openapi-parser, which also resolves
 * every $ref), holds every operation the profile names, the links between them (issue 40) and both postbacks as
 * webhooks, and serves a second, independent consumer (openapi-backend's request and response validation) that
 * accepts a real sandbox exchange and refuses a broken one. Its freshness for the sandbox's profile is
 * `npm run generate:check`'s (generated/openapi/sandbox.openapi.json).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { validate as readmeValidate } from '@readme/openapi-parser';
import addFormatsPlugin from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import { ApiClient } from '../../../src/client/api-client.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../src/contract/operations.js';
import { getContract } from '../../../src/contract/contract.js';
import { verifyBody } from '../../../src/signing/body-signer.js';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { openApiText } from '../../../src/openapi/openapi-cli.js';
import { operationLinks } from '../../../src/openapi/operation-links.js';
import { openApiDocument } from '../../../src/openapi/openapi-document.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

type Document = Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  webhooks: Record<string, unknown>;
};

const sandboxDocument = (): Document =>
  JSON.parse(readFileSync(kitPath('generated', 'openapi', 'sandbox.openapi.json'), 'utf8')) as Document;

/**
 * openapi-backend reads the document's paths and schemas (quick: its own check of whole documents knows OpenAPI 3.0
 * only; the 3.1 check is the validator's above), with the standard formats so that date-time and uuid are judged.
 */
async function consumer(document: Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: document as never,
    validate: true,
    quick: true,
    customizeAjv: (ajv) => {
      addFormatsPlugin.default(ajv);
      return ajv;
    },
  });
  await api.init();
  return api;
}

test.describe('npm run openapi', () => {
  test('should export a valid OpenAPI 3.1 document with every operation of the profile and both webhooks', async () => {
    const document = sandboxDocument();
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], 'OpenAPI 3.1 schema findings').toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    const profile = await loadProfile();
    const operations = profile.settings.operations as unknown as Record<
      string,
      { method?: string; path: string } | undefined
    >;
    const named = OPERATION_NAMES.filter((name) => operations[name] !== undefined);
    const exported = Object.entries(document.paths).flatMap(([, item]) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(exported.sort()).toEqual([...named].sort());
    for (const name of named) {
      const endpoint = operations[name];
      const operation = document.paths[endpoint?.path ?? '']?.[(endpoint?.method ?? 'POST').toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      // §7: every operation answers 400, 401 and 500 with the error body.
      expect(Object.keys(operation?.responses ?? {}), name).toEqual(
        expect.arrayContaining(['200', '400', '401', '500']),
      );
    }
    expect(Object.keys(document.webhooks).sort()).toEqual(['complaintPostback', 'paymentPostback']);
    const second = await readmeValidate(structuredClone(document) as never);
    expect(second.valid, JSON.stringify(second)).toBe(true);
  });

  test('should link every operation: a creation to the lookups of its payment, a page to the next, a method to a deposit', () => {
    const document = sandboxDocument();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const linksOf = (id: string) => {
      const answer = operations.find((o) => o.operationId === id)?.responses['200'] as
        { links?: Record<string, { operationId: string; requestBody: Record<string, unknown> }> } | undefined;
      return answer?.links ?? {};
    };
    for (const creation of ['createPayIn', 'createPayOut']) {
      expect(linksOf(creation).paymentStatus, creation).toEqual(
        expect.objectContaining({
          operationId: 'paymentStatus',
          requestBody: { paymentId: '$response.body#/paymentId' },
        }),
      );
      expect(linksOf(creation).complaintStatus?.requestBody, creation).toEqual({
        paymentId: '$response.body#/paymentId',
      });
      // The profile's SMS test code goes with the created payment's id.
      expect(linksOf(creation).smsConfirm?.requestBody, creation).toEqual({
        paymentId: '$response.body#/paymentId',
        code: '123456',
      });
    }
    expect(linksOf('paymentsList').nextPage?.requestBody).toEqual({
      createdAtFrom: '$request.body#/createdAtFrom',
      createdAtTo: '$request.body#/createdAtTo',
      fromId: '$response.body#/nextId',
    });
    expect(linksOf('complaintCreate').complaintStatus?.requestBody).toEqual({ id: '$response.body#/id' });
    expect(linksOf('paymentMethods').createPayIn?.requestBody).toEqual({
      accountId: '$response.body#/paymentMethods/0/accountId',
      paymentMethodId: '$response.body#/paymentMethods/0/id',
    });
    expect(linksOf('mediaUpload').createPayIn?.requestBody).toMatchObject({ attachmentId: '$response.body#/id' });
    expect(linksOf('smsConfirm').paymentStatus?.requestBody).toEqual({ paymentId: '$request.body#/paymentId' });
    // Every operation's answer links somewhere, and every link names an operation of the document.
    const ids = new Set(operations.map((o) => o.operationId));
    for (const operation of operations) {
      const links = Object.values(linksOf(operation.operationId));
      expect(links.length, `${operation.operationId}: links`).toBeGreaterThan(0);
      for (const link of links) expect(ids).toContain(link.operationId);
    }
  });

  test("should link what the profile's conventions let a runtime expression pass, and nothing else", async () => {
    const settings = (await loadProfile()).settings;
    // The sandbox's list counts milliseconds: a record's createdAt text cannot be its bound, and no link says so.
    expect(operationLinks('paymentStatus', settings)?.paymentsList).toBeUndefined();
    const iso = { ...settings, conventions: { ...settings.conventions, listTimestampUnit: 'iso8601' as const } };
    expect(operationLinks('paymentStatus', iso)?.paymentsList?.requestBody).toEqual({
      createdAtFrom: '$response.body#/createdAt',
      createdAtTo: '$response.body#/createdAt',
    });
    // Half-open bounds would leave the payment out of [createdAt, createdAt).
    const halfOpen = { ...iso, conventions: { ...iso.conventions, listBoundsInclusive: 'from' as const } };
    expect(operationLinks('paymentStatus', halfOpen)?.paymentsList).toBeUndefined();
    // A complaint needs the URL its postbacks go to: linked only where the profile registers one.
    expect(operationLinks('createPayIn', settings)?.complaintCreate).toBeUndefined();
    const registered = { ...settings, merchant: { ...settings.merchant, postbackUrl: 'https://shop.example/pb' } };
    expect(operationLinks('createPayIn', registered)?.complaintCreate?.requestBody).toEqual({
      paymentId: '$response.body#/paymentId',
      postBackUrl: 'https://shop.example/pb',
    });
    // Only to operations the profile names.
    const { smsConfirm: _sms, ...operations } = settings.operations;
    expect(operationLinks('createPayIn', { ...settings, operations })?.smsConfirm).toBeUndefined();
  });

  test("should write the profile's conventions into the contract: the list's bounds and pages, its sums, the amounts", async () => {
    const foreign = JSON.parse(await openApiText(kitPath('profiles', 'foreign-sandbox.json'))) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const schemas = foreign.components.schemas;
    const list = schemas['payments.payments-list.request']?.properties;
    // The foreign flavour counts seconds, bounds inclusive, 10 a page by default and 50 at most.
    expect(list?.createdAtFrom).toEqual({
      type: 'integer',
      description:
        'Start of the creation-date interval, in seconds since the epoch (conventions.listTimestampUnit); bounds [createdAtFrom, createdAtTo] (conventions.listBoundsInclusive)',
    });
    expect(list?.take).toMatchObject({
      default: 10,
      description: expect.stringContaining('above 50 is refused or capped'),
    });
    expect(schemas['payments.payments-list']?.properties.nextId?.description).toMatch(/conventions\.nextId/);
    expect(schemas['payments.payments-list.CurrencyAmount']?.properties.total?.description).toMatch(
      /conventions\.amountTotalsUnit/,
    );
    const amount = schemas['payments.create-payment.request']?.properties.amount as { allOf?: unknown[] };
    expect(amount.allOf?.[1]).toEqual(expect.objectContaining({ minimum: expect.any(Number) }));
    // A profile that states none leaves the component as the interface has it.
    const sandbox = (await loadProfile()).settings;
    const silent = { ...sandbox, conventions: {} };
    const plain = openApiDocument({ profile: silent, kitVersion: '0', interfaceRevision: 'r' }) as typeof foreign;
    expect(plain.components.schemas['payments.payments-list.request']?.properties.createdAtFrom).toEqual({
      type: 'number',
      description: 'Timestamp, start of the creation-date interval',
    });
  });

  for (const profileFile of ['sandbox.json', 'foreign-sandbox.json']) {
    test(`should give every request and answer an example its schema takes, requests signed (${profileFile})`, async () => {
      const loaded = await loadProfile(kitPath('profiles', profileFile));
      const document = JSON.parse(await openApiText(kitPath('profiles', profileFile))) as Document;
      const api = await consumer(document);
      type Media = { examples?: Record<string, { value: unknown }> };
      let checked = 0;
      for (const [route, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const name = operation.operationId as OperationName;
          const requestExamples = (operation as unknown as { requestBody: { content: Record<string, Media> } })
            .requestBody.content['application/json']?.examples;
          const requests = Object.values(requestExamples ?? {});
          // createPayOut has no example only where the profile has no payout method.
          expect(requests, `${name}: request examples`).toHaveLength(1);
          for (const { value } of requests) {
            const body = value as Record<string, unknown>;
            expect(
              api.validateRequest({ method, path: route, headers: { 'content-type': 'application/json' }, body })
                .errors ?? [],
              name,
            ).toEqual([]);
            expect(getContract().validate(OPERATIONS[name].request, body).ok, name).toBe(true);
            expect(
              verifyBody(body, loaded.requestSigner.scheme, loaded.merchantVerificationKey, {
                input: loaded.requestSigner.input,
                bytes: Buffer.from(JSON.stringify(body)),
              }),
              `${name}: the example's signature`,
            ).toEqual({ valid: true });
            checked++;
          }
          for (const [status, response] of Object.entries(operation.responses)) {
            const examples = (response as { content?: Record<string, Media> }).content?.['application/json']?.examples;
            expect(Object.keys(examples ?? {}).length, `${name} ${status}: examples`).toBeGreaterThan(0);
            for (const { value } of Object.values(examples ?? {})) {
              expect(api.validateResponse(value, name, Number(status)).errors ?? [], `${name} ${status}`).toEqual([]);
              const schema = status === '200' ? OPERATIONS[name].response : 'errors/error';
              expect(getContract().validate(schema, value).ok, `${name} ${status}`).toBe(true);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(40);
    });
  }

  test("should state a §4.7 operation the provider shapes its own way as the profile describes it, not the kit's design", async () => {
    const loaded = await loadProfile();
    const settings = loaded.settings;
    const provider = {
      ...settings,
      operations: {
        ...settings.operations,
        complaintCreate: {
          ...settings.operations.complaintCreate,
          path: settings.operations.complaintCreate?.path ?? '/complaints',
          payload: {
            example: { payment: '{{paymentId}}', callback: '{{postBackUrl}}', reason: 'other' },
            required: ['payment', 'callback'],
            idAt: '/complaint/id',
          },
        },
        smsConfirm: { path: settings.operations.smsConfirm?.path ?? '/sms' },
      },
    };
    const document = openApiDocument({
      profile: provider,
      signer: loaded.requestSigner,
      kitVersion: '0',
      interfaceRevision: 'r',
    }) as Document;
    const operation = (id: string) =>
      Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .find((o) => o.operationId === id) as unknown as {
        requestBody: {
          content: {
            'application/json': {
              schema: Record<string, unknown>;
              examples?: Record<string, { value: Record<string, unknown> }>;
            };
          };
        };
        responses: Record<
          string,
          {
            content?: { 'application/json': { schema: Record<string, unknown>; examples?: unknown } };
            links?: Record<string, { operationId: string }>;
          }
        >;
      };
    const create = operation('complaintCreate');
    const media = create.requestBody.content['application/json'];
    expect(media.schema).toMatchObject({ required: ['publicKey', 'hash', 'payment', 'callback'] });
    const example = media.examples?.signed?.value;
    expect(example).toMatchObject({ payment: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', reason: 'other' });
    expect(
      verifyBody(example ?? {}, loaded.requestSigner.scheme, loaded.merchantVerificationKey, {
        input: loaded.requestSigner.input,
      }).valid,
    ).toBe(true);
    const answer = create.responses['200']?.content?.['application/json'];
    expect(answer?.schema).toEqual({ description: expect.stringContaining('the new id at /complaint/id') });
    expect(answer?.examples).toBeUndefined();
    expect(create.responses['200']?.links).toBeUndefined();
    // No payload described: the body is publicKey and hash and whatever the provider takes, no example.
    const sms = operation('smsConfirm').requestBody.content['application/json'];
    expect(sms.schema).toMatchObject({
      required: ['publicKey', 'hash'],
      description: expect.stringContaining('describes none'),
    });
    expect(sms.examples).toBeUndefined();
    // No link leads to them in the kit's shape.
    const fromCreation = operation('createPayIn').responses['200']?.links ?? {};
    expect(Object.values(fromCreation).map((l) => l.operationId)).not.toContain('smsConfirm');
    expect((await new Validator().validate(structuredClone(document) as never)).valid).toBe(true);
    expect((await readmeValidate(structuredClone(document) as never)).valid).toBe(true);
  });

  test('should refuse, with both validators, a document whose answer has no description or whose $ref leads nowhere', async () => {
    const broken = sandboxDocument();
    const status = Object.values(broken.paths)
      .flatMap((item) => Object.values(item))
      .find((o) => o.operationId === 'paymentStatus');
    if (status === undefined) throw new Error('no paymentStatus');
    status.responses['200'] = { content: { 'application/json': { schema: { $ref: '#/components/schemas/nowhere' } } } };
    expect((await new Validator().validate(structuredClone(broken) as never)).valid).toBe(false);
    expect((await readmeValidate(structuredClone(broken) as never)).valid).toBe(false);
  });

  test('should be what npm run openapi writes for a profile, with that profile paths', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-openapi-'));
    try {
      const out = path.join(dir, 'foreign.openapi.json');
      const run = await runKitCommand('openapi', [
        '--profile',
        kitPath('profiles', 'foreign-sandbox.json'),
        '--out',
        out,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toBe(await openApiText(kitPath('profiles', 'foreign-sandbox.json')));
      const foreign = await loadProfile(kitPath('profiles', 'foreign-sandbox.json'));
      const document = JSON.parse(text) as Document;
      expect(Object.keys(document.paths)).toContain(foreign.settings.operations.createPayIn.path);
      expect((await new Validator().validate(document as never)).valid).toBe(true);
      expect((await readmeValidate(structuredClone(document) as never)).valid).toBe(true);
      const refused = await runKitCommand('openapi', ['--profile', path.join(dir, 'missing.json')]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^openapi: .*missing\.json/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('should let an independent consumer validate a real sandbox exchange, and refuse a broken one', async () => {
    const profile = await loadProfile();
    const sandbox = await startSandbox({ profile });
    const client = new ApiClient({ baseUrl: sandbox.url, profile });
    try {
      const api = await consumer(sandboxDocument());
      const method = profile.settings.merchant.paymentMethods.payIn;
      const created = await client.send('createPayIn', {
        accountId: method.accountId,
        paymentMethodId: method.id,
        amount: method.amount,
        clientFieldsValues: method.clientFieldsValues,
        merchantPaymentId: `kit-openapi-${Date.now()}`,
      });
      expect(created.status).toBe(200);
      const request = {
        method: 'post',
        path: profile.settings.operations.createPayIn.path,
        headers: { 'content-type': 'application/json' },
        body: JSON.parse(created.request.body) as unknown,
      };
      expect(api.validateRequest(request).errors ?? []).toEqual([]);
      expect(api.validateResponse(created.json, 'createPayIn', 200).errors ?? []).toEqual([]);

      const status = await client.send('paymentStatus', {
        paymentId: String((created.json as { paymentId?: unknown }).paymentId),
      });
      expect(status.status).toBe(200);
      expect(api.validateResponse(status.json, 'paymentStatus', 200).errors ?? []).toEqual([]);

      // A §7 answer validates against the error body of its status.
      const unknown = await client.send('paymentStatus', { paymentId: 'no-such-payment' });
      expect(unknown.status).toBe(404);
      expect(api.validateResponse(unknown.json, 'paymentStatus', 404).errors ?? []).toEqual([]);

      // The consumer judges, it does not rubber-stamp: a wrong type and a missing member are refused.
      const wrong = { ...(status.json as Record<string, unknown>), amount: 'a lot' };
      expect(api.validateResponse(wrong, 'paymentStatus', 200).valid).toBe(false);
      const { amount: _dropped, ...withoutAmount } = request.body as Record<string, unknown>;
      expect(api.validateRequest({ ...request, body: withoutAmount }).valid).toBe(false);
    } finally {
      await client.close();
      await sandbox.stop();
    }
  });
});
