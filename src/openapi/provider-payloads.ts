/**
 * The operations §4.7 only names ("their paths, methods and payloads are not shown"), in the export, as the profile
 * describes them (operations.X.payload): with the kit's reference schemas (schemas/other-operations) only where the
 * provider takes that design (kitDesign); otherwise the body the provider documents (its example, its required
 * members, publicKey and hash as §5 has every body carry them) and an answer of a shape the interface does not show.
 * An export must not state the kit's design for a provider who does not take it.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import type { OperationName } from '../contract/operations.js';
import type { BodySigner } from '../signing/body-signer.js';
import { serializeBody } from '../client/prepared-request.js';
import { describedBody, describedPayload, isOtherOperation } from '../profile/operation-payloads.js';
import { COMPONENT_REF, componentName } from './component-refs.js';

/** Whether the export states the operation with the kit's schemas: §4.1–§4.5 always, §4.7's under kitDesign. */
export function kitDesigned(operation: OperationName, profile: ServiceProfile): boolean {
  return !isOtherOperation(operation) || describedPayload(profile, operation)?.kitDesign === true;
}

/** The request body of a §4.7 operation the provider shapes its own way: what the profile says of it. */
export function providerRequestSchema(operation: OperationName, profile: ServiceProfile): Record<string, unknown> {
  const payload = isOtherOperation(operation) ? describedPayload(profile, operation) : undefined;
  return {
    type: 'object',
    required: ['publicKey', 'hash', ...(payload?.required ?? [])],
    properties: { publicKey: definition('PublicKey'), hash: definition('Hash') },
    description:
      payload === undefined
        ? `§4.7 shows no payload of ${operation}, and the profile describes none (operations.${operation}.payload)`
        : `The provider's body of ${operation} (operations.${operation}.payload): its required members; §4.7 shows none`,
  };
}

/** A $defs entry of schemas/common/definitions, as its component. */
const definition = (name: string) => ({ $ref: COMPONENT_REF + componentName('common/definitions', name) });

/** The answer of a §4.7 operation the provider shapes its own way: any JSON, with where the profile reads it. */
export function providerAnswerSchema(operation: OperationName, profile: ServiceProfile): Record<string, unknown> {
  const payload = isOtherOperation(operation) ? describedPayload(profile, operation) : undefined;
  const pointers = [
    payload?.idAt === undefined ? undefined : `the new id at ${payload.idAt}`,
    payload?.listAt === undefined ? undefined : `the methods at ${payload.listAt === '' ? 'its root' : payload.listAt}`,
  ].filter((text) => text !== undefined);
  return {
    description: `§4.7 shows no answer of ${operation}${pointers.length === 0 ? '' : `; the profile reads ${pointers.join(', ')}`}`,
  };
}

/** The provider's example body, filled with the export's example values and signed; undefined without one. */
export function providerRequestExample(
  operation: OperationName,
  profile: ServiceProfile,
  signer: BodySigner,
  values: { paymentId: string; postBackUrl: string; code: string },
): Record<string, unknown> | undefined {
  if (!isOtherOperation(operation)) return undefined;
  const payload = describedPayload(profile, operation);
  if (payload?.example === undefined) return undefined;
  const body = describedBody(profile, operation, { ...values, comment: 'example', type: 'PAY_IN' });
  if (body === undefined) return undefined;
  return JSON.parse(serializeBody(signer.sign(body)).toString('utf8')) as Record<string, unknown>;
}
