/**
 * One operation of the export: its request, its 200 answer with the links from it, and every error answer the
 * interface and the profile allow it (operation-answers.ts), each with an example (operation-examples.ts) where the
 * document is made with the profile's signer.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import { OPERATIONS, type OperationName } from '../contract/operations.js';
import type { BodySigner } from '../signing/body-signer.js';
import { ref } from './component-refs.js';
import { errorAnswers } from './operation-answers.js';
import { exampleValues, operationExamples } from './operation-examples.js';
import {
  kitDesigned,
  providerAnswerSchema,
  providerRequestExample,
  providerRequestSchema,
} from './provider-payloads.js';
import { operationLinks } from './operation-links.js';

type Examples = Record<string, { readonly summary?: string; readonly value: unknown }>;

/** A JSON media type with its schema and examples. */
function content(schema: unknown, examples: Examples | undefined): Record<string, unknown> {
  return { 'application/json': { schema, ...(examples === undefined ? {} : { examples }) } };
}

export function operationObject(
  name: OperationName,
  profile: ServiceProfile,
  signer: BodySigner | undefined,
): Record<string, unknown> {
  const spec = OPERATIONS[name];
  const links = operationLinks(name, profile);
  const answers = errorAnswers(name, profile);
  const examples = signer === undefined ? undefined : operationExamples(name, profile, signer, answers);
  // A §4.7 operation the provider shapes its own way is stated as the profile describes it, never as the kit's design.
  const kit = kitDesigned(name, profile);
  const request = kit
    ? examples?.request
    : signer === undefined
      ? undefined
      : providerRequestExample(name, profile, signer, exampleValues(profile));
  const requestSchema = kit ? ref(spec.request) : providerRequestSchema(name, profile);
  return {
    operationId: name,
    summary: `${name} (${spec.specRef})`,
    description:
      'The body carries publicKey and hash (§5): hash signs the body as the profile states (x-signing-input of the ' +
      'document; `payment-conformance sign` signs a body so).',
    requestBody: {
      required: true,
      content: content(
        requestSchema,
        request === undefined
          ? undefined
          : { signed: { summary: "Signed with the profile's merchant key", value: request } },
      ),
    },
    responses: {
      '200': {
        description: `${spec.specRef}: the answer`,
        content: kit
          ? content(ref(spec.response), examples === undefined ? undefined : { answer: { value: examples.answer } })
          : content(providerAnswerSchema(name, profile), undefined),
        ...(links === undefined ? {} : { links }),
      },
      ...Object.fromEntries(
        answers.map((answer) => {
          const bodies = examples?.errors.get(answer.status);
          return [
            String(answer.status),
            {
              description: answer.conditions.join('; '),
              content: content(
                // Where only exact codes may come at this status, they are the error member's enum.
                answer.codes === undefined
                  ? ref('errors/error')
                  : { allOf: [ref('errors/error'), { properties: { error: { enum: answer.codes } } }] },
                bodies === undefined
                  ? undefined
                  : Object.fromEntries(bodies.map((body, i) => [answer.codes?.[i] ?? 'error', { value: body }])),
              ),
            },
          ];
        }),
      ),
    },
  };
}
