/* eslint-disable */
/**
 * Generated from schemas/report/faults.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * reports/faults.json, written by npm run faults: the conformance suites against the clean sandbox and against the sandbox with each named fault on, and whether the suites detected each fault.
 */
export interface FaultMatrixReport {
  startedAt: string;
  finishedAt: string;
  /**
   * Wall time of the whole matrix
   */
  wallMs: number;
  workers: number;
  /**
   * The sandbox the matrix ran on: the reference (every fault must be detected), or the foreign flavour (the catalogue's faults applied to a target that made the other legal choices; a fault none of whose checks can run there is unobservable, not missed)
   */
  flavor?: 'reference' | 'foreign';
  /**
   * targeted: each fault ran the tests of the requirements it breaks (npm run faults); full: each fault ran the whole conformance suite (npm run faults -- --full), which measures collateral
   */
  scope?: 'targeted' | 'full';
  /**
   * The conformance suites against the clean sandbox: every test must pass or be skipped with a reason
   */
  clean: {
    pass: number;
    fail: number;
    skipped: number;
    /**
     * Each failing test of the clean run, with the first line of its error: false alarms
     */
    failures: string[];
  };
  faults: {
    name: string;
    area: string;
    description: string;
    /**
     * Requirement ids of the registry the fault breaks; only their tests run under it
     *
     * @minItems 1
     */
    breaks: [string, ...string[]];
    /**
     * Tests that ran with the fault on
     */
    tests: number;
    /**
     * A check of a requirement it breaks failed
     */
    detected: boolean;
    /**
     * The failed checks: each requirement of `breaks` that failed, with its test
     */
    by: {
      requirement: string;
      test: string;
    }[];
    /**
     * Requirements in `breaks` none of whose tests failed (the fault is still detected when another one's did)
     */
    undetectedRequirements?: string[];
    /**
     * Requirements that failed under the fault though it does not break them: findings that point away from the defect (goal: none)
     */
    collateral?: string[];
    /**
     * Why none of its tests could run here (a machine without Debian chromium or a Docker engine, a flavour that lacks what they need): neither detected nor missed
     */
    unobservable?: string;
  }[];
  /**
   * Spec-level requirements of the registry no fault breaks, each with the reason
   */
  unbroken: {
    id: string;
    reason: string;
  }[];
  summary: {
    faults: number;
    detected: number;
    missed: number;
    /**
     * On the reference: every fault detected through every requirement it breaks, no failure on the clean sandbox, no spec-level requirement left unbroken without a reason. On the foreign flavour: no failure on the clean sandbox, and at least --min-detected faults detected; and in both, no collateral failure
     */
    ok: boolean;
    /**
     * Faults none of whose tests could run on this flavour (all skipped): neither detected nor missed
     */
    unobservable?: number;
    /**
     * Collateral failures over every fault (goal: 0; any fails the matrix)
     */
    collateral?: number;
  };
}
