/**
 * Passive findings across the run (design brief §8): one per distinct problem (requirement, operation, what was
 * wrong), however many exchanges of however many tests showed it, with the count and the first one as evidence.
 */
import type { Evidence, PassiveFinding } from '../../generated/report/conformance.gen.js';
import type { PassiveRecord } from './attribution.js';

/** A test's passive record, with the test that recorded it. */
export interface SeenPassive extends PassiveRecord {
  readonly test: string;
}

/** The run's passive findings by requirement, each distinct problem once, the most frequent first. */
export function passiveFindingsByRequirement(seen: readonly SeenPassive[]): ReadonlyMap<string, PassiveFinding[]> {
  const distinct = new Map<string, PassiveFinding & { requirement: string }>();
  for (const record of seen) {
    const key = `${record.requirement}|${record.operation}|${record.problem}`;
    const known = distinct.get(key);
    distinct.set(
      key,
      known === undefined
        ? {
            requirement: record.requirement,
            operation: record.operation,
            problem: record.problem,
            count: record.count,
            test: record.test,
            detail: record.detail,
            request: record.request,
            response: record.response,
          }
        : { ...known, count: known.count + record.count },
    );
  }
  const byRequirement = new Map<string, PassiveFinding[]>();
  for (const { requirement, ...finding } of distinct.values()) {
    byRequirement.set(requirement, [...(byRequirement.get(requirement) ?? []), finding]);
  }
  for (const findings of byRequirement.values()) findings.sort((a, b) => b.count - a.count);
  return byRequirement;
}

/** A passive finding as evidence, for a requirement whose tests did not fail it themselves. */
export function passiveEvidence(finding: PassiveFinding): Evidence {
  return {
    test: finding.test,
    message: `passive check of every exchange: ${finding.operation} ${finding.problem}, seen ${finding.count} time${finding.count === 1 ? '' : 's'} (${finding.detail})`,
    ...(finding.request === undefined ? {} : { request: finding.request }),
    ...(finding.response === undefined ? {} : { response: finding.response }),
  };
}
