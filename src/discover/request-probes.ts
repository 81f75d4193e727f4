/**
 * Open points of single requests: the records' createdAt format (§2.1), a status check without lookup fields (§7),
 * and whether an empty publicKey or hash counts as missing or invalid (§5.4).
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../client/api-client.js';
import type { Exchange } from '../client/exchange.js';
import { preparedFromBody } from '../client/prepared-request.js';
import { type Decision, errorCodeOf, inconclusive, proposed } from './decision.js';

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

/** An empty publicKey and an empty hash, each on a status check of an unknown id that is otherwise valid. */
export async function emptyCredentials(api: ApiClient): Promise<Decision> {
  const key = 'conventions.emptyCredentials';
  const signed = api.prepare('paymentStatus', { paymentId: randomUUID() });
  const body = signed.body ?? {};
  const noKey = await api.dispatch(preparedFromBody('paymentStatus', { ...body, publicKey: '' }, 'publicKey empty'));
  const noHash = await api.dispatch(preparedFromBody('paymentStatus', { ...body, hash: '' }, 'hash empty'));
  const codes = [errorCodeOf(noKey), errorCodeOf(noHash)];
  const evidence = [noKey, noHash];
  if (codes[0] === 'NO_LOGIN' && codes[1] === 'NO_TOKEN') {
    return proposed(
      key,
      'missing',
      'an empty publicKey got NO_LOGIN and an empty hash NO_TOKEN, as if absent',
      evidence,
    );
  }
  if (codes[0] === 'NO_KEY' && codes[1] === 'UNAUTHORIZED') {
    return proposed(key, 'invalid', 'an empty publicKey got NO_KEY and an empty hash UNAUTHORIZED', evidence);
  }
  return inconclusive(
    key,
    `an empty publicKey got ${noKey.status} ${codes[0] ?? ''} and an empty hash ${noHash.status} ${codes[1] ?? ''}: no single choice`,
    evidence,
  );
}
