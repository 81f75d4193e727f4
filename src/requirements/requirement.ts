import type { OperationName } from '../contract/operations.js';
import type { ConventionName } from '../profile/conventions.js';

/** A testable statement of the interface (or of a profile decision for what it leaves open). */
export interface Requirement {
  /** Stable id, e.g. AUTH-NO-LOGIN: tests cite it, faults claim to break it, reports key on it. */
  readonly id: string;
  /** The interface's section(s), e.g. `§5.4, §7`. */
  readonly section: string;
  readonly statement: string;
  /** `spec` when the interface states it; `profile` when it rests on a profile decision (design brief §4). */
  readonly level: 'spec' | 'profile';
  /** The operations it applies to; empty when it is about no single operation. */
  readonly operations: readonly OperationName[];
  /**
   * Where the tests that decide it run, when a run may well include none of them (the payment page's, in the browser
   * project): a report's NOT VERIFIED then says what would decide it.
   */
  readonly decidedBy?: string;
  /** Why no black-box test can verify it; such a requirement has no test and is reported NOT VERIFIED. */
  readonly untestable?: string;
  /** The interface says "not shown" and the profile declares nothing: reported UNSPECIFIED. */
  readonly unspecified?: boolean;
  /**
   * The profile conventions it rests on (a `profile`-level requirement states what the profile says the target does
   * where the interface is silent): with any of them unstated it is UNSPECIFIED, never FAIL (design brief §8).
   */
  readonly conventions?: readonly ConventionName[];
  /**
   * Why a conformant counterpart, reading the interface, cannot answer otherwise; or, where it could, which profile
   * setting states its choice (and so what is UNSPECIFIED without it), or which shape of its state leaves the check
   * NOT VERIFIED. Every RECEIVER requirement carries it (suites/meta/receiver-traceability.spec.ts): a check a
   * conformant receiver may legally fail is not a requirement.
   */
  readonly decidable?: string;
  /**
   * A breach that is a security defect of its own kind (a merchant's receiver that acknowledges a forged postback):
   * reports mark it, and its FAIL fails the run under either gate.
   */
  readonly critical?: boolean;
  /**
   * The interface's own words this requirement rests on: each entry a verbatim excerpt of
   * interface/payment-service-interface.md (a whole table row may be quoted as its cells joined by ' | ', exactly as
   * the Markdown row has them between its outer pipes; white space runs compare as one space). Every spec-level
   * requirement has one (suites/meta/quotes.spec.ts); a check asserts no more than its quote.
   */
  readonly quote?: readonly string[];
}
