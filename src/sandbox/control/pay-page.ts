import { ApiError } from '../api/api-error.js';
import type { Answer } from '../http/answer.js';
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

/**
 * The external payment system's page behind formUrl (§2.3, §4.2): the user pays or fails, and is sent to
 * successRedirectUrl or failureRedirectUrl (or redirectUrl, or a result page when the merchant gave none).
 */
export function payPage(ctx: SandboxContext, payment: PaymentRecord): Answer {
  const action = `${ctx.controlBasePath}/pay/${encodeURIComponent(payment.id)}/complete`;
  const amount = `${toMajorUnits(payment.amountMinor).toFixed(2)} ${payment.currencyCode}`;
  const button = (result: string, label: string) =>
    `<form method="post" action="${action}?result=${result}"><button type="submit" id="${result}">${label}</button></form>`;
  return page(
    'Sandbox payment page',
    `<h1>Sandbox payment</h1><p id="amount">${escapeHtml(amount)}</p><p id="status">${payment.status}</p>` +
      (payment.status === 'PENDING' ? button('success', 'Pay') + button('failure', 'Fail') : ''),
  );
}

/** The user's choice on the payment page: the outcome, then the redirect the merchant asked for. */
export function completePayment(ctx: SandboxContext, payment: PaymentRecord, result: string | null): Answer {
  if (result !== 'success' && result !== 'failure') throw ApiError.badRequest('result must be success or failure');
  if (payment.status === 'PENDING') {
    setOutcome(
      ctx,
      payment,
      result === 'success' ? 'SUCCESS' : 'FAILED',
      result === 'success' ? undefined : 'NO_AMOUNT',
    );
  }
  const target =
    (result === 'success' ? payment.successRedirectUrl : payment.failureRedirectUrl) ?? payment.redirectUrl;
  if (target !== undefined) return { status: 303, headers: { location: target }, raw: '' };
  return page('Sandbox payment result', `<h1>Payment ${payment.status}</h1>`);
}
