/**
 * The conformance suites against a target they do not own (url mode, design brief §3): a sandbox started apart and
 * shared by two workers, as a staging environment is shared by everyone. The list checks must stay true with the
 * other worker's payments around; what needs a target of its own or a capability the profile does not declare is
 * skipped with the reason, never passed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EMBEDDED_ATTEMPT_TIMEOUT_MS } from '../../fixtures/conformance/target.js';
import { runPlaywright, type RunTest } from '../../src/runner/playwright-run.js';
import { kitPath } from '../../src/kit-root.js';
import { DEFAULT_PROFILE_FILE, loadProfile } from '../../src/profile/load-profile.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/start-sandbox.js';
import { recordTo } from '../../src/sandbox/recording.js';
import { readRecording } from '../../src/client-report/read-recording.js';
import { answeredStatuses, unlistedText } from '../../src/openapi/answered-statuses.js';
import { openApiText } from '../../src/openapi/openapi-cli.js';

type Json = Record<string, unknown>;

/** profiles/sandbox.json with its key files made absolute, changed by `edit`, written to `dir`. */
async function profileVariant(dir: string, name: string, edit: (profile: Json) => void): Promise<string> {
  const profile = JSON.parse(await readFile(DEFAULT_PROFILE_FILE, 'utf8')) as Json;
  const absolute = (text: string) => JSON.stringify(profile).replaceAll(text, kitPath('fixtures', 'keys') + '/');
  const rewritten = JSON.parse(absolute('../fixtures/keys/')) as Json;
  delete rewritten.$schema;
  edit(rewritten);
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(rewritten, null, 2));
  return file;
}

const cites = (t: RunTest, ids: readonly string[]) => t.requirements.some((id) => ids.includes(id));
const notPassed = (tests: readonly RunTest[]) =>
  tests
    .filter((t) => t.outcome !== 'passed' && t.outcome !== 'skipped')
    .map((t) => `${t.title}: ${t.error ?? t.outcome}`);

test.describe('conformance against a shared target (url mode)', () => {
  test.describe.configure({ mode: 'default' });
  test.setTimeout(300_000);

  let sandbox: RunningSandbox;
  let dir: string;

  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kit-profiles-'));
    // Short attempt timeouts, as the embedded target has: hanging receivers are waited for in real time. Every
    // exchange is recorded: the last test compares what the sandbox answered with the OpenAPI export (issue 40).
    sandbox = await startSandbox({
      profile: await loadProfile(),
      attemptTimeoutMs: EMBEDDED_ATTEMPT_TIMEOUT_MS,
      onExchange: recordTo(path.join(dir, 'recording.jsonl')),
    });
  });

  test.afterAll(async () => {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function conformance(profileFile: string, timeoutMs = 240_000): Promise<RunTest[]> {
    const run = await runPlaywright(['--project=conformance', '--workers=2'], {
      env: { KIT_TARGET: sandbox.url, KIT_PROFILE: profileFile },
      timeoutMs,
    });
    expect(run.errors).toEqual([]);
    return run.tests.filter((t) => t.project === 'conformance');
  }

  test('should pass with two workers sharing the target, and skip failure injection there', async () => {
    const tests = await conformance(await profileVariant(dir, 'shared', () => undefined));
    expect(notPassed(tests)).toEqual([]);
    const injected = tests.filter((t) => cites(t, ['ERROR-500-BODY']));
    expect(injected).toHaveLength(9);
    for (const t of injected) {
      expect(t.outcome, t.title).toBe('skipped');
      expect(t.skipReasons.join(' '), t.title).toContain('this one is shared');
    }
    expect(tests.filter((t) => t.outcome === 'passed').length).toBeGreaterThan(200);
  });

  test('should reach outcomes through the other drivers of the profile when its control API is deleted', async () => {
    test.setTimeout(480_000);
    // Issue 16: profiles/sandbox.json with control deleted and sandboxControl false: the sandbox's helpers and magic
    // amounts (outcomes) take over by themselves, and the postback checks run in real time.
    const tests = await conformance(
      await profileVariant(dir, 'drivers', (profile) => {
        (profile.capabilities as Json).sandboxControl = false;
        delete profile.control;
      }),
      420_000,
    );
    expect(notPassed(tests)).toEqual([]);
    const outcomes = tests.filter((t) =>
      cites(t, ['STATUS-REFLECTS-OUTCOME', 'PAYMENT-REEVALUATION', 'COMPLAINT-REFLECTS-STATUS', 'PB-FLIP-RESENT']),
    );
    expect(outcomes.length).toBeGreaterThan(10);
    expect(outcomes.filter((t) => t.outcome !== 'passed').map((t) => `${t.title}: ${t.skipReasons.join(' ')}`)).toEqual(
      [],
    );
    const injected = tests.filter((t) => cites(t, ['ERROR-500-BODY']));
    for (const t of injected) expect(t.skipReasons.join(' '), t.title).toContain('offers no sandbox control');
  });

  test('should skip, with the reason, what no outcome driver reaches or an operation the profile lacks', async () => {
    const tests = await conformance(
      await profileVariant(dir, 'no-drivers', (profile) => {
        (profile.capabilities as Json).sandboxControl = false;
        delete profile.control;
        delete profile.outcomes;
        delete (profile.operations as Json).smsConfirm;
      }),
    );
    expect(notPassed(tests)).toEqual([]);
    const needDrivers = tests.filter(
      (t) =>
        cites(t, ['STATUS-REFLECTS-OUTCOME', 'PAYMENT-REEVALUATION', 'COMPLAINT-REFLECTS-STATUS', 'ERROR-500-BODY']) &&
        !t.operations.includes('smsConfirm'),
    );
    expect(needDrivers.length).toBeGreaterThan(10);
    for (const t of needDrivers) {
      expect(t.outcome, t.title).toBe('skipped');
      // The reason names what would enable it: a driver and its profile key, or the control API.
      expect(t.skipReasons.join(' '), t.title).toMatch(
        /offers no sandbox control|no outcome driver of the profile .*outcomes\.httpHooks|nothing opens a complaint/,
      );
    }
    const sms = tests.filter((t) => t.operations.includes('smsConfirm'));
    expect(sms.length).toBeGreaterThan(10);
    for (const t of sms) {
      expect(t.outcome, t.title).toBe('skipped');
      expect(t.skipReasons.join(' '), t.title).toContain('names no path for smsConfirm');
    }
  });

  // Last: it reads what the certifications above got from the shared sandbox.
  test('should find every status the sandbox answered during these certifications in its OpenAPI export', async () => {
    const recording = readRecording(path.join(dir, 'recording.jsonl'));
    test.skip(recording.exchanges.length === 0, 'no certification ran before it in this worker (run the whole file)');
    const document = JSON.parse(await openApiText(DEFAULT_PROFILE_FILE)) as Json;
    const result = answeredStatuses(document, recording);
    expect(unlistedText(result)).toBe('');
    // Certifications reach the error answers: 401s and 404s of several operations, 400s of the list.
    expect(result.answered.createPayIn).toEqual(expect.arrayContaining([200, 400, 401, 403, 404]));
    expect(result.answered.paymentsList).toEqual(expect.arrayContaining([200, 400, 401]));
  });
});
