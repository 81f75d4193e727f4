/**
 * Properties of payment creation (§4.1, §4.2, §7): for any body the schema allows, an answer of §7 and never a 5xx;
 * for any body a usable method of the profile makes, 200 with the creation response.
 */
import fc from 'fast-check';
import { skipBecause, test, verifies } from '../../fixtures/index.js';
import { plainExpect } from '../../fixtures/conformance/plain-expect.js';
import {
  acceptableCreationFields,
  schemaFields,
  usableMethods,
  withFreshIds,
} from '../../fixtures/arbitraries/request-fields.js';
import { assertProperty } from '../../fixtures/conformance/property-runs.js';
import { check } from '../../fixtures/conformance/checks.js';
import { answerCase, invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';
import { expectSignedBodyAccepted } from '../../fixtures/conformance/answers.js';
import type { RequirementId } from '../../src/requirements/registry.js';
import { conformanceContract } from '../../fixtures/conformance/contract-options.js';
import type { PaymentType } from '../../generated/common/definitions.gen.js';

const KINDS = [
  { type: 'PAY_IN', operation: 'createPayIn', ok: 'CREATE-PAYIN-OK' },
  { type: 'PAY_OUT', operation: 'createPayOut', ok: 'CREATE-PAYOUT-OK' },
] as const satisfies readonly { type: PaymentType; operation: string; ok: RequirementId }[];

/** §7's statuses for a creation: anything else (a 5xx above all) is a finding. */
const DOCUMENTED = [200, 400, 401, 403, 404];

for (const kind of KINDS) {
  test.describe(`${kind.operation} · properties`, () => {
    test.beforeEach(({ given }) => {
      if (kind.type === 'PAY_OUT') given.payouts();
    });

    test(
      'any body the schema allows gets 200 or a §7 error with its body, never a 5xx',
      verifies(['ERROR-NO-5XX-FOR-INPUT', 'ERROR-BODY-SHAPE', 'CREATE-RESPONSE-SHAPE'], kind.operation),
      async ({ api, given }) => {
        // Bodies a target must accept only where the profile has a method of the type (only PAY_IN is required).
        const bodies =
          usableMethods(given.profile, kind.type).length === 0
            ? schemaFields(kind.operation, given.profile)
            : fc.oneof(schemaFields(kind.operation, given.profile), acceptableCreationFields(given.profile, kind.type));
        await assertProperty(
          given.profile,
          fc.asyncProperty(bodies, async (fields) => {
            const body = withFreshIds(fields, () => given.merchantPaymentId());
            answerCase(
              await api.dispatch(api.prepareUnchecked(kind.operation, body)),
              [...DOCUMENTED, invalidBodyStatus(given.profile)],
              'payments/create-payment.response',
            );
          }),
        );
      },
    );

    test(
      'any body with a usable method of the profile gets 200 and the creation response',
      verifies([kind.ok, 'CREATE-RESPONSE-SHAPE', 'ERROR-NO-5XX-FOR-INPUT'], kind.operation),
      async ({ api, given }) => {
        if (usableMethods(given.profile, kind.type).length === 0) {
          skipBecause(`the profile declares no ${kind.type} payment method a creation can use without more`);
        }
        await assertProperty(
          given.profile,
          fc.asyncProperty(acceptableCreationFields(given.profile, kind.type), async (fields) => {
            const body = withFreshIds(fields, () => given.merchantPaymentId());
            const exchange = await api.dispatch(api.prepareUnchecked(kind.operation, body));
            // The operation answers (its probe saw to that): a 401 to this signed body is its non-ASCII text's
            // signing input (AUTH-SIGNATURE-CANONICAL), a 5xx this input's crash (ERROR-NO-5XX-FOR-INPUT, §7).
            expectSignedBodyAccepted(exchange);
            check('ERROR-NO-5XX-FOR-INPUT', () => {
              plainExpect(exchange.status, exchange.text.slice(0, 300)).toBeLessThan(500);
            });
            check(kind.ok, () => {
              plainExpect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
            });
            check('CREATE-RESPONSE-SHAPE', () => {
              const validation = conformanceContract().validate('payments/create-payment.response', exchange.json);
              plainExpect(validation.ok, exchange.text.slice(0, 300)).toBe(true);
            });
          }),
        );
      },
    );
  });
}
