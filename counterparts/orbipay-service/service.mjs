#!/usr/bin/env node
// Orbipay payment service - SANDBOX. Node.js 20, standard library only. In-memory state.
//   node service.mjs --config config.json --port 0 [--fault OB-nn]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID, randomBytes } from 'node:crypto';
import { makeSigner, makeVerifier, normalizeKey } from './lib/signing.mjs';
import { PostbackDeliverer } from './lib/postbacks.mjs';
import { FAULTS } from './lib/faults.mjs';

// ---------------------------------------------------------------- CLI & config
const argv = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const configPath = path.resolve(arg('--config', 'config.json'));
const port = Number(arg('--port', '0'));
const fault = arg('--fault', null);
if (fault && !FAULTS[fault]) {
  console.error(`unknown fault ${fault}; known: ${Object.keys(FAULTS).join(', ')}`);
  process.exit(2);
}
const F = (id) => fault === id;

const cfg = JSON.parse(fs.readFileSync(configPath, 'utf8'));
const cfgDir = path.dirname(configPath);
const readRel = (p) => fs.readFileSync(path.resolve(cfgDir, p), 'utf8');
const S = cfg.service;
const CURRENCY_EXP = cfg.currencies;
const ORBIPAY_PUBLIC_KEY = readRel(S.postbackPublicKeyFile);
const signPostback = makeSigner(readRel(S.postbackPrivateKeyFile));
const DEEP_LINK_APPS = ['paytm', 'phonepe', 'gpay'];

const log = (msg) => process.stderr.write(`${new Date().toISOString()} ${msg}\n`);

const merchants = new Map(); // normalized public key -> merchant
const knownMethodIds = new Set(); // every method id that exists anywhere
for (const m of cfg.merchants) {
  const pem = readRel(m.publicKeyFile);
  const merchant = {
    id: m.id,
    name: m.name,
    verify: makeVerifier(pem),
    postBackUrl: m.postBackUrl,
    methods: new Map(m.paymentMethods.map((pm) => [pm.id, pm])),
  };
  for (const pm of m.paymentMethods) knownMethodIds.add(pm.id);
  merchants.set(normalizeKey(pem), merchant);
}

// ---------------------------------------------------------------- state
const payments = new Map(); // id -> payment
const complaints = new Map(); // id -> complaint
const media = new Map(); // id -> {merchantId, contentType, data, usedBy}
const cursors = new Map(); // nextId token -> {merchantId, t, id, expires}
let baseUrl = '';

const deliverer = new PostbackDeliverer({
  retryDelaysMs: S.postbackRetryDelaysMs,
  timeoutMs: S.postbackTimeoutMs,
  log,
  acceptAny2xx: F('OB-10'),
});

// ---------------------------------------------------------------- helpers
class ApiError extends Error {
  constructor(status, error) {
    super(error);
    this.status = status;
    this.error = error;
  }
}
const bad = (msg) => {
  throw new ApiError(400, msg);
};
const notFound = () => {
  throw new ApiError(404, 'NOT_FOUND');
};
const isoOffset = (ms) => new Date(ms).toISOString().replace('Z', '+00:00'); // records: 2025-01-31T09:15:02.123+00:00
const isoZ = (ms) => new Date(ms).toISOString(); // postbacks: 2025-01-31T09:15:02.123Z

function str(b, k, { required = false, max = 256 } = {}) {
  const v = b[k];
  if (v === undefined || v === null || v === '') {
    if (required) bad(`${k} is required`);
    return undefined;
  }
  if (typeof v !== 'string') bad(`${k} must be a string`);
  if (v.length > max) bad(`${k} must be at most ${max} characters`);
  return v;
}
function num(b, k, { required = false } = {}) {
  const v = b[k];
  if (v === undefined || v === null) {
    if (required) bad(`${k} is required`);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) bad(`${k} must be a number`);
  return v;
}
function oneOf(b, k, allowed) {
  const v = str(b, k);
  if (v !== undefined && !allowed.includes(v)) bad(`${k} must be one of ${allowed.join(', ')}`);
  return v;
}
function checkPostbackUrl(u, name) {
  let url;
  try {
    url = new URL(u);
  } catch {
    bad(`${name} is not a valid URL`);
  }
  if (url.protocol !== 'http:') bad(`${name} must use http:// in the sandbox`);
  if (!(url.hostname === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname))) {
    bad(`${name} must point to 127.0.0.0/8 or localhost in the sandbox`);
  }
  return u;
}
function checkRedirectUrl(u, name) {
  let url;
  try {
    url = new URL(u);
  } catch {
    bad(`${name} is not a valid URL`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) bad(`${name} must be an http(s) URL`);
  return u;
}
const deliveryUrl = (u) => {
  const x = new URL(u);
  if (x.hostname === 'localhost') x.hostname = '127.0.0.1';
  return x.toString();
};
const minor = (amount, cur) => Math.round(amount * 10 ** (CURRENCY_EXP[cur] ?? 2));

// ---------------------------------------------------------------- authentication (§5)
function authenticate(b, op) {
  if (b.publicKey === undefined || b.publicKey === null || b.publicKey === '') throw new ApiError(401, 'NO_LOGIN');
  if (b.hash === undefined || b.hash === null || b.hash === '')
    throw new ApiError(401, F('OB-01') ? 'UNAUTHORIZED' : 'NO_TOKEN');
  const merchant = typeof b.publicKey === 'string' ? merchants.get(normalizeKey(b.publicKey)) : undefined;
  if (!merchant) throw new ApiError(401, 'NO_KEY');
  if (F('OB-02') && op === 'get_payment') return merchant; // fault: signature middleware missing on this route
  if (!merchant.verify(b)) throw new ApiError(401, 'UNAUTHORIZED');
  return merchant;
}

// ---------------------------------------------------------------- payments
const publicPayment = (p) => {
  const o = {
    id: p.id,
    currencyCode: p.currencyCode,
    paymentMethodId: p.paymentMethodId,
    status: p.status,
    amount: p.amount,
    clientFieldsValues: p.clientFieldsValues,
  };
  if (p.merchantPaymentId !== undefined) o.merchantPaymentId = p.merchantPaymentId;
  if (p.merchantUserId !== undefined) o.merchantUserId = p.merchantUserId;
  if (p.status === 'FAILED') o.failedCode = p.failedCode;
  if (p.attachment) o.attachment = p.attachment;
  if (p.postBackUrl !== undefined) o.postBackUrl = p.postBackUrl;
  o.createdAt = isoOffset(p.createdAtMs);
  return o;
};

function paymentPostback(p, merchant) {
  const body = {
    publicKey: ORBIPAY_PUBLIC_KEY,
    hash: '',
    id: p.id,
    status: p.status,
    // RECIPIENT_LIMIT is not part of the postback enum (§2.5): it is reported there as ANOTHER_REASON.
    failedCode: p.status === 'SUCCESS' ? null : p.failedCode === 'RECIPIENT_LIMIT' ? 'ANOTHER_REASON' : p.failedCode,
    paymentMethodId: p.paymentMethodId,
    amount: p.amount,
    currency: p.currencyCode,
    clientFieldsValues: p.clientFieldsValues,
  };
  if (p.merchantPaymentId !== undefined) body.merchantPaymentId = p.merchantPaymentId;
  if (p.merchantUserId !== undefined) body.merchantUserId = p.merchantUserId;
  if (F('OB-11') && body.failedCode === null) delete body.failedCode; // fault: serializer drops nulls
  if (F('OB-09')) {
    body.hash = signPostback(body);
    body.createdAt = isoZ(p.createdAtMs);
  } // fault: signed too early
  else {
    body.createdAt = isoZ(p.createdAtMs);
    body.hash = signPostback(body);
  }
  deliverer.enqueue({
    kind: 'payment',
    resourceId: p.id,
    merchantId: merchant.id,
    body,
    url: deliveryUrl(p.postBackUrl ?? merchant.postBackUrl),
  });
}

const PAYMENT_RANK = { PENDING: 0, NEED_CHECK: 1, SUCCESS: 2, FAILED: 2 };
const FAILED_CODES = ['INCORRECT_AMOUNT', 'NO_AMOUNT', 'INCORRECT_FIELDS', 'RECIPIENT_LIMIT', 'ANOTHER_REASON'];

function setPaymentStatus(p, status, failedCode = null, why = 'sandbox') {
  const code = status === 'FAILED' ? failedCode || 'ANOTHER_REASON' : null;
  if (p.status === status && p.failedCode === code) return false;
  const wasFinal = PAYMENT_RANK[p.status] === 2;
  log(`PAYMENT ${p.id} ${p.status} -> ${status}${code ? `/${code}` : ''} (${why})`);
  p.status = status;
  p.failedCode = code;
  p.awaitingSms = false;
  if (PAYMENT_RANK[status] === 2) {
    if (F('OB-12') && wasFinal) return true; // fault: "already notified" flag suppresses flip postbacks
    paymentPostback(p, p.merchant);
  }
  return true;
}

function clearTimers(x) {
  for (const t of x.timers) clearTimeout(t);
  x.timers = [];
}
function later(x, ms, fn) {
  x.timers.push(setTimeout(fn, ms));
}

const SCENARIO =
  /^sbx-(fail-(INCORRECT_AMOUNT|NO_AMOUNT|INCORRECT_FIELDS|RECIPIENT_LIMIT|ANOTHER_REASON)|pending|needcheck|flip)(-|$)/;
function runPaymentScenario(p) {
  const m = SCENARIO.exec(p.merchantPaymentId ?? '');
  const kind = m ? (m[2] ? 'fail' : m[1]) : 'success';
  const d = S.outcomeDelayMs,
    f = S.flipIntervalMs;
  if (kind === 'pending') return;
  if (kind === 'needcheck') return later(p, d, () => setPaymentStatus(p, 'NEED_CHECK', null, 'sbx-needcheck'));
  if (kind === 'fail') return later(p, d, () => setPaymentStatus(p, 'FAILED', m[2], 'sbx-fail'));
  later(p, d, () => setPaymentStatus(p, 'SUCCESS', null, kind));
  if (kind === 'flip') {
    later(p, d + f, () => setPaymentStatus(p, 'FAILED', 'ANOTHER_REASON', 'sbx-flip'));
    later(p, d + 2 * f, () => setPaymentStatus(p, 'SUCCESS', null, 'sbx-flip'));
  }
}

function createPayment(type, merchant, b) {
  const paymentMethodId = str(b, 'paymentMethodId', { required: true, max: 64 });
  const accountId = num(b, 'accountId', { required: true });
  const amount = num(b, 'amount', { required: true });
  const cfv = b.clientFieldsValues;
  if (cfv === undefined || cfv === null) bad('clientFieldsValues is required');
  if (
    !Array.isArray(cfv) ||
    !cfv.every(
      (x) =>
        x &&
        typeof x === 'object' &&
        !Array.isArray(x) &&
        typeof x.key === 'string' &&
        typeof x.value === 'string' &&
        Object.keys(x).length === 2,
    )
  ) {
    bad('clientFieldsValues must be an array of {key: string, value: string}');
  }
  const merchantPaymentId = str(b, 'merchantPaymentId', { max: 64 });
  const merchantUserId = str(b, 'merchantUserId', { max: 64 });
  const successRedirectUrl = str(b, 'successRedirectUrl', { max: 2048 });
  const failureRedirectUrl = str(b, 'failureRedirectUrl', { max: 2048 });
  const redirectUrl = str(b, 'redirectUrl', { max: 2048 });
  const postBackUrl = str(b, 'postBackUrl', { max: 2048 });
  const attachmentId = str(b, 'attachmentId', { max: 64 });

  const method = merchant.methods.get(paymentMethodId);
  if (!method && !knownMethodIds.has(paymentMethodId)) notFound();
  if (!method || !method.enabled)
    throw F('OB-03') ? new ApiError(404, 'NOT_FOUND') : new ApiError(403, 'ACCESS_DENIED');
  if (method.type !== type)
    bad(`payment method ${method.id} is ${method.type}; use /api/payments/v1/${method.type.toLowerCase()}`);
  if (accountId !== method.accountId) bad(`accountId does not match payment method ${method.id}`);
  if (amount <= 0) bad('amount must be greater than 0');
  const exp = CURRENCY_EXP[method.currencyCode] ?? 2;
  if (Math.abs(amount * 10 ** exp - Math.round(amount * 10 ** exp)) > 1e-6)
    bad(`amount has more than ${exp} decimal places for ${method.currencyCode}`);
  if (amount < method.minAmount || amount > method.maxAmount)
    bad(`amount must be between ${method.minAmount} and ${method.maxAmount} ${method.currencyCode}`);
  const seen = new Set();
  for (const { key, value } of cfv) {
    const field = method.clientFields.find((f) => f.id === key);
    if (!field) bad(`clientFieldsValues: unknown field ${key} for ${method.id}`);
    if (seen.has(key)) bad(`clientFieldsValues: duplicate field ${key}`);
    seen.add(key);
    if (!new RegExp(field.pattern).test(value)) bad(`clientFieldsValues: ${key} does not match ${field.pattern}`);
  }
  for (const f of method.clientFields)
    if (f.required && !seen.has(f.id)) bad(`clientFieldsValues: ${f.id} is required`);
  let attachment;
  if (attachmentId !== undefined) {
    const md = media.get(attachmentId);
    if (!md || md.merchantId !== merchant.id) bad('attachmentId: no such media for this merchant');
    if (md.usedBy) bad('attachmentId: media already attached to another payment');
    attachment = { id: attachmentId, url: `${baseUrl}/media/${attachmentId}` };
  } else if (method.isAttachmentRequired && !F('OB-04')) {
    bad(`attachmentId is required for payment method ${method.id}`);
  }
  if (
    merchantPaymentId !== undefined &&
    [...payments.values()].some((p) => p.merchant === merchant && p.merchantPaymentId === merchantPaymentId)
  ) {
    bad('merchantPaymentId already used');
  }
  if (postBackUrl !== undefined) checkPostbackUrl(postBackUrl, 'postBackUrl');
  for (const [k, v] of [
    ['successRedirectUrl', successRedirectUrl],
    ['failureRedirectUrl', failureRedirectUrl],
    ['redirectUrl', redirectUrl],
  ]) {
    if (v !== undefined) checkRedirectUrl(v, k);
  }

  const p = {
    id: randomUUID(),
    merchant,
    type,
    paymentMethodId,
    currencyCode: method.currencyCode,
    accountId,
    amount,
    clientFieldsValues: cfv.map(({ key, value }) => ({ key, value })),
    merchantPaymentId,
    merchantUserId,
    postBackUrl,
    successRedirectUrl,
    failureRedirectUrl,
    redirectUrl,
    attachment,
    status: 'PENDING',
    failedCode: null,
    createdAtMs: Date.now(),
    awaitingSms: !!method.isSMSRequired,
    smsAttempts: 0,
    timers: [],
  };
  payments.set(p.id, p);
  if (attachment) media.get(attachmentId).usedBy = p.id;
  if (!p.awaitingSms) runPaymentScenario(p);

  const deep =
    method.isExternal && method.deepLinks?.length
      ? Object.fromEntries(
          DEEP_LINK_APPS.map((app) => [
            app,
            method.deepLinks.includes(app)
              ? `${app}://pay?pa=orbipay.sbx@upi&am=${amount}&cu=${method.currencyCode}&tr=${p.id}`
              : null,
          ]),
        )
      : null;
  const resp = {
    isSucceed: true,
    paymentId: p.id,
    info: {
      isSMSRequired: !!method.isSMSRequired,
      instruction: method.instruction ?? null,
      withDeepLink: deep !== null,
      showQR: !!method.isExternal,
      deepLink: deep,
    },
  };
  if (method.isExternal) resp.formUrl = `${baseUrl}/pay/${p.id}`;
  return resp;
}

function findPayment(merchant, b) {
  const paymentId = str(b, 'paymentId', { max: 64 });
  const merchantPaymentId = str(b, 'merchantPaymentId', { max: 64 });
  if (paymentId === undefined && merchantPaymentId === undefined) {
    throw new ApiError(422, 'LOOKUP_FIELD_REQUIRED');
  }
  const byId = () => {
    const p = paymentId !== undefined && payments.get(paymentId);
    return p && p.merchant === merchant ? p : undefined;
  };
  const byMpid = () =>
    merchantPaymentId === undefined
      ? undefined
      : [...payments.values()].find((p) => p.merchant === merchant && p.merchantPaymentId === merchantPaymentId);
  const p = F('OB-05') ? (byMpid() ?? byId()) : (byId() ?? byMpid());
  return p ?? notFound();
}

// ---------------------------------------------------------------- payments list
const MAX_INTERVAL_S = 62 * 86400;
function listPayments(merchant, b) {
  const from = num(b, 'createdAtFrom', { required: true });
  const to = num(b, 'createdAtTo', { required: true });
  for (const [k, v] of [
    ['createdAtFrom', from],
    ['createdAtTo', to],
  ]) {
    if (v < 0) bad(`${k} must be >= 0`);
    if (v > 1e11) bad(`${k} looks like milliseconds; timestamps are Unix seconds`);
  }
  if (to <= from) bad('createdAtTo must be greater than createdAtFrom');
  if (to - from > MAX_INTERVAL_S) bad('interval must not exceed 62 days');
  let take = 25;
  if (b.take !== undefined && b.take !== null) {
    take = num(b, 'take');
    if (!Number.isInteger(take) || take < 1 || take > 200) bad('take must be an integer from 1 to 200');
  }
  const type = oneOf(b, 'type', ['PAY_IN', 'PAY_OUT']);
  const status = oneOf(b, 'status', ['PENDING', 'NEED_CHECK', 'FAILED', 'SUCCESS']);
  const currencyCode = str(b, 'currencyCode', { max: 8 });
  const fromId = str(b, 'fromId', { max: 64 });

  const lo = Math.round(from * 1000),
    hi = Math.round(to * 1000);
  const items = [...payments.values()].filter(
    (p) =>
      p.merchant === merchant &&
      p.createdAtMs >= lo &&
      p.createdAtMs < hi &&
      (!type || p.type === type) &&
      (!status || p.status === status) &&
      (!currencyCode || p.currencyCode === currencyCode),
  );
  items.sort((a, b2) => b2.createdAtMs - a.createdAtMs || (a.id < b2.id ? 1 : a.id > b2.id ? -1 : 0)); // newest first

  let start = 0;
  if (fromId !== undefined) {
    const c = cursors.get(fromId);
    if (!c || c.merchantId !== merchant.id || c.expires < Date.now()) notFound();
    const after = (p) => p.createdAtMs < c.t || (p.createdAtMs === c.t && p.id < c.id) || (F('OB-07') && p.id === c.id);
    start = items.findIndex(after);
    if (start < 0) start = items.length;
  }
  const page = items.slice(start, start + take);
  let nextId = null;
  if (start + take < items.length) {
    const last = page[page.length - 1];
    nextId = randomUUID();
    cursors.set(nextId, { merchantId: merchant.id, t: last.createdAtMs, id: last.id, expires: Date.now() + 3600e3 });
  }
  const sums = new Map();
  for (const p of items)
    if (p.status === 'SUCCESS')
      sums.set(p.currencyCode, (sums.get(p.currencyCode) ?? 0) + minor(p.amount, p.currencyCode));
  return {
    payments: page.map(publicPayment),
    total: F('OB-06') ? page.length : items.length,
    totalSucceed: items.filter((p) => p.status === 'SUCCESS').length,
    totalFailed: items.filter((p) => p.status === 'FAILED').length,
    amounts: [...sums.entries()]
      .sort(([a], [c]) => (a < c ? -1 : 1))
      .map(([currencyCode, total]) => ({ total, currencyCode })),
    nextId,
  };
}

// ---------------------------------------------------------------- payment methods, SMS, media
function paymentMethods(merchant, b) {
  const type = oneOf(b, 'type', ['PAY_IN', 'PAY_OUT']);
  const currencyCode = str(b, 'currencyCode', { max: 8 });
  const list = [...merchant.methods.values()].filter(
    (m) => m.enabled && (!type || m.type === type) && (!currencyCode || m.currencyCode === currencyCode),
  );
  return {
    paymentMethods: list.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      currencyCode: m.currencyCode,
      accountId: m.accountId,
      isExternal: m.isExternal,
      isAttachmentRequired: m.isAttachmentRequired,
      isSMSRequired: m.isSMSRequired,
      minAmount: m.minAmount,
      maxAmount: m.maxAmount,
      clientFields: m.clientFields.map((f) => ({
        id: f.id,
        label: f.label,
        required: f.required,
        pattern: f.pattern,
        example: f.example,
      })),
    })),
  };
}

function confirmSms(merchant, b) {
  const paymentId = str(b, 'paymentId', { required: true, max: 64 });
  const code = str(b, 'code', { required: true, max: 16 });
  const p = payments.get(paymentId);
  if (!p || p.merchant !== merchant) notFound();
  if (!p.awaitingSms) bad('SMS_NOT_EXPECTED');
  if (code !== S.sandboxSmsCode) {
    p.smsAttempts += 1;
    if (p.smsAttempts >= 3) {
      setPaymentStatus(p, 'FAILED', 'INCORRECT_FIELDS', 'sms attempts exceeded');
      bad('SMS_ATTEMPTS_EXCEEDED');
    }
    bad('SMS_CODE_INVALID');
  }
  p.awaitingSms = false;
  runPaymentScenario(p);
  return { isSucceed: true, paymentId: p.id, status: p.status };
}

const IMAGE_MAGIC = { 'image/png': [0x89, 0x50, 0x4e, 0x47], 'image/jpeg': [0xff, 0xd8, 0xff] };
function uploadMedia(merchant, b) {
  str(b, 'fileName', { required: true, max: 128 });
  const contentType = oneOf(b, 'contentType', Object.keys(IMAGE_MAGIC));
  if (!contentType) bad('contentType is required');
  const data = str(b, 'data', { required: true, max: 7_000_000 });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) bad('data must be standard base64');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > 5 * 1024 * 1024) bad('image larger than 5 MiB');
  if (!IMAGE_MAGIC[contentType].every((x, i) => bytes[i] === x)) bad(`data is not a ${contentType} image`);
  const id = `md_${randomBytes(12).toString('hex')}`;
  media.set(id, { merchantId: merchant.id, contentType, data: bytes, usedBy: null });
  return { id, url: `${baseUrl}/media/${id}`, contentType, size: bytes.length };
}

// ---------------------------------------------------------------- complaints
const publicComplaint = (c) => {
  const o = {
    id: c.id,
    merchantPaymentId: c.payment.merchantPaymentId ?? '',
  };
  if (c.payment.merchantUserId !== undefined) o.merchantUserId = c.payment.merchantUserId;
  Object.assign(o, {
    paymentMethodId: c.payment.paymentMethodId,
    currencyCode: c.payment.currencyCode,
    paymentId: c.payment.id,
    status: c.status,
    amount: c.amount,
  });
  if (c.comment) o.comment = c.comment;
  o.createdAt = isoOffset(c.createdAtMs);
  o.updatedAt = isoOffset(c.updatedAtMs);
  return o;
};

function complaintPostback(c) {
  const p = c.payment;
  const body = {
    publicKey: ORBIPAY_PUBLIC_KEY,
    hash: '',
    id: c.id,
    merchantId: c.merchant.id,
    paymentMethodId: p.paymentMethodId,
    currency: p.currencyCode,
  };
  if (p.merchantPaymentId !== undefined) body.merchantPaymentId = p.merchantPaymentId;
  Object.assign(body, {
    creditedMerchantPaymentId: c.creditedMerchantPaymentId ?? null,
    merchantUserId: p.merchantUserId ?? null,
    identifier: c.identifier ?? null,
    paymentId: p.id,
    status: c.status,
    comment: c.comment ?? null,
    amount: c.amount,
    createdAt: isoZ(c.createdAtMs),
    updatedAt: isoZ(c.updatedAtMs),
  });
  body.hash = signPostback(body);
  deliverer.enqueue({
    kind: 'complaint',
    resourceId: c.id,
    merchantId: c.merchant.id,
    body,
    url: deliveryUrl(c.postBackUrl),
  });
}

const COMPLAINT_RANK = { PENDING: 0, NEED_CHECK: 1, APPROVED: 2, COMPLETED: 3, DECLINED: 3 };
function setComplaintStatus(c, status, comment, why = 'sandbox') {
  if (c.status === status && (comment === undefined || comment === c.comment)) return;
  log(`COMPLAINT ${c.id} ${c.status} -> ${status} (${why})`);
  c.status = status;
  if (comment !== undefined) c.comment = comment;
  c.updatedAtMs = Date.now();
  if (status === 'COMPLETED' || status === 'DECLINED') complaintPostback(c);
}

const C_SCENARIO = /^sbx-(complete|decline|flip|pending)(-|$)/;
function runComplaintScenario(c) {
  const kind = C_SCENARIO.exec(c.identifier ?? '')?.[1] ?? 'review';
  const d = S.outcomeDelayMs,
    f = S.flipIntervalMs;
  if (kind === 'pending') return;
  later(c, d, () => setComplaintStatus(c, 'NEED_CHECK', undefined, kind));
  if (kind === 'decline')
    later(c, 2 * d, () => setComplaintStatus(c, 'DECLINED', 'Evidence does not match the payment', kind));
  if (kind === 'complete' || kind === 'flip') {
    later(c, 2 * d, () => setComplaintStatus(c, 'APPROVED', undefined, kind));
    later(c, 3 * d, () => setComplaintStatus(c, 'COMPLETED', 'Payment found and credited', kind));
  }
  if (kind === 'flip') {
    later(c, 3 * d + f, () => setComplaintStatus(c, 'DECLINED', 'Credit reversed after bank re-check', kind));
    later(c, 3 * d + 2 * f, () => setComplaintStatus(c, 'COMPLETED', 'Bank confirmed the credit', kind));
  }
}

function createComplaint(merchant, b) {
  const postBackUrl = checkPostbackUrl(str(b, 'postBackUrl', { required: true, max: 2048 }), 'postBackUrl');
  const comment = str(b, 'comment', { max: 1000 });
  const identifier = str(b, 'identifier', { max: 128 });
  const creditedMerchantPaymentId = str(b, 'creditedMerchantPaymentId', { max: 64 });
  const amount = num(b, 'amount');
  if (amount !== undefined && amount <= 0) bad('amount must be greater than 0');
  const attachmentId = str(b, 'attachmentId', { max: 64 });
  if (attachmentId !== undefined && media.get(attachmentId)?.merchantId !== merchant.id)
    bad('attachmentId: no such media for this merchant');
  const p = findPayment(merchant, b);
  const now = Date.now();
  const c = {
    id: randomUUID(),
    merchant,
    payment: p,
    status: 'PENDING',
    comment,
    identifier,
    creditedMerchantPaymentId,
    amount: amount ?? p.amount,
    attachmentId,
    postBackUrl,
    createdAtMs: now,
    updatedAtMs: now,
    timers: [],
  };
  complaints.set(c.id, c);
  runComplaintScenario(c);
  return publicComplaint(c);
}

function findComplaint(merchant, b) {
  const id = str(b, 'id', { max: 64 });
  const paymentId = str(b, 'paymentId', { max: 64 });
  const merchantPaymentId = str(b, 'merchantPaymentId', { max: 64 });
  if (id === undefined && paymentId === undefined && merchantPaymentId === undefined)
    throw new ApiError(422, 'LOOKUP_FIELD_REQUIRED');
  const mine = [...complaints.values()]
    .filter((c) => c.merchant === merchant)
    .sort((a, c) => c.createdAtMs - a.createdAtMs);
  const found =
    (id !== undefined && mine.find((c) => c.id === id)) ||
    (paymentId !== undefined && mine.find((c) => c.payment.id === paymentId)) ||
    (merchantPaymentId !== undefined && mine.find((c) => c.payment.merchantPaymentId === merchantPaymentId));
  if (!found) throw new ApiError(404, F('OB-08') ? 'COMPLAINT_NOT_FOUND' : 'NOT_FOUND');
  return found;
}

// ---------------------------------------------------------------- sandbox helpers
function sandboxPaymentStatus(merchant, b) {
  const paymentId = str(b, 'paymentId', { required: true, max: 64 });
  const status = oneOf(b, 'status', ['NEED_CHECK', 'SUCCESS', 'FAILED']);
  if (!status) bad('status is required');
  const failedCode = oneOf(b, 'failedCode', FAILED_CODES);
  if (status !== 'FAILED' && failedCode) bad('failedCode is only allowed with status FAILED');
  const p = payments.get(paymentId);
  if (!p || p.merchant !== merchant) notFound();
  if (status === 'NEED_CHECK' && !['PENDING', 'NEED_CHECK'].includes(p.status))
    bad(`illegal transition ${p.status} -> ${status}`);
  clearTimers(p);
  const changed = setPaymentStatus(p, status, failedCode, 'sandbox endpoint');
  return { ...publicPayment(p), changed };
}

function sandboxComplaintStatus(merchant, b) {
  const id = str(b, 'id', { required: true, max: 64 });
  const status = oneOf(b, 'status', ['NEED_CHECK', 'APPROVED', 'COMPLETED', 'DECLINED']);
  if (!status) bad('status is required');
  const comment = str(b, 'comment', { max: 1000 });
  const c = complaints.get(id);
  if (!c || c.merchant !== merchant) notFound();
  if (COMPLAINT_RANK[status] < COMPLAINT_RANK[c.status]) bad(`illegal transition ${c.status} -> ${status}`);
  clearTimers(c);
  setComplaintStatus(c, status, comment, 'sandbox endpoint');
  return publicComplaint(c);
}

function sandboxPostbackUrl(merchant, b) {
  merchant.postBackUrl = checkPostbackUrl(str(b, 'postBackUrl', { required: true, max: 2048 }), 'postBackUrl');
  return { merchantId: merchant.id, postBackUrl: merchant.postBackUrl };
}

function sandboxDeliveries(merchant, b) {
  const resourceId = str(b, 'resourceId', { max: 64 });
  return {
    deliveries: deliverer.deliveries
      .filter((d) => d.merchantId === merchant.id && (!resourceId || d.resourceId === resourceId))
      .map(({ deliveryId, kind, resourceId: r, url, status, attempts, acknowledged }) => ({
        deliveryId,
        kind,
        resourceId: r,
        url,
        status,
        acknowledged,
        attempts,
      })),
  };
}

// ---------------------------------------------------------------- routing
const ROUTES = {
  '/api/payments/v1/pay_in': ['pay_in', (m, b) => createPayment('PAY_IN', m, b)],
  '/api/payments/v1/pay_out': ['pay_out', (m, b) => createPayment('PAY_OUT', m, b)],
  '/api/payments/v1/get_payment': ['get_payment', (m, b) => publicPayment(findPayment(m, b))],
  '/api/payments/v1/get_payments': ['get_payments', listPayments],
  '/api/payments/v1/payment_methods': ['payment_methods', paymentMethods],
  '/api/payments/v1/confirm_sms': ['confirm_sms', confirmSms],
  '/api/media/v1/upload': ['upload', uploadMedia],
  '/api/complaints/v1/create': ['create_complaint', createComplaint],
  '/api/complaints/v1/get_complaint': ['get_complaint', (m, b) => publicComplaint(findComplaint(m, b))],
  '/api/sandbox/v1/payments/set_status': ['sbx_payment', sandboxPaymentStatus],
  '/api/sandbox/v1/complaints/set_status': ['sbx_complaint', sandboxComplaintStatus],
  '/api/sandbox/v1/merchant/postback_url': ['sbx_postback_url', sandboxPostbackUrl],
  '/api/sandbox/v1/postbacks': ['sbx_postbacks', sandboxDeliveries],
};
const MAX_BODY = 8 * 1024 * 1024;

function send(res, status, obj, headers = {}) {
  const raw = typeof obj === 'string' ? obj : JSON.stringify(obj);
  res.writeHead(status, {
    'Content-Type': typeof obj === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    ...headers,
  });
  res.end(raw);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        req.removeAllListeners('data');
        req.resume();
        reject(new ApiError(413, 'PAYLOAD_TOO_LARGE'));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function hostedPage(req, res, url) {
  const m = /^\/pay\/([0-9a-f-]{36})(\/complete)?$/.exec(url.pathname);
  const p = m && payments.get(m[1]);
  if (!p) return send(res, 404, { error: 'NOT_FOUND' });
  if (!m[2] && req.method === 'GET') {
    return send(
      res,
      200,
      `<!doctype html><title>Orbipay sandbox checkout</title><h1>Pay ${p.amount} ${p.currencyCode}</h1>` +
        `<p>Payment ${p.id} - status ${p.status}</p><form method="post" action="/pay/${p.id}/complete">` +
        `<button name="result" value="success">Simulate success</button> <button name="result" value="fail">Simulate failure</button></form>`,
    );
  }
  if (m[2] && req.method === 'POST') {
    return readBody(req).then((raw) => {
      const ok = new URLSearchParams(raw).get('result') !== 'fail';
      if (p.status === 'PENDING' || p.status === 'NEED_CHECK') {
        clearTimers(p);
        setPaymentStatus(p, ok ? 'SUCCESS' : 'FAILED', ok ? null : 'NO_AMOUNT', 'hosted page');
      }
      const target = (ok ? p.successRedirectUrl : p.failureRedirectUrl) ?? p.redirectUrl;
      if (target) return send(res, 303, '', { Location: target });
      return send(res, 200, `<!doctype html><p>Payment ${p.id}: ${p.status}</p>`);
    });
  }
  return send(res, 405, { error: 'METHOD_NOT_ALLOWED' });
}

const server = http.createServer(async (req, res) => {
  const t0 = Date.now();
  const url = new URL(req.url, 'http://127.0.0.1');
  let status = 500,
    who = '-';
  try {
    if (url.pathname.startsWith('/media/') && req.method === 'GET') {
      const md = media.get(url.pathname.slice(7));
      if (!md) {
        status = 404;
        return send(res, 404, { error: 'NOT_FOUND' });
      }
      status = 200;
      res.writeHead(200, { 'Content-Type': md.contentType, 'Content-Length': md.data.length });
      return res.end(md.data);
    }
    if (url.pathname.startsWith('/pay/')) {
      status = 200;
      return await hostedPage(req, res, url);
    }
    if (url.pathname === '/health') {
      status = 200;
      return send(res, 200, { status: 'ok', fault: fault ?? null });
    }
    const route = ROUTES[url.pathname];
    if (!route) throw new ApiError(404, 'NOT_FOUND');
    if (req.method !== 'POST') throw new ApiError(405, 'METHOD_NOT_ALLOWED');
    const raw = await readBody(req);
    let body;
    try {
      body = JSON.parse(raw);
    } catch (e) {
      bad(`malformed JSON: ${e.message}`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) bad('body must be a JSON object');
    const merchant = authenticate(body, route[0]);
    who = merchant.id;
    const out = route[1](merchant, body);
    status = 200;
    send(res, 200, out);
  } catch (e) {
    if (e instanceof ApiError) {
      status = e.status;
      send(res, e.status, { error: e.error });
    } else {
      status = 500;
      log(`ERROR ${e.stack}`);
      send(res, 500, { error: 'internal server error' });
    }
  } finally {
    log(`REQ ${req.method} ${url.pathname} -> ${status} ${Date.now() - t0}ms merchant=${who}`);
  }
});

server.listen(port, '127.0.0.1', () => {
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  if (fault) log(`FAULT ${fault} active: ${FAULTS[fault].what}`);
  process.stdout.write(`listening on ${baseUrl}\n`);
});

for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    log(`${sig} received, shutting down`);
    deliverer.stop();
    server.close();
    process.exit(0);
  });
}
