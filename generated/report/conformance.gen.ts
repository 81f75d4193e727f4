/* eslint-disable */
/**
 * Generated from schemas/report/conformance.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * The conventions the run went by: every open point of the interface the kit checks, what the profile stated for it (null: nothing, and the requirements resting on it are UNSPECIFIED)
 *
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "ConventionsOfRun".
 */
export type ConventionsOfRun = {
  name: string;
  decides: string;
  section: string;
  declared: boolean;
  /**
   * The profile's value, null when it states none
   */
  value: string | number | boolean | {} | null;
  requirements: string[];
}[];
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "Verdict".
 */
export type Verdict = 'PASS' | 'FAIL' | 'NOT VERIFIED' | 'UNSPECIFIED';

/**
 * reports/conformance.json (design brief §5, a stable surface): the verdict of a certification run per requirement, with its tests and evidence excerpts. Written by the conformance reporter from the run's results and the requirement registry.
 */
export interface ConformanceReport {
  kit: {
    name: string;
    version: string;
    /**
     * Which revision of the interface the schemas encode
     */
    interfaceRevision: string;
  };
  target: {
    kind: 'embedded-sandbox' | 'url' | 'container' | 'receiver' | 'client-recording';
    /**
     * The base URL, or null for the embedded sandbox (one per worker); for a receiver certification the receiver's URL, or null for the embedded reference receiver; for a client report the recording's file
     */
    url: string | null;
    image?: string;
    /**
     * For a receiver certification: the prefix of every merchantPaymentId the run's postbacks named (then a worker's part and a number), unique to the run
     */
    merchantPaymentIdPrefix?: string;
  };
  profile: {
    file: string;
    /**
     * The profile settings the run used, secrets left out (key and token references only)
     */
    settings: {};
  };
  conventions?: ConventionsOfRun;
  startedAt: string;
  finishedAt: string;
  /**
   * conformant: no requirement the gate counts failed (exit 0); not-conformant: one did (exit 1); incomplete: the run itself broke (errors outside tests, interrupted), so the verdicts cannot be trusted (exit 2)
   */
  outcome: 'conformant' | 'not-conformant' | 'incomplete';
  /**
   * What decided the outcome (certify --gate): profile (default) counts every FAIL, of the interface or of a convention the profile states; spec counts the interface's own requirements only
   */
  gate?: 'profile' | 'spec';
  /**
   * The --grep of the run, when it ran only some tests
   */
  grep?: string;
  deep?: boolean;
  /**
   * The fast-check seeds of the property tests, one per test
   */
  seeds: {
    test: string;
    seed: number;
  }[];
  /**
   * What the run started with that is most likely a mistake of the setting (a capture URL the target cannot reach, payouts allowed on a target elsewhere, a rate cap left at a local value): told at the top of the run and here, never a verdict
   */
  warnings?: string[];
  /**
   * Errors outside any test (setup, collection), which make the run incomplete
   */
  errors?: string[];
  summary: {
    pass: number;
    fail: number;
    notVerified: number;
    unspecified: number;
    /**
     * Failed requirements at level spec: the only ones --gate spec counts
     */
    failSpec?: number;
    /**
     * NOT VERIFIED requirements that a failed one blocked (blockedBy)
     */
    blocked?: number;
    /**
     * Failed critical requirements (security): they fail the run under either gate
     */
    failCritical?: number;
    tests: {
      passed: number;
      failed: number;
      skipped: number;
    };
    /**
     * What the run cost the target in requests (a rate-capped staging counts each)
     */
    requests?: {
      /**
       * Requests the run sent to the target: its API and its test helpers
       */
      total: number;
      /**
       * The same by the area of the suite that sent them (suites/<area>/)
       */
      byArea: {
        [k: string]: number | undefined;
      };
    };
  };
  requirements: RequirementResult[];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "RequirementResult".
 */
export interface RequirementResult {
  id: string;
  section: string;
  statement: string;
  /**
   * The interface's own words the requirement rests on, verbatim (a table row as its cells joined by ' | ')
   */
  quote?: string[];
  level: 'spec' | 'profile';
  /**
   * A security requirement (a receiver that acknowledges a forged postback): present only when true
   */
  critical?: true;
  verdict: Verdict;
  /**
   * Why it is NOT VERIFIED or UNSPECIFIED
   */
  reason?: string;
  /**
   * When NOT VERIFIED because a precondition broke: the failed requirements that left nothing to check it on (the root causes to fix first)
   */
  blockedBy?: string[];
  /**
   * When NOT VERIFIED because only some of its tests ran, all of those passing: PASS means every check of a requirement ran (tests the target does not apply to aside)
   */
  partial?: {
    /**
     * Tests of it that ran and passed
     */
    passed: number;
    /**
     * Tests of it that were skipped or blocked (listed in tests, each with its reason)
     */
    notRun: number;
  };
  tests: TestResult[];
  /**
   * Excerpts from the failing checks: what was sent, what came back, what the check said
   */
  evidence: Evidence[];
  /**
   * What the passive checks of every exchange found against it: one entry per distinct problem, however often it showed, the most frequent first
   */
  findings?: PassiveFinding[];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "TestResult".
 */
export interface TestResult {
  title: string;
  file: string;
  /**
   * The requirement's outcome in this test, from the test's own checks of it: blocked when a failed precondition or check stopped the test before it
   */
  status: 'passed' | 'failed' | 'skipped' | 'blocked';
  durationMs?: number;
  skipReason?: string;
  blockedBy?: string[];
  /**
   * Skipped because the target, by its profile, does not offer what the test needs (a §4.7 operation, a payment method role): it does not count against its requirement's completeness. Present only when true
   */
  notApplicable?: true;
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "Evidence".
 */
export interface Evidence {
  test: string;
  /**
   * The failure, as the check put it (first lines)
   */
  message: string;
  /**
   * The last request of the test: method, URL and body (truncated)
   */
  request?: string;
  /**
   * Its response: status and body (truncated)
   */
  response?: string;
  /**
   * What the capture server received, when the test watched postbacks (truncated)
   */
  postbacks?: string;
  /**
   * The last request of the test as a self-contained curl command: its method, URL, headers and exact body, signed as sent, for someone without the kit
   */
  curl?: string;
  /**
   * The kit command that runs the check again from an installed kit (npx payment-conformance certify …; in a clone npm run certify -- takes the same flags)
   */
  replay?: string;
  /**
   * Screenshots and traces of a failing browser test, by their path from the reports' folder (the browser's own traffic and pages only: no request of the kit's API client, so no secret, is in them)
   */
  files?: string[];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "PassiveFinding".
 */
export interface PassiveFinding {
  operation: string;
  /**
   * What was wrong, the same on every exchange that showed it
   */
  problem: string;
  /**
   * How many exchanges showed it
   */
  count: number;
  /**
   * The first test in which it showed
   */
  test: string;
  /**
   * The first exchange's particulars
   */
  detail: string;
  request?: string;
  response?: string;
}
