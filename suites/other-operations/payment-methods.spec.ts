/**
 * §4.7 payment method retrieval (its path and body are the profile's): the methods the merchant may use, with the
 * type, account and currency the profile's fixtures declare, and never one it may not use (§5.5).
 */
import { expect, notApplicable, okObject, test, verifies } from '../../fixtures/index.js';
import type { MethodFixture } from '../../generated/profile/profile.gen.js';

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

  test('the answer is a list of payment methods', verifies('METHODS-LIST', 'paymentMethods'), async ({ api }) => {
    await expect(await api.paymentMethods({})).toMatchSchema('other-operations/payment-methods.response');
  });

  test(
    'lists every method the merchant may use, with its type, account and currency',
    verifies('METHODS-LIST', 'paymentMethods'),
    async ({ api, given }) => {
      const {
        forbidden: _forbidden,
        forbiddenPayOut: _forbiddenPayOut,
        ...usable
      } = given.profile.settings.merchant.paymentMethods;
      const listed = okObject(await api.paymentMethods({})).paymentMethods;
      const listedById = new Map(
        (Array.isArray(listed) ? (listed as Partial<MethodFixture>[]) : []).map((m) => [m.id, described(m)]),
      );
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
      const listed = okObject(await api.paymentMethods({})).paymentMethods;
      const ids = (Array.isArray(listed) ? (listed as { id?: unknown }[]) : []).map((m) => m.id);
      for (const id of closed) expect(ids, `a method the merchant may not use`).not.toContain(id);
    },
  );

  for (const type of ['PAY_IN', 'PAY_OUT'] as const) {
    test(`type ${type} lists ${type} methods only`, verifies('METHODS-LIST', 'paymentMethods'), async ({ api }) => {
      const listed = okObject(await api.paymentMethods({ type })).paymentMethods;
      const types = (Array.isArray(listed) ? (listed as { type?: unknown }[]) : []).map((m) => m.type);
      expect(types.length, `${type} methods listed`).toBeGreaterThan(0);
      expect(types.filter((t) => t !== type)).toEqual([]);
    });
  }
});
