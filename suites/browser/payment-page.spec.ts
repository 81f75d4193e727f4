/**
 * §2.3, §4.2: the user-facing half of a deposit through an external payment system, in a real browser (Debian's
 * Chromium). The creation answers formUrl; the user pays or fails on that page and lands on successRedirectUrl or
 * failureRedirectUrl; the page shows a QR code when info.showQR is true and a button to each payment application
 * whose deep link is defined; the status and the postback follow what the user did. A provider's page is driven
 * through the profile's `page` actions; screenshots and traces of a failure are kept with the report.
 */
import { expect, verifies } from '../../fixtures/index.js';
import { check, softCheck } from '../../fixtures/conformance/checks.js';
import { bodyOf } from '../../fixtures/conformance/postback-bodies.js';
import {
  externalPayment,
  landingAfter,
  locate,
  openPaymentPage,
  pageActions,
  test,
} from '../../fixtures/browser/payment-page.js';
import { paymentById } from '../../fixtures/conformance/payment-records.js';
import { allowTargetTime } from '../../fixtures/conformance/test-time.js';

const DEFAULT_PAGE_TIMEOUT_MS = 15_000;

test.describe('the payment page behind formUrl', () => {
  for (const [choice, outcome] of [
    ['pay', 'SUCCESS'],
    ['fail', 'FAILED'],
  ] as const) {
    test(
      `${choice === 'pay' ? 'paying' : 'failing'} on the page lands on the ${choice === 'pay' ? 'success' : 'failure'} redirect URL, then ${outcome} and its postback follow`,
      verifies(['CREATE-EXTERNAL-REDIRECTS', 'PAGE-OUTCOME']),
      async ({ api, given, capture, page }) => {
        const actions = pageActions(given);
        const timeoutMs = actions.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
        const time = await given.postbackTime();
        const endpoint = await capture.endpoint({ kind: 'payment', label: `page ${choice}` });
        const payment = await externalPayment(given, endpoint.url);
        await openPaymentPage(page, payment, timeoutMs);
        const landed = await landingAfter(page, payment, timeoutMs, () =>
          locate(page, actions[choice]).click({ timeout: timeoutMs }),
        );
        const wanted = choice === 'pay' ? payment.successUrl : payment.failureUrl;
        softCheck('CREATE-EXTERNAL-REDIRECTS', () => {
          expect(landed, 'the address the browser landed on').toBe(wanted);
        });
        await check('PAGE-OUTCOME', async () => {
          allowTargetTime(given.profile.settings.timing.statusChangeWaitMs);
          await expect
            .poll(async () => (await paymentById(api, payment.paymentId)).status, {
              message: 'the status after the user acted on the page',
              timeout: given.profile.settings.timing.statusChangeWaitMs,
            })
            .toBe(outcome);
          await time.attemptsArrive(endpoint, 1);
          const postback = bodyOf((await endpoint.attempts())[0]);
          expect(postback.status, 'the postback after the user acted on the page').toBe(outcome);
        });
      },
    );
  }

  test(
    'the page shows a QR code exactly when the creation answered info.showQR true',
    verifies('PAGE-SHOW-QR'),
    async ({ given, page }) => {
      const actions = pageActions(given);
      if (actions.qr === undefined) {
        test.skip(true, 'the profile names no page.qr: set it to the QR code (a CSS selector or {role, name})');
        return;
      }
      const timeoutMs = actions.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
      const payment = await externalPayment(given);
      await openPaymentPage(page, payment, timeoutMs);
      await locate(page, actions.pay).waitFor({ timeout: timeoutMs });
      const shown = await locate(page, actions.qr).isVisible();
      check('PAGE-SHOW-QR', () => {
        expect(shown, `a QR code on the page, with info.showQR ${JSON.stringify(payment.info.showQR)}`).toBe(
          payment.info.showQR === true,
        );
      });
    },
  );

  test(
    'the page shows a button to each payment application whose deep link is defined, and none for a null one',
    verifies('CREATE-DEEPLINK-BUTTON'),
    async ({ given, page }) => {
      const actions = pageActions(given);
      const template = actions.appButton;
      if (template === undefined) {
        test.skip(true, 'the profile names no page.appButton: set it to a CSS selector with {{app}} for the app key');
        return;
      }
      const timeoutMs = actions.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
      const payment = await externalPayment(given);
      const links = payment.info.deepLink;
      if (typeof links !== 'object' || links === null || Object.keys(links).length === 0) {
        test.skip(true, 'the external method answers no deepLink: nothing to show a button for');
        return;
      }
      await openPaymentPage(page, payment, timeoutMs);
      await locate(page, actions.pay).waitFor({ timeout: timeoutMs });
      const seen: Record<string, string | null> = {};
      for (const app of Object.keys(links)) {
        const button = page.locator(template.replaceAll('{{app}}', app));
        seen[app] = (await button.count()) === 0 ? null : await button.first().getAttribute('href');
      }
      const wanted = Object.fromEntries(
        Object.entries(links as Record<string, unknown>).map(([app, link]) => [
          app,
          payment.info.withDeepLink === true && typeof link === 'string' ? link : null,
        ]),
      );
      check('CREATE-DEEPLINK-BUTTON', () => {
        expect(seen, 'each app button and where it leads (null: no button)').toEqual(wanted);
      });
    },
  );
});
