import { ApiError } from '../api/api-error.js';
import type { Answer } from '../http/answer.js';
import type { SandboxContext } from '../sandbox-context.js';
import { completePayment, payPage } from './pay-page.js';

/**
 * What a flavour without a control API still serves under its pages' base path, with no token: the external payment
 * system's page behind formUrl (§2.3, §4.2) and uploaded images behind attachment.url (§2.1, §4.7). Anything else
 * there is 404 NOT_FOUND, as it is for every path the service does not have.
 */
export function handlePublicPage(
  ctx: SandboxContext,
  request: { readonly method: string; readonly path: string; readonly query: URLSearchParams },
): Answer {
  const [collection, rawId, verb, extra] = request.path.split('/');
  const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
  try {
    if (extra !== undefined || id === undefined) throw ApiError.notFound();
    const route = `${request.method} ${collection ?? ''}${verb === undefined ? '' : `/${verb}`}`;
    switch (route) {
      case 'GET pay':
        return payPage(ctx, paymentNamed(ctx, id));
      case 'POST pay/complete':
        return completePayment(ctx, paymentNamed(ctx, id), request.query.get('result'));
      case 'GET media': {
        const media = ctx.media.get(id);
        if (media === undefined) throw ApiError.notFound();
        return { status: 200, headers: { 'content-type': media.contentType }, raw: media.bytes };
      }
      default:
        throw ApiError.notFound();
    }
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, json: { error: error.error } };
    throw error;
  }
}

function paymentNamed(ctx: SandboxContext, id: string) {
  const payment = ctx.payments.getAny(id);
  if (payment === undefined) throw ApiError.notFound();
  return payment;
}
