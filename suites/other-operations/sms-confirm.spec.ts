/**
 * §4.7 SMS confirmation (its path and body are the profile's), which follows a creation answered with
 * info.isSMSRequired (§2.3): the profile's test code confirms, another code does not.
 */
import { expect, okObject, skipBecause, test, verifies } from '../../fixtures/index.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';

function testCode(given: Preconditions): string {
  return given.profile.settings.merchant.smsTestCode ?? skipBecause('the profile names no merchant.smsTestCode');
}

test.describe('smsConfirm', () => {
  test.beforeEach(({ given }) => {
    given.operation('smsConfirm');
    given.method('smsRequired');
  });

  test(
    "the profile's test code confirms the payment",
    verifies('SMS-CONFIRM', 'smsConfirm'),
    async ({ api, given }) => {
      const code = testCode(given);
      const payment = await given.payment('smsRequired');
      const exchange = await api.smsConfirm({ paymentId: payment.paymentId, code });
      await expect(exchange).toMatchSchema('other-operations/sms-confirm.response');
      expect(okObject(exchange).isSucceed).toBe(true);
    },
  );

  test('another code does not confirm it', verifies('SMS-CONFIRM', 'smsConfirm'), async ({ api, given }) => {
    const code = testCode(given);
    const payment = await given.payment('smsRequired');
    const wrong = code === '000000' ? '999999' : '000000';
    const exchange = await api.smsConfirm({ paymentId: payment.paymentId, code: wrong });
    const confirmed =
      exchange.status === 200 && (exchange.json as { isSucceed?: unknown } | undefined)?.isSucceed === true;
    expect(confirmed, `code ${wrong} answered ${exchange.status} ${exchange.text}`).toBe(false);
  });
});
