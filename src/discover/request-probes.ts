/**
 * Open points of single requests: the records' createdAt format (§2.1) and a new payment's status (§3.1), a status
 * check without lookup fields (§7), whether an empty or a null publicKey or hash counts as missing or invalid, and
 * which check answers first (§5.4), and the status an invalid body gets (§7: 400, or 422 by the provider's convention).
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import { preparedFromBody } from '../client/prepared-request.js';
import { type Decision, errorCodeOf, inconclusive, proposed, refusesBody } from './decision.js';

const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The status checks of the discovery's own payments: each record's createdAt. */
export function createdAtFormat(records: readonly Exchange[]): Decision {
  const key = 'conventions.createdAtFormat';
  const values = records.map((r) => (r.json as { createdAt?: unknown } | undefined)?.createdAt);
  const texts = values.filter((v): v is string => typeof v === 'string');
  const shown = JSON.stringify(values.slice(0, 3));
  if (texts.length === 0 || texts.length < values.length) {
    return inconclusive(key, `not every record has a createdAt text: ${shown}`, records.slice(0, 2));
  }
  // The strictest of the choices that every sample meets: one more sample of another form would show it.
  if (texts.every((t) => UTC_MILLIS.test(t))) {
    return proposed(
      key,
      'iso8601-utc-millis',
      `every createdAt is UTC with milliseconds: ${shown}`,
      records.slice(0, 2),
    );
  }
  if (texts.every((t) => RFC_3339.test(t))) {
    return proposed(key, 'iso8601', `every createdAt is an RFC 3339 date-time: ${shown}`, records.slice(0, 2));
  }
  return inconclusive(key, `createdAt is neither of the profile's formats: ${shown}`, records.slice(0, 2));
}

export async function statusWithoutLookupField(api: ApiClient): Promise<Decision> {
  const key = 'conventions.statusWithoutLookupField';
  const exchange = await api.dispatch(api.prepareUnchecked('paymentStatus', {}));
  if (exchange.status === 400 || exchange.status === 404) {
    return proposed(
      key,
      exchange.status,
      `a status check with neither paymentId nor merchantPaymentId got ${exchange.status}`,
      [exchange],
    );
  }
  return inconclusive(key, `a status check without lookup fields got ${exchange.status}, neither 400 nor 404`, [
    exchange,
  ]);
}

/**
 * An empty (or null) publicKey and an empty (or null) hash, each on a status check of an unknown id that is otherwise
 * valid: missing (NO_LOGIN, NO_TOKEN) or invalid (NO_KEY, UNAUTHORIZED), §5.4 says neither.
 */
async function credentialsAs(
  api: ApiClient,
  key: 'conventions.emptyCredentials' | 'conventions.nullCredentials',
  value: '' | null,
): Promise<Decision> {
  const what = value === null ? 'null' : 'empty';
  const signed = api.prepare('paymentStatus', { paymentId: randomUUID() });
  const body = signed.body ?? {};
  const noKey = await api.dispatch(
    preparedFromBody('paymentStatus', { ...body, publicKey: value }, `publicKey ${what}`),
  );
  const noHash = await api.dispatch(preparedFromBody('paymentStatus', { ...body, hash: value }, `hash ${what}`));
  const codes = [errorCodeOf(noKey), errorCodeOf(noHash)];
  const evidence = [noKey, noHash];
  if (codes[0] === 'NO_LOGIN' && codes[1] === 'NO_TOKEN') {
    return proposed(
      key,
      'missing',
      `${article(what)} ${what} publicKey got NO_LOGIN and ${article(what)} ${what} hash NO_TOKEN, as if absent`,
      evidence,
    );
  }
  if (codes[0] === 'NO_KEY' && codes[1] === 'UNAUTHORIZED') {
    return proposed(
      key,
      'invalid',
      `${article(what)} ${what} publicKey got NO_KEY and ${article(what)} ${what} hash UNAUTHORIZED`,
      evidence,
    );
  }
  return inconclusive(
    key,
    `${article(what)} ${what} publicKey got ${noKey.status} ${codes[0] ?? ''} and ${article(what)} ${what} hash ${noHash.status} ${codes[1] ?? ''}: no single choice`,
    evidence,
  );
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

export function emptyCredentials(api: ApiClient): Promise<Decision> {
  return credentialsAs(api, 'conventions.emptyCredentials', '');
}

export function nullCredentials(api: ApiClient): Promise<Decision> {
  return credentialsAs(api, 'conventions.nullCredentials', null);
}

/**
 * Which check answers first when a body is both invalid and unsigned (§5.4, §7 do not say): a status check whose
 * paymentId is a number and that carries no publicKey gets 401 NO_LOGIN where the credentials are checked first, 400
 * where the body is.
 */
export async function authCheckOrder(api: ApiClient): Promise<Decision> {
  const key = 'conventions.authCheckOrder';
  const exchange = await api.dispatch(
    preparedFromBody('paymentStatus', { paymentId: 7, hash: 'unsigned' }, 'paymentId a number, no publicKey'),
  );
  if (exchange.status === 401 && errorCodeOf(exchange) === 'NO_LOGIN') {
    return proposed(key, 'credentials-first', 'an invalid body without publicKey got 401 NO_LOGIN', [exchange]);
  }
  if (refusesBody(exchange)) {
    return proposed(
      key,
      'body-first',
      `an invalid body without publicKey got ${exchange.status}, before its credentials`,
      [exchange],
    );
  }
  return inconclusive(
    key,
    `an invalid body without publicKey got ${exchange.status} ${errorCodeOf(exchange) ?? ''}: neither order`,
    [exchange],
  );
}

/**
 * The status an invalid body gets (§7 lists 400; conventions.invalidBodyStatus lets a provider answer 422): a signed
 * status check whose paymentId is a number.
 */
export async function invalidBodyStatus(api: ApiClient): Promise<Decision> {
  const key = 'conventions.invalidBodyStatus';
  const exchange = await api.dispatch(api.prepareUnchecked('paymentStatus', { paymentId: 7 }));
  if (refusesBody(exchange)) {
    return proposed(
      key,
      exchange.status,
      `a signed status check whose paymentId is a number got ${exchange.status} ${errorCodeOf(exchange) ?? ''}`.trim(),
      [exchange],
    );
  }
  return inconclusive(
    key,
    `a signed status check whose paymentId is a number got ${exchange.status}, neither 400 nor 422`,
    [exchange],
  );
}

/**
 * The status of the discovery's payments read right after their creation (§3.1: not shown): what every one shows.
 * Payments that settle by themselves within moments would show otherwise, and the proposal says how long after.
 */
export function initialPaymentStatus(records: readonly Exchange[]): Decision {
  const key = 'conventions.initialPaymentStatus';
  const statuses = records.map((r) => (r.json as { status?: unknown } | undefined)?.status);
  const distinct = [...new Set(statuses)];
  const only = distinct[0];
  if (
    distinct.length === 1 &&
    (only === 'PENDING' || only === 'SUCCESS' || only === 'FAILED' || only === 'NEED_CHECK')
  ) {
    return proposed(
      key,
      only,
      `every new payment (${records.length}) showed ${only} on the status check right after its creation`,
      records.slice(0, 2),
    );
  }
  return inconclusive(key, `new payments showed ${JSON.stringify(statuses.slice(0, 5))}`, records.slice(0, 2));
}
