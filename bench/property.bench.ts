/**
 * Property depth (issue 10, figure 7): property cases per second against the embedded sandbox, through the kit's
 * real property tests (suites/properties/create.prop.spec.ts: both creation operations). Measured at the margin: the
 * same run with 1 case per property is the baseline, so Playwright's start, the sandbox's start and the capture
 * server fall out and what is left is the cost of the cases themselves.
 */
import { runPlaywright } from '../src/runner/playwright-run.js';
import type { Figure } from './lib/figure.js';

const CASES = 300;
const SPEC = 'suites/properties/create.prop.spec.ts';

async function wallOf(numRuns: number): Promise<{ ms: number; tests: number; passed: boolean }> {
  const started = performance.now();
  const run = await runPlaywright(['--project=conformance', SPEC, '--workers=1'], {
    env: { KIT_FC_NUM_RUNS: String(numRuns) },
    timeoutMs: 300_000,
  });
  const ran = run.tests.filter((t) => t.outcome !== 'skipped');
  return { ms: performance.now() - started, tests: ran.length, passed: ran.every((t) => t.outcome === 'passed') };
}

export async function benchProperties(): Promise<Figure[]> {
  const baseline = await wallOf(1);
  const deep = await wallOf(CASES);
  const cases = (CASES - 1) * deep.tests;
  const perSecond = cases / ((deep.ms - baseline.ms) / 1000);
  return [
    {
      name: 'property cases per second against the sandbox (create properties)',
      value: Math.round(perSecond),
      unit: 'cases/s',
      baseline: { name: 'the same run with 1 case per property, s', value: Math.round(baseline.ms / 100) / 10 },
      target: 'reported',
      met: deep.passed && baseline.passed && deep.tests > 0,
      notes: `${deep.tests} properties × ${CASES} cases in ${(deep.ms / 1000).toFixed(1)} s (1 case: ${(baseline.ms / 1000).toFixed(1)} s)`,
    },
  ];
}
