import { AUTH_REQUIREMENTS } from './areas/auth.js';
import { CLIENT_REQUIREMENTS } from './areas/client.js';
import { COMPLAINT_REQUIREMENTS } from './areas/complaints.js';
import { CREATE_REQUIREMENTS } from './areas/create.js';
import { ERROR_REQUIREMENTS } from './areas/errors.js';
import { UNSPECIFIED_REQUIREMENTS } from './areas/limits-and-versions.js';
import { LIST_REQUIREMENTS } from './areas/list.js';
import { OTHER_OPERATION_REQUIREMENTS } from './areas/other-operations.js';
import { DELIVERY_REQUIREMENTS } from './areas/postback-delivery.js';
import { POSTBACK_REQUIREMENTS } from './areas/postbacks.js';
import { RECEIVER_REQUIREMENTS } from './areas/receiver.js';
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
  ...DELIVERY_REQUIREMENTS,
  ...UNSPECIFIED_REQUIREMENTS,
] as const;

export type ServiceRequirementId = (typeof ALL)[number]['id'];
/** The merchant's side (§4.6): what `npm run certify-receiver` checks of a postback receiver. */
export type ReceiverRequirementId = (typeof RECEIVER_REQUIREMENTS)[number]['id'];
/** The merchant's client (§4, §5): what `npm run report:client` judges of a recorded session. */
export type ClientRequirementId = (typeof CLIENT_REQUIREMENTS)[number]['id'];
export type RequirementId = ServiceRequirementId | ReceiverRequirementId | ClientRequirementId;

/** The service's requirements: what `npm run certify` reports on. */
export const REQUIREMENTS: readonly (Requirement & { readonly id: ServiceRequirementId })[] = ALL;

/** The receiver's requirements: what `npm run certify-receiver` reports on. */
export const RECEIVER_REGISTRY: readonly (Requirement & { readonly id: ReceiverRequirementId })[] =
  RECEIVER_REQUIREMENTS;

/** The client's requirements: what `npm run report:client` reports on. */
export const CLIENT_REGISTRY: readonly (Requirement & { readonly id: ClientRequirementId })[] = CLIENT_REQUIREMENTS;

/** What a run certifies: the service (the conformance project), a merchant's postback receiver, or its client. */
export type CertificationScope = 'service' | 'receiver' | 'client';

export function requirementsOfScope(scope: CertificationScope): readonly (Requirement & { id: RequirementId })[] {
  return scope === 'receiver' ? RECEIVER_REGISTRY : scope === 'client' ? CLIENT_REGISTRY : REQUIREMENTS;
}

const BY_ID: ReadonlyMap<string, Requirement> = new Map(
  [...REQUIREMENTS, ...RECEIVER_REGISTRY, ...CLIENT_REGISTRY].map((r) => [r.id, r]),
);

export function requirementById(id: string): Requirement | undefined {
  return BY_ID.get(id);
}

export function isRequirementId(id: string): id is RequirementId {
  return BY_ID.has(id);
}
