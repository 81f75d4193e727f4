/**
 * A line per fault as soon as its project of the matrix has run all its tests (npm run faults can take most of an
 * hour with --full): whether the fault was detected, through which requirement, and any collateral. The matrix's
 * judgement proper comes from the JSON report at the end (fault-matrix.ts); this only tells the user how far it is.
 */
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { attribute } from '../report/attribution.js';
import { FAULTS } from '../sandbox/faults/fault-registry.js';

const FAULT_PREFIX = 'fault:';
const REQUIREMENT_TAG = '@req:';

interface Progress {
  left: number;
  readonly failed: Set<string>;
  readonly started: number;
}

function statusOf(result: TestResult): 'passed' | 'failed' | 'skipped' {
  if (result.status === 'passed') return 'passed';
  return result.status === 'failed' || result.status === 'timedOut' ? 'failed' : 'skipped';
}

export default class FaultProgressReporter implements Reporter {
  private readonly projects = new Map<string, Progress>();
  private done = 0;
  private total = 0;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    for (const test of suite.allTests()) {
      const name = test.parent.project()?.name ?? '';
      const progress = this.projects.get(name) ?? { left: 0, failed: new Set<string>(), started: performance.now() };
      progress.left += 1;
      this.projects.set(name, progress);
    }
    this.total = [...this.projects.keys()].filter((name) => name.startsWith(FAULT_PREFIX)).length;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = test.parent.project()?.name ?? '';
    const progress = this.projects.get(name);
    if (progress === undefined) return;
    const outcomes = attribute({
      requirements: test.tags.filter((t) => t.startsWith(REQUIREMENT_TAG)).map((t) => t.slice(REQUIREMENT_TAG.length)),
      status: statusOf(result),
      annotations: [...test.annotations, ...result.annotations],
      errors: result.errors.map((e) => stripVTControlCharacters(e.message ?? e.value ?? '')),
      playwrightStatus: result.status,
    });
    for (const o of outcomes) if (o.status === 'failed') progress.failed.add(o.requirement);
    progress.left -= 1;
    if (progress.left === 0) this.finished(name, progress);
  }

  private finished(project: string, progress: Progress): void {
    const seconds = ((performance.now() - progress.started) / 1000).toFixed(0);
    if (!project.startsWith(FAULT_PREFIX)) {
      process.stdout.write(
        `clean sandbox: ${progress.failed.size === 0 ? 'no failure' : `FAILED ${[...progress.failed].join(', ')}`}\n`,
      );
      return;
    }
    this.done += 1;
    const name = project.slice(FAULT_PREFIX.length);
    const breaks: readonly string[] = FAULTS.find((f) => f.name === name)?.breaks ?? [];
    const by = breaks.filter((id) => progress.failed.has(id));
    const collateral = [...progress.failed].filter((id) => !breaks.includes(id)).sort();
    const verdict = by.length > 0 ? `detected by ${by.join(', ')}` : `not detected by ${breaks.join(', ')}`;
    process.stdout.write(
      `[${this.done}/${this.total}] ${name}: ${verdict}${collateral.length === 0 ? '' : `; collateral: ${collateral.join(', ')}`} (${seconds} s)\n`,
    );
  }
}
