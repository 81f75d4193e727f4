import { AUTH_REQUIREMENTS } from './areas/auth.js';
import { COMPLAINT_REQUIREMENTS } from './areas/complaints.js';
import { CREATE_REQUIREMENTS } from './areas/create.js';
import { ERROR_REQUIREMENTS } from './areas/errors.js';
import { UNSPECIFIED_REQUIREMENTS } from './areas/limits-and-versions.js';
import { LIST_REQUIREMENTS } from './areas/list.js';
import { OTHER_OPERATION_REQUIREMENTS } from './areas/other-operations.js';
import { POSTBACK_REQUIREMENTS } from './areas/postbacks.js';
import { STATUS_REQUIREMENTS } from './areas/status.js';
import type { Requirement } from './requirement.js';

/**
 * Every testable statement of the interface (§2 to §9), each with a stable id. The reporter reads this; tests cite
 * it; faults claim to break it.
 */
const ALL = [
  ...AUTH_REQUIREMENTS,
  ...ERROR_REQUIREMENTS,
  ...CREATE_REQUIREMENTS,
  ...STATUS_REQUIREMENTS,
  ...LIST_REQUIREMENTS,
  ...COMPLAINT_REQUIREMENTS,
  ...OTHER_OPERATION_REQUIREMENTS,
  ...POSTBACK_REQUIREMENTS,
  ...UNSPECIFIED_REQUIREMENTS,
] as const;

export type RequirementId = (typeof ALL)[number]['id'];

export const REQUIREMENTS: readonly (Requirement & { readonly id: RequirementId })[] = ALL;

const BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function requirementById(id: string): Requirement | undefined {
  return BY_ID.get(id);
}

export function isRequirementId(id: string): id is RequirementId {
  return BY_ID.has(id);
}
