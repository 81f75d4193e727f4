import type { RequirementId } from '../requirements/registry.js';

/**
 * A fault of a peer service, judged from its README alone (the defect and the interface sentence it names), as a QA
 * engineer would before running anything: the peer's fault matrix (npm run peer-faults) counts a fault detected only
 * through one of these, and any other requirement that fails under it as collateral. Where a defect breaks two
 * statements of the registry, both are listed.
 */
export interface PeerFault {
  readonly breaks: readonly RequirementId[];
  /** The README's words for the defect. */
  readonly readme: string;
}
