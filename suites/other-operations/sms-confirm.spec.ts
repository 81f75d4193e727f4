/**
 * §4.7 SMS confirmation (its path and payload are the profile's: operations.smsConfirm.payload), which follows a
 * creation answered with info.isSMSRequired (§2.3): the profile's test code confirms, another code does not.
 */
import { expect, skipBecause, test, verifies } from '../../fixtures/index.js';
import type { Preconditions } from '../../fixtures/conformance/preconditions.js';
import { answerAt, expectKitDesignAnswer, payloadBody } from '../../fixtures/conformance/other-payloads.js';
import type { Exchange } from '../../src/client/exchange.js';
import type { ApiClient } from '../../src/client/api-client.js';

function testCode(given: Preconditions): string {
  return given.profile.settings.merchant.smsTestCode ?? skipBecause('the profile names no merchant.smsTestCode');
}

async function confirm(api: ApiClient, given: Preconditions, paymentId: string, code: string): Promise<Exchange> {
  const body = payloadBody(given.profile, 'smsConfirm', { paymentId, code });
  return api.dispatch(api.prepareUnchecked('smsConfirm', body));
}

/** Confirmed: 200, and the answer does not say otherwise where the profile says it tells (succeededAt). */
function confirmed(given: Preconditions, exchange: Exchange): boolean {
  return exchange.status === 200 && answerAt(given.profile, 'smsConfirm', 'succeededAt', exchange.json) !== false;
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
      const exchange = await confirm(api, given, payment.paymentId, code);
      expectKitDesignAnswer(given.profile, 'smsConfirm', exchange, 'other-operations/sms-confirm.response');
      expect(confirmed(given, exchange), `code ${code} answered ${exchange.status} ${exchange.text}`).toBe(true);
    },
  );

  test('another code does not confirm it', verifies('SMS-CONFIRM', 'smsConfirm'), async ({ api, given }) => {
    const code = testCode(given);
    const payment = await given.payment('smsRequired');
    const wrong = code === '000000' ? '999999' : '000000';
    const exchange = await confirm(api, given, payment.paymentId, wrong);
    expect(confirmed(given, exchange), `code ${wrong} answered ${exchange.status} ${exchange.text}`).toBe(false);
  });
});
