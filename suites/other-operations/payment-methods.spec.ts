/**
 * §4.7 payment method retrieval (its path and payload are the profile's: operations.paymentMethods.payload): the
 * methods the merchant may use, with the type, account and currency the profile's fixtures declare, and never one it
 * may not use (§5.5).
 */
import { expect, notApplicable, test, verifies } from '../../fixtures/index.js';
import type { MethodFixture } from '../../generated/profile/profile.gen.js';
import { answerAt, expectKitDesignAnswer, payloadBody } from '../../fixtures/conformance/other-payloads.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';
import type { ApiClient } from '../../src/client/api-client.js';

/** The methods the retrieval answers (of one type when asked, where the payload can ask), as the profile points. */
async function listed(api: ApiClient, given: Preconditions, type?: 'PAY_IN' | 'PAY_OUT'): Promise<unknown[]> {
  const body = payloadBody(given.profile, 'paymentMethods', type === undefined ? {} : { type });
  if (type !== undefined && body.type !== type && !JSON.stringify(body).includes(type)) {
    notApplicable("the profile's payload of paymentMethods has no {{type}}: it cannot ask for one type");
  }
  const exchange = await api.dispatch(api.prepareUnchecked('paymentMethods', body));
  expect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
  const methods = answerAt(given.profile, 'paymentMethods', 'listAt', exchange.json);
  expect(Array.isArray(methods), `the methods in ${exchange.text.slice(0, 300)}`).toBe(true);
  return methods as unknown[];
}

/** A method as the merchant's fixtures and the retrieval both describe it. */
const described = (m: Partial<MethodFixture>) => ({
  id: m.id,
  type: m.type,
  accountId: m.accountId,
  currencyCode: m.currencyCode,
});

test.describe('paymentMethods', () => {
  test.beforeEach(({ given }) => {
    given.operation('paymentMethods');
  });

  test(
    'the answer is a list of payment methods',
    verifies('METHODS-LIST', 'paymentMethods'),
    async ({ api, given }) => {
      // The kit's design of the answer where the provider takes it; and the array where the profile points.
      const exchange = await api.dispatch(
        api.prepareUnchecked('paymentMethods', payloadBody(given.profile, 'paymentMethods', {})),
      );
      expectKitDesignAnswer(given.profile, 'paymentMethods', exchange, 'other-operations/payment-methods.response');
      await listed(api, given);
    },
  );

  test(
    'lists every method the merchant may use, with its type, account and currency',
    verifies('METHODS-LIST', 'paymentMethods'),
    async ({ api, given }) => {
      const {
        forbidden: _forbidden,
        forbiddenPayOut: _forbiddenPayOut,
        ...usable
      } = given.profile.settings.merchant.paymentMethods;
      const methods = await listed(api, given);
      const listedById = new Map((methods as Partial<MethodFixture>[]).map((m) => [m.id, described(m)]));
      for (const [role, method] of Object.entries(usable)) {
        expect(listedById.get(method.id), `the ${role} method`).toEqual(described(method));
      }
    },
  );

  test(
    'never lists a method the merchant may not use',
    verifies('METHODS-LIST', 'paymentMethods'),
    async ({ api, given }) => {
      const { forbidden, forbiddenPayOut } = given.profile.settings.merchant.paymentMethods;
      const closed = [forbidden, forbiddenPayOut].flatMap((method) => (method === undefined ? [] : [method.id]));
      if (closed.length === 0) notApplicable('the profile names no method the merchant may not use (forbidden)');
      const ids = ((await listed(api, given)) as { id?: unknown }[]).map((m) => m.id);
      for (const id of closed) expect(ids, `a method the merchant may not use`).not.toContain(id);
    },
  );

  for (const type of ['PAY_IN', 'PAY_OUT'] as const) {
    test(
      `type ${type} lists ${type} methods only`,
      verifies('METHODS-LIST', 'paymentMethods'),
      async ({ api, given }) => {
        const types = ((await listed(api, given, type)) as { type?: unknown }[]).map((m) => m.type);
        expect(types.length, `${type} methods listed`).toBeGreaterThan(0);
        expect(types.filter((t) => t !== type)).toEqual([]);
      },
    );
  }
});
