/**
 * Issue "reproducible": a property that fails prints its shrunk counterexample, seed and path, and a one-line command;
 * pasted into a shell, that command fails again at once with the same counterexample. Shown for a plain property
 * (lookup precedence, under a fault that swaps it only when both ids are given) and for the stateful one, whose
 * replay also needs the commands' replayPath.
 */
import { expect, test } from '@playwright/test';
import { runCommandLine, runPlaywright, type RunTest } from '../../src/runner/playwright-run.js';
import { CI_SEED } from '../../fixtures/conformance/property-runs.js';

interface Case {
  readonly name: string;
  readonly spec: string;
  readonly grep: string;
  readonly fault: string;
  readonly counterexampleStarts: string;
}

const CASES: readonly Case[] = [
  {
    name: 'lookup precedence',
    spec: 'suites/properties/lookups.prop.spec.ts',
    grep: 'paymentStatus: any combination',
    fault: 'status-lookup-merchant-id-first',
    counterexampleStarts: 'Counterexample: [',
  },
  {
    name: 'the stateful model',
    spec: 'suites/properties/model.prop.spec.ts',
    grep: 'any sequence of operations',
    fault: 'postback-no-flip',
    counterexampleStarts: 'Counterexample: [CreatePayment(',
  },
];

function line(text: string | undefined, starts: string): string | undefined {
  return text?.split('\n').find((l) => l.trimStart().startsWith(starts));
}

function onlyFailure(tests: readonly RunTest[]): RunTest {
  const failed = tests.filter((t) => t.project === 'conformance' && t.outcome === 'failed');
  expect(failed.map((t) => t.title)).toHaveLength(1);
  return failed[0] as RunTest;
}

test.describe('replaying a failed property', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const c of CASES) {
    test(`${c.name}: the printed command fails again with the same shrunk counterexample`, async () => {
      test.setTimeout(180_000);
      const first = onlyFailure(
        // A seed whose first cases reach the fault: this test is about the replay, not about how many of a random
        // seed's 20 cases find the fault (the lookup property's missed it once in a CI rehearsal; the fault matrix
        // and the example suites catch it).
        (
          await runPlaywright(['--project=conformance', c.spec, '--grep', c.grep], {
            env: { KIT_SANDBOX_FAULTS: c.fault, KIT_FC_SEED: String(CI_SEED) },
            timeoutMs: 120_000,
          })
        ).tests,
      );
      const counterexample = line(first.error, c.counterexampleStarts);
      expect(counterexample, first.error).toBeDefined();
      expect(first.error).toMatch(/Shrunk \d+ time\(s\)/);
      const replay = line(first.error, 'replay: ')?.trim().slice('replay: '.length);
      expect(replay, first.error).toMatch(/^KIT_SANDBOX_FAULTS="[^"]+" KIT_FC_SEED=-?\d+ KIT_FC_PATH="[\d:]+" /);
      const attached = JSON.parse(first.attachments.find((a) => a.name === 'fast-check')?.text ?? '{}') as {
        seed?: number;
        path?: string;
      };
      expect(replay).toContain(`KIT_FC_SEED=${attached.seed} KIT_FC_PATH="${attached.path}"`);

      const again = onlyFailure((await runCommandLine(replay ?? 'false', { timeoutMs: 120_000 })).tests);
      expect(line(again.error, c.counterexampleStarts), again.error).toBe(counterexample);
      // Straight to the failing case: no search, no shrinking.
      expect(again.error).toContain('Property failed after 1 tests');
    });
  }
});
