/**
 * Issue 40: the OpenAPI export lists every answer the target gives. `openapi --check-recording` matches each exchange
 * of a sandbox recording to its operation and fails on a status the document does not list; the export states each
 * operation's error answers with their exact codes (§7, §4.7's operations naming a payment, the profile's
 * conventions). The certification of the foreign flavour in CI (scripts/certify-foreign.sh) runs the same check on a
 * whole certification's recording.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../../fixtures/self/kit-command.js';
import { type Recording, readRecording } from '../../../src/client-report/read-recording.js';
import { kitPath } from '../../../src/kit-root.js';
import { answeredStatuses } from '../../../src/openapi/answered-statuses.js';
import { errorAnswers } from '../../../src/openapi/operation-answers.js';
import { openApiText } from '../../../src/openapi/openapi-cli.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { recordTo } from '../../../src/sandbox/recording.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

const exchange = (line: number, method: string, urlPath: string, status: number) => ({
  line,
  exchange: { at: new Date(0).toISOString(), method, path: urlPath, request: '{}', status, response: '{}' },
});

const recording = (...exchanges: ReturnType<typeof exchange>[]): Recording => ({
  exchanges,
  problems: [],
  badLines: 0,
});

const document = {
  paths: {
    '/payments/status': {
      post: { operationId: 'paymentStatus', responses: { '200': {}, '404': {} } },
    },
    '/complaints/create': {
      post: { operationId: 'complaintCreate', responses: { '200': {}, '4XX': {} } },
    },
    '/media': { post: { operationId: 'mediaUpload', responses: { '200': {}, default: {} } } },
  },
};

test.describe('openapi --check-recording', () => {
  test('should name each status an operation answered that its responses do not list, once with its count', () => {
    const result = answeredStatuses(
      document,
      recording(
        exchange(1, 'POST', '/payments/status', 200),
        exchange(2, 'POST', '/payments/status?trace=1', 401),
        exchange(3, 'POST', '/payments/status', 401),
        exchange(4, 'POST', '/payments/status', 404),
        exchange(5, 'POST', '/complaints/create', 404),
        exchange(6, 'POST', '/complaints/create', 500),
        exchange(7, 'POST', '/media', 503),
        exchange(8, 'GET', '/payments/status', 405),
        exchange(9, 'POST', '/control/payments/1/outcome', 200),
      ),
    );
    expect(result.unlisted).toEqual([
      {
        operationId: 'complaintCreate',
        method: 'POST',
        path: '/complaints/create',
        status: 500,
        count: 1,
        firstLine: 6,
      },
      { operationId: 'paymentStatus', method: 'POST', path: '/payments/status', status: 401, count: 2, firstLine: 2 },
    ]);
    expect(result.answered).toEqual({
      complaintCreate: [404, 500],
      mediaUpload: [503],
      paymentStatus: [200, 401, 404],
    });
    // Another method on a documented path, and the sandbox's control API, are not the document's operations.
    expect(result.outsideDocument).toBe(2);
  });

  test('should read any document without a crash: what is not an operation is outside it', () => {
    const hostile = { paths: { '/a': null, '/b': 'text', '/c': { post: null, get: { operationId: 7 } } } };
    for (const document of [hostile, {}, { paths: [] }, { paths: null }]) {
      const result = answeredStatuses(document, recording(exchange(1, 'POST', '/c', 200)));
      expect(result).toEqual({ answered: {}, unlisted: [], outsideDocument: 1 });
    }
  });

  test("should state the error answers of §7, of §4.7's operations naming a payment, and of the profile's conventions, with their codes", async () => {
    const reference = (await loadProfile()).settings;
    const foreign = (await loadProfile(kitPath('profiles', 'foreign-sandbox.json'))).settings;
    const byStatus = (answers: ReturnType<typeof errorAnswers>) =>
      Object.fromEntries(answers.map((a) => [a.status, a.codes ?? 'any text']));
    expect(byStatus(errorAnswers('paymentStatus', reference))).toMatchObject({
      401: ['NO_KEY', 'NO_LOGIN', 'NO_TOKEN', 'UNAUTHORIZED'],
      500: 'any text',
    });
    expect(byStatus(errorAnswers('createPayIn', reference))).toMatchObject({
      403: ['ACCESS_DENIED'],
      404: ['NOT_FOUND'],
    });
    for (const operation of ['complaintCreate', 'smsConfirm'] as const) {
      expect(byStatus(errorAnswers(operation, reference))[404], operation).toEqual(['NOT_FOUND']);
    }
    expect(byStatus(errorAnswers('paymentMethods', reference))[404]).toBeUndefined();
    // The foreign flavour answers 422 to a body that breaks the field table (conventions.invalidBodyStatus).
    expect(foreign.conventions?.invalidBodyStatus).toBe(422);
    expect(byStatus(errorAnswers('createPayIn', foreign))[422]).toBe('any text');
    // A status a convention chose, whose code the interface does not give, lets any text through at that status.
    const lookup = { ...reference, conventions: { ...reference.conventions, statusWithoutLookupField: 404 } };
    expect(byStatus(errorAnswers('paymentStatus', lookup))[404]).toBe('any text');
    expect(errorAnswers('paymentStatus', lookup).find((a) => a.status === 404)?.conditions).toEqual([
      'NOT_FOUND: §7: payment not found',
      'conventions.statusWithoutLookupField: no lookup field given',
    ]);
  });

  test('should find every status the sandbox answered to the error, auth and other-operation suites in the export', async () => {
    test.setTimeout(240_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-openapi-recording-'));
    const file = path.join(dir, 'recording.jsonl');
    const profile = await loadProfile();
    const sandbox = await startSandbox({ profile, onExchange: recordTo(file) });
    try {
      const certify = await runKitCommand('certify', [
        ...['--target', sandbox.url, '--out', path.join(dir, 'report'), '--workers', '2'],
        ...[
          '--grep',
          '@req:(AUTH-|ERROR-|CREATE-UNKNOWN|CREATE-FORBIDDEN|STATUS-NOT-FOUND|COMPLAINT-|SMS-|METHODS-|MEDIA-)',
        ],
      ]);
      expect(certify.code, certify.stdout + certify.stderr).toBe(0);
      const check = await runKitCommand('openapi', ['--check-recording', file]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain('every answer is one the document lists');
      // The run reached the answers this test is about: 401s, 404s and 400s of several operations.
      expect(check.stdout).toMatch(/createPayIn [^;]*\b401\b[^;]*\b403\b[^;]*\b404\b/);
      expect(check.stdout).toMatch(/paymentStatus [^;]*\b400\b[^;]*\b404\b/);

      // The same recording against an export that lists only the status check's 200 names its 400 and 404.
      const exported = JSON.parse(await openApiText(kitPath('profiles', 'sandbox.json'))) as {
        paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      };
      const status = Object.values(exported.paths)
        .flatMap((item) => Object.values(item))
        .find((operation) => operation.operationId === 'paymentStatus');
      if (status === undefined) throw new Error('the export has no paymentStatus');
      status.responses = { '200': status.responses['200'] };
      const result = answeredStatuses(exported, readRecording(file));
      expect(result.unlisted.map((u) => `${u.operationId} ${u.status}`)).toEqual(
        expect.arrayContaining(['paymentStatus 400', 'paymentStatus 404']),
      );
      expect(result.unlisted.every((u) => u.operationId === 'paymentStatus')).toBe(true);
    } finally {
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
