/**
 * §7 and the field tables of §4: for any body that breaks its operation's schema in one principled way (a required
 * member dropped, a wrong type, a value outside its enum, JSON cut short), 400 with an error body; never 2xx, never
 * 5xx (a 5xx here is the 400 requirement's finding: the interface names the status). The bodies are changed, then signed: only the body is wrong. A null for an optional member and a member no
 * table lists are not made here: the interface leaves them open (the profile's nullMembers and unknownRequestMembers,
 * checked in suites/errors).
 */
import fc from 'fast-check';
import { test, verifies } from '../../fixtures/index.js';
import { errorCase, invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';
import { type Change, describedVariants, invalidVariants } from '../../fixtures/arbitraries/invalid-variants.js';
import { isOtherOperation, kitDesign, requiredMembers } from '../../fixtures/conformance/other-payloads.js';
import { validFields } from '../../fixtures/conformance/operation-bodies.js';
import { schemaFields, SIGNING_MEMBERS, withFreshIds } from '../../fixtures/arbitraries/request-fields.js';
import { assertProperty } from '../../fixtures/conformance/property-runs.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../src/contract/operations.js';
import type { RequirementId } from '../../src/requirements/registry.js';
import { rawRequest } from '../../src/client/request-variants.js';

/** The creation members §4.2 requires (CREATE-REQUIRED-FIELDS names them). */
const CREATION_REQUIRED = new Set(['accountId', 'paymentMethodId', 'amount', 'clientFieldsValues']);

/** The requirement whose statement names the 400 for this change to this operation's body. */
function refusalRequirement(operation: OperationName, change: Change): RequirementId {
  if (change.kind === 'raw') return 'ERROR-MALFORMED-400';
  const creation = OPERATIONS[operation].createsPayment;
  if (creation && change.kind === 'dropped' && CREATION_REQUIRED.has(change.member)) return 'CREATE-REQUIRED-FIELDS';
  if (creation && change.kind === 'type') return 'CREATE-FIELD-TYPES';
  if (operation === 'paymentsList' && change.kind === 'dropped' && change.member.startsWith('createdAt')) {
    return 'LIST-INTERVAL-REQUIRED';
  }
  return 'ERROR-INVALID-BODY-400';
}

/** The specific refusal requirements refusalRequirement can name for this operation. */
function specificRefusals(operation: OperationName): RequirementId[] {
  if (OPERATIONS[operation].createsPayment) return ['CREATE-REQUIRED-FIELDS', 'CREATE-FIELD-TYPES'];
  return operation === 'paymentsList' ? ['LIST-INTERVAL-REQUIRED'] : [];
}

for (const operation of OPERATION_NAMES) {
  test(
    `${operation}: any body that breaks the field table gets 400 with an error body`,
    verifies(
      ['ERROR-INVALID-BODY-400', 'ERROR-MALFORMED-400', 'ERROR-BODY-SHAPE', ...specificRefusals(operation)],
      operation,
    ),
    async ({ api, given }) => {
      given.operation(operation);
      if (operation === 'createPayOut') given.payouts();
      // §4.7's own bodies are the provider's: the kit's reference design where it takes it, else its described
      // example and required members (other-payloads.ts); the others are the interface's field tables.
      const variants =
        isOtherOperation(operation) && !kitDesign(given.profile, operation)
          ? describedVariants(validFields(operation, given), requiredMembers(given.profile, operation))
          : invalidVariants(OPERATIONS[operation].request, schemaFields(operation, given.profile), SIGNING_MEMBERS);
      await assertProperty(
        given.profile,
        fc.asyncProperty(variants, async (invalid) => {
          const request =
            invalid.kind === 'raw'
              ? rawRequest(operation, invalid.bytes, invalid.mutation)
              : api.prepareUnchecked(
                  operation,
                  withFreshIds(invalid.fields, () => given.merchantPaymentId()),
                );
          // Each case is the most specific requirement that names its 400 (a 5xx included): JSON cut short
          // ERROR-MALFORMED-400's, a creation without a required member CREATE-REQUIRED-FIELDS', and so on; the rest
          // ERROR-INVALID-BODY-400's.
          // JSON cut short is §7's 400 row itself; a body that parses but breaks its table gets the profile's status.
          const status = invalid.kind === 'raw' ? 400 : invalidBodyStatus(given.profile);
          errorCase(
            await api.dispatch(request),
            status,
            refusalRequirement(operation, invalid.change),
            invalid.mutation,
          );
        }),
      );
    },
  );
}
