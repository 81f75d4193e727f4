/**
 * Named deviations from the interface the sandbox can be switched into, each a realistic mistake of a real
 * service. A check that no fault can fail is a check that cannot fail (design brief §6): every conformance check
 * needs a fault here that proves it detects something. `breaks` names requirement ids of the registry.
 * The catalogue is a folder, one file per area like the requirements (src/requirements/areas): catalogue/<area>.ts.
 */
import { AUTH_FAULTS } from './catalogue/auth.js';
import { ERRORS_FAULTS } from './catalogue/errors.js';
import { SHAPE_FAULTS } from './catalogue/shape.js';
import { LOOKUP_FAULTS } from './catalogue/lookup.js';
import { PAGINATION_FAULTS } from './catalogue/pagination.js';
import { POSTBACKS_FAULTS } from './catalogue/postbacks.js';
import { SERVER_FAULTS } from './catalogue/server.js';
import { CREATE_FAULTS } from './catalogue/create.js';
import { PAGE_FAULTS } from './catalogue/page.js';
import { STATUS_FAULTS } from './catalogue/status.js';
import { COMPLAINTS_FAULTS } from './catalogue/complaints.js';
import { OTHER_OPERATIONS_FAULTS } from './catalogue/other-operations.js';
import type { FaultDefinition } from './fault-definition.js';

export type { FaultDefinition } from './fault-definition.js';

export const FAULTS = [
  ...AUTH_FAULTS,
  ...ERRORS_FAULTS,
  ...SHAPE_FAULTS,
  ...LOOKUP_FAULTS,
  ...PAGINATION_FAULTS,
  ...POSTBACKS_FAULTS,
  ...SERVER_FAULTS,
  ...CREATE_FAULTS,
  ...PAGE_FAULTS,
  ...STATUS_FAULTS,
  ...COMPLAINTS_FAULTS,
  ...OTHER_OPERATIONS_FAULTS,
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);
