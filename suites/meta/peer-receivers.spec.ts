/**
 * The receiver certification against the independent Python receivers of ../shared/peers (design brief §9), as
 * `npm test` can afford it: npm run peer-receivers certifies R00 in both signing configurations (0 FAIL, exit 0) and
 * three faulty variants, each detected through the requirement its README defect breaks with nothing else failing; a
 * receiver that does not trust the kit's key stops the run in its preflight. `.ci/run` runs all fifteen variants.
 * Where ../shared/peers is absent these tests skip naming why; CI sets KIT_REQUIRE_PEERS=1, which makes them run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runKitCommand } from '../../fixtures/self/kit-command.js';
import {
  generateReceiverKeys,
  pythonReceiversDir,
  RECEIVER_CONFIGURATIONS,
  startPythonReceiver,
} from '../../src/peers/python-receivers.js';
import { PYTHON_RECEIVER_FAULT_MAP } from '../../src/peers/python-receivers-faults.js';
import { RECEIVER_REGISTRY } from '../../src/requirements/registry.js';

const required = (process.env.KIT_REQUIRE_PEERS ?? '') === '1';

function receiversDir(): string {
  const dir = pythonReceiversDir();
  if (typeof dir === 'string') return dir;
  if (required) throw new Error(`KIT_REQUIRE_PEERS=1, yet ${dir.missing}`);
  test.skip(true, dir.missing);
  throw new Error(dir.missing);
}

test.describe('the independent Python receivers', () => {
  let out = '';

  test.beforeEach(() => {
    receiversDir();
    out = mkdtempSync(path.join(tmpdir(), 'kit-peer-receivers-'));
  });

  test.afterEach(() => {
    if (out !== '') rmSync(out, { recursive: true, force: true });
    out = '';
  });

  test('should map every faulty variant to RECEIVER requirements only', () => {
    const known = new Set<string>(RECEIVER_REGISTRY.map((r) => r.id));
    expect(Object.keys(PYTHON_RECEIVER_FAULT_MAP)).toEqual(
      Array.from({ length: 15 }, (_, n) => `R${String(n + 1).padStart(2, '0')}`),
    );
    for (const [variant, fault] of Object.entries(PYTHON_RECEIVER_FAULT_MAP)) {
      expect(fault.breaks.length, variant).toBeGreaterThan(0);
      expect(
        fault.breaks.filter((id) => !known.has(id)),
        variant,
      ).toEqual([]);
    }
  });

  test('should pass R00 in both configurations and catch three variants through their requirements only', async () => {
    test.setTimeout(300_000);
    const variants = ['R04', 'R10', 'R12'];
    const run = await runKitCommand(
      'peer-receivers',
      [...variants.flatMap((v) => ['--variant', v]), '--out', out],
      {},
      280_000,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // NOT VERIFIED: the expected-payment requirements (no order book); UNSPECIFIED: RECEIVER-HASH-STRICT, which their
    // README leaves unstated.
    for (const configuration of RECEIVER_CONFIGURATIONS) {
      expect(run.stdout).toContain(
        `[R00 ${configuration.name}] 20 PASS, 0 FAIL, 2 NOT VERIFIED, 1 UNSPECIFIED; exit 0`,
      );
    }
    expect(run.stdout).toMatch(/R04 \([^)]+\): detected by RECEIVER-ACK-PAYMENT-SUCCESS/);
    expect(run.stdout).toMatch(/R10 \([^)]+\): detected by RECEIVER-SIGNING-INPUT \(exit 1/);
    expect(run.stdout).toMatch(/R12 \([^)]+\): detected by RECEIVER-STALE-RETRY-IGNORED \(exit 1/);
    const report = JSON.parse(readFileSync(path.join(out, 'peer-receivers.json'), 'utf8')) as {
      totals: { variants: number; detected: number; collateral: number; falseAlarms: number; ok: boolean };
    };
    expect(report.totals).toEqual(
      expect.objectContaining({ variants: 3, detected: 3, collateral: 0, falseAlarms: 0, ok: true }),
    );
  });

  test("should stop in the preflight, exit 2, when the receiver pins another service key than the kit's", async () => {
    test.setTimeout(60_000);
    const dir = receiversDir();
    const keys = generateReceiverKeys(dir);
    const other = generateReceiverKeys(dir);
    const [configuration] = RECEIVER_CONFIGURATIONS;
    if (configuration === undefined) throw new Error('no receiver configuration');
    // The receiver pins one key pair; the profile hands the kit another, valid one.
    const receiver = await startPythonReceiver(dir, keys, configuration, 'R00');
    try {
      const run = await runKitCommand(
        'certify-receiver',
        ['--receiver', `${receiver.url}/postback`, '--profile', configuration.profile, '--out', out],
        other.environment,
        50_000,
      );
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /^certify-receiver: the receiver at \S+ refused a correctly signed postback with 401 \("\{\\"error\\": \\"NO_KEY\\"\}"\): it likely does not pin the kit's service key/m,
      );
      expect(run.stdout).not.toContain('Receiver conformance');
    } finally {
      await receiver.stop();
      keys.remove();
      other.remove();
    }
  });
});
