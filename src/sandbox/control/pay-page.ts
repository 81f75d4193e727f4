import { ApiError } from '../api/api-error.js';
import type { Answer } from '../http/answer.js';
import type { PaymentCreationInfo } from '../../../generated/payments/create-payment.response.gen.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import { toMajorUnits } from '../domain/money.js';
import type { SandboxContext } from '../sandbox-context.js';
import { setOutcome } from '../service/payment-outcomes.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): Answer {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, raw: html };
}

/** A QR code's stand-in: an image the page shows when the payment's info.showQR is true (§2.3). */
function qrCode(payment: PaymentRecord): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 8 8">' +
    '<path d="M0 0h3v3H0zM5 0h3v3H5zM0 5h3v3H0zM4 4h1v1H4zM6 6h2v2H6z"/></svg>';
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<img id="qr" alt="QR code to pay ${escapeHtml(payment.id)}" src="${src}" width="96" height="96">`;
}

/**
 * The buttons to the payment applications (§2.3): one per deepLink key whose link is defined, none for a null one
 * (the fault page-null-deeplink-button shows a dead one), all only when info.withDeepLink is true.
 */
function appButtons(ctx: SandboxContext, info: PaymentCreationInfo | undefined, paymentId: string): string {
  if (info?.withDeepLink !== true || info.deepLink === null || info.deepLink === undefined) return '';
  return Object.entries(info.deepLink)
    .filter(([, link]) => typeof link === 'string' || ctx.faults.has('page-null-deeplink-button'))
    .map(([app, link]) => {
      const href = typeof link === 'string' ? link.replaceAll('{paymentId}', encodeURIComponent(paymentId)) : '#';
      return `<a class="app" data-app="${escapeHtml(app)}" role="button" href="${escapeHtml(href)}">Open ${escapeHtml(app)}</a>`;
    })
    .join('');
}

/**
 * The external payment system's page behind formUrl (§2.3, §4.2): the user pays or fails, and is sent to
 * successRedirectUrl or failureRedirectUrl (or redirectUrl, or a result page when the merchant gave none). It shows a
 * QR code when the method's info.showQR is true and a button per defined deep link.
 */
export function payPage(ctx: SandboxContext, payment: PaymentRecord): Answer {
  const action = `${ctx.controlBasePath}/pay/${encodeURIComponent(payment.id)}/complete`;
  const amount = `${toMajorUnits(payment.amountMinor).toFixed(2)} ${payment.currencyCode}`;
  const info = ctx.methods.get(payment.paymentMethodId)?.info;
  const button = (result: string, label: string) =>
    `<form method="post" action="${action}?result=${result}"><button type="submit" id="${result}">${label}</button></form>`;
  const showQr = info?.showQR === true && !ctx.faults.has('page-missing-qr');
  return page(
    'Sandbox payment page',
    `<h1>Sandbox payment</h1><p id="amount">${escapeHtml(amount)}</p><p id="status">${payment.status}</p>` +
      (showQr ? qrCode(payment) : '') +
      appButtons(ctx, info, payment.id) +
      (payment.status === 'PENDING' ? button('success', 'Pay') + button('failure', 'Fail') : ''),
  );
}

/** The user's choice on the payment page: the outcome, then the redirect the merchant asked for. */
export function completePayment(ctx: SandboxContext, payment: PaymentRecord, result: string | null): Answer {
  if (result !== 'success' && result !== 'failure') throw ApiError.badRequest('result must be success or failure');
  if (payment.status === 'PENDING' && !ctx.faults.has('page-outcome-not-applied')) {
    setOutcome(
      ctx,
      payment,
      result === 'success' ? 'SUCCESS' : 'FAILED',
      result === 'success' ? undefined : 'NO_AMOUNT',
    );
  }
  // The fault page-wrong-redirect sends a user who paid where a failed payment goes.
  const succeeded = result === 'success' && !ctx.faults.has('page-wrong-redirect');
  const target = (succeeded ? payment.successRedirectUrl : payment.failureRedirectUrl) ?? payment.redirectUrl;
  if (target !== undefined) return { status: 303, headers: { location: target }, raw: '' };
  return page('Sandbox payment result', `<h1>Payment ${payment.status}</h1>`);
}
