// Lantern Books - a small shop integrated with the payment service (client + postback receiver).
// Usage: node shop.mjs --config config/ed25519.json [--service-url URL] [--port N] [--variant C00..C17] [--signing PROFILE]
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { resolveSigning, signBody, verifyBody, normKey, loadKeyFile, checkKeyType } from './sign.mjs';

// ---------- configuration ----------
const args = {};
for (let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i];
  if (!k.startsWith('--') || process.argv[i + 1] === undefined) { console.error(`bad argument ${k}`); process.exit(2); }
  args[k.slice(2)] = process.argv[i + 1];
}
const cfgFile = args.config ? path.resolve(args.config) : null;
const cfg = cfgFile ? JSON.parse(fs.readFileSync(cfgFile, 'utf8')) : {};
const rel = (p) => path.resolve(cfgFile ? path.dirname(cfgFile) : process.cwd(), p);
const C = {
  host: args.host ?? cfg.host ?? '127.0.0.1',
  port: Number(args.port ?? cfg.port ?? 8700),
  serviceBaseUrl: String(args['service-url'] ?? cfg.serviceBaseUrl ?? '').replace(/\/+$/, ''),
  signing: resolveSigning(args.signing ?? cfg.signing ?? 'ed25519-jcs-b64'),
  postbackSigning: null,
  accountId: Number(args['account-id'] ?? cfg.accountId),
  paymentMethodId: String(args['payment-method-id'] ?? cfg.paymentMethodId ?? ''),
  currency: args.currency ?? (cfg.currency === undefined ? 'USD' : cfg.currency),
  clientFieldsValues: cfg.clientFieldsValues ?? [{ key: 'cardholder_name', value: 'Test Buyer' }],
  postBackUrl: args['post-back-url'] ?? (cfg.postBackUrl === undefined ? 'auto' : cfg.postBackUrl),
  requestTimeoutMs: Number(args['timeout-ms'] ?? cfg.requestTimeoutMs ?? 10000),
  variant: String(args.variant ?? cfg.variant ?? 'C00').toUpperCase(),
};
C.postbackSigning = resolveSigning(args.signing ?? cfg.postbackSigning ?? cfg.signing ?? 'ed25519-jcs-b64');
if (C.currency === 'null' || C.currency === '') C.currency = null;
const die = (m) => { console.error(`config error: ${m}`); process.exit(2); };
if (!/^127\.\d+\.\d+\.\d+$/.test(C.host)) die('host must be in 127.0.0.0/8');
let svcUrl;
try { svcUrl = new URL(C.serviceBaseUrl); } catch { die('serviceBaseUrl (--service-url) is required and must be an absolute URL'); }
if (!/^(127\.\d+\.\d+\.\d+|localhost)$/.test(svcUrl.hostname)) die('serviceBaseUrl must point into 127.0.0.0/8');
if (!Number.isFinite(C.accountId)) die('accountId must be a number');
if (!C.paymentMethodId) die('paymentMethodId is required');
if (!/^C(0\d|1[0-7])$/.test(C.variant)) die(`unknown variant ${C.variant}`);
const files = {
  pub: args['merchant-public-key'] ?? cfg.merchantPublicKeyFile,
  priv: args['merchant-private-key'] ?? cfg.merchantPrivateKeyFile,
  svc: args['service-public-key'] ?? cfg.servicePublicKeyFile,
};
if (!files.pub || !files.priv || !files.svc) die('merchantPublicKeyFile, merchantPrivateKeyFile and servicePublicKeyFile are required');
const merchantPubText = loadKeyFile(args['merchant-public-key'] ? path.resolve(files.pub) : rel(files.pub));
const merchantPriv = crypto.createPrivateKey(loadKeyFile(args['merchant-private-key'] ? path.resolve(files.priv) : rel(files.priv)));
const servicePubText = loadKeyFile(args['service-public-key'] ? path.resolve(files.svc) : rel(files.svc));
const servicePub = crypto.createPublicKey(servicePubText);
checkKeyType(merchantPriv, C.signing, 'merchant private key');
checkKeyType(servicePub, C.postbackSigning, 'service public key');
const V = C.variant;

// ---------- state ----------
let orders = new Map();      // orderId -> order
let complaints = new Map();  // complaintId -> complaint
let postbackLog = [];
let firstOrderId = null;     // only used by variant C06
const now = () => new Date().toISOString();
const hist = (o, event, extra = {}) => o.history.push({ at: now(), event, status: o.status, ...extra });
const sameMoney = (a, b) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9;

// ---------- client of the service ----------
function postBackUrl() {
  if (C.postBackUrl === null) return undefined;
  return C.postBackUrl === 'auto' ? `http://${C.host}:${C.port}/postbacks/payment` : C.postBackUrl;
}

async function createPayIn(order, clientFieldsValues) {
  const body = { publicKey: V === 'C07' ? merchantPubText.replace(/-----[^-]+-----|\s/g, '') : merchantPubText };
  body.accountId = V === 'C05' ? String(C.accountId) : C.accountId;
  body.paymentMethodId = C.paymentMethodId;
  body.amount = V === 'C03' ? Math.round(order.amount * 100) : order.amount;
  body.clientFieldsValues = V === 'C08' ? Object.fromEntries(clientFieldsValues.map((f) => [f.key, f.value])) : clientFieldsValues;
  if (V === 'C06') firstOrderId ??= order.orderId;
  if (V !== 'C02') body.merchantPaymentId = V === 'C06' ? firstOrderId : order.orderId;
  if (V === 'C01') body.hash = signBody(body, C.signing, merchantPriv); // signs before the optional members are added
  if (order.buyer) body.merchantUserId = order.buyer;
  if (postBackUrl()) body.postBackUrl = postBackUrl();
  if (V !== 'C01') body.hash = signBody(body, C.signing, merchantPriv);
  order.merchantPaymentIdSent = body.merchantPaymentId ?? null;
  const res = await fetch(`${C.serviceBaseUrl}/api/payments/v1/pay_in`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body), signal: AbortSignal.timeout(C.requestTimeoutMs), redirect: 'manual',
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { httpStatus: res.status, body: json ?? text };
}

async function checkout(req) {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return [400, { error: 'BAD_REQUEST', detail: 'body must be a JSON object' }];
  if (typeof b.orderId !== 'string' || !/^[A-Za-z0-9._:-]{1,64}$/.test(b.orderId)) return [400, { error: 'BAD_REQUEST', detail: 'orderId must match ^[A-Za-z0-9._:-]{1,64}$' }];
  if (typeof b.amount !== 'number' || !Number.isFinite(b.amount) || b.amount <= 0) return [400, { error: 'BAD_REQUEST', detail: 'amount must be a positive number (major units)' }];
  if (b.buyer !== undefined && (typeof b.buyer !== 'string' || !b.buyer)) return [400, { error: 'BAD_REQUEST', detail: 'buyer must be a non-empty string' }];
  const cfv = b.clientFieldsValues ?? C.clientFieldsValues;
  if (!Array.isArray(cfv) || !cfv.every((f) => f && typeof f.key === 'string' && typeof f.value === 'string')) return [400, { error: 'BAD_REQUEST', detail: 'clientFieldsValues must be an array of {key,value} strings' }];
  let order = orders.get(b.orderId);
  if (order) {
    const retryable = ['CREATION_REFUSED', 'CREATION_UNCONFIRMED'].includes(order.status) && sameMoney(order.amount, b.amount);
    if (!retryable) return [409, { error: 'ORDER_EXISTS', orderId: order.orderId, status: order.status }];
    order.status = 'CREATED'; hist(order, 'checkout-retry');
  } else {
    order = { orderId: b.orderId, amount: b.amount, currency: C.currency, buyer: b.buyer ?? null, status: 'CREATED',
      amountPaid: 0, paymentId: null, merchantPaymentIdSent: null, timesCredited: 0, creationAttempts: 0,
      postbacks: { received: 0, applied: 0, duplicates: 0, ignored: 0 }, lastPostback: null, serviceAnswer: null, history: [] };
    orders.set(order.orderId, order); hist(order, 'created');
  }
  order.creationAttempts++;
  let ans;
  try { ans = await createPayIn(order, cfv); } catch (e) {
    order.serviceAnswer = { httpStatus: null, body: null, error: String(e.name === 'TimeoutError' ? 'timeout' : e.message) };
    if (V === 'C04') { order.status = 'AWAITING_PAYMENT'; hist(order, 'service-unreachable-ignored'); return [201, { orderId: order.orderId, status: order.status, paymentId: null }]; }
    if (order.status === 'CREATED') order.status = 'CREATION_UNCONFIRMED';
    hist(order, 'service-unreachable', { detail: order.serviceAnswer.error });
    return [504, { error: 'SERVICE_UNAVAILABLE', orderId: order.orderId, status: order.status, detail: order.serviceAnswer.error }];
  }
  order.serviceAnswer = ans;
  const ok = ans.httpStatus === 200 && ans.body && typeof ans.body === 'object' && ans.body.isSucceed === true
    && typeof ans.body.paymentId === 'string' && ans.body.paymentId !== '';
  if (ok || V === 'C04') {
    const pid = ans.body && typeof ans.body === 'object' ? ans.body.paymentId ?? null : null;
    if (!order.paymentId) order.paymentId = pid;
    if (order.status === 'CREATED') order.status = 'AWAITING_PAYMENT'; // a postback may already have arrived
    hist(order, 'service-accepted', { paymentId: pid });
    const out = { orderId: order.orderId, status: order.status, paymentId: order.paymentId, service: ans };
    if (ans.body?.formUrl) out.formUrl = ans.body.formUrl;
    return [201, out];
  }
  if (order.status === 'CREATED') order.status = 'CREATION_REFUSED';
  hist(order, 'service-refused', { httpStatus: ans.httpStatus });
  return [502, { error: 'SERVICE_REFUSED', orderId: order.orderId, status: order.status, service: ans }];
}

// ---------- postback receiver ----------
function authenticate(pb) {
  if (V === 'C10') return null; // accepts anything
  if (typeof pb.publicKey !== 'string' || pb.publicKey === '') return 'NO_LOGIN';
  if (typeof pb.hash !== 'string' || pb.hash === '') return 'NO_TOKEN';
  if (V === 'C11') {
    let k; try { k = crypto.createPublicKey(pb.publicKey); } catch { return 'NO_KEY'; }
    return verifyBody(pb, C.postbackSigning, k) ? null : 'UNAUTHORIZED';
  }
  if (normKey(pb.publicKey) !== normKey(servicePubText)) return 'NO_KEY';
  return verifyBody(pb, C.postbackSigning, servicePub) ? null : 'UNAUTHORIZED';
}

function findOrder(pb) {
  if (typeof pb.merchantPaymentId === 'string' && pb.merchantPaymentId) return orders.get(pb.merchantPaymentId) ?? null;
  for (const o of orders.values()) if (o.paymentId && o.paymentId === pb.id) return o;
  return null;
}

function applyPayment(pb) {
  if (typeof pb.id !== 'string' || !pb.id || !['SUCCESS', 'FAILED'].includes(pb.status) || typeof pb.amount !== 'number')
    return [400, { error: 'BAD_POSTBACK', detail: 'id (string), status (SUCCESS|FAILED) and amount (number) are required' }];
  let order = findOrder(pb);
  if (!order && V === 'C12') {
    order = { orderId: pb.merchantPaymentId || pb.id, amount: pb.amount, currency: pb.currency ?? null, buyer: null, status: 'AWAITING_PAYMENT',
      amountPaid: 0, paymentId: pb.id, merchantPaymentIdSent: null, timesCredited: 0, creationAttempts: 0,
      postbacks: { received: 0, applied: 0, duplicates: 0, ignored: 0 }, lastPostback: null, serviceAnswer: null, history: [] };
    orders.set(order.orderId, order);
  }
  if (!order) return [200, { result: 'ignored', reason: 'UNKNOWN_ORDER' }, null];
  order.postbacks.received++;
  order.lastPostback = { id: pb.id, status: pb.status, failedCode: pb.failedCode ?? null, amount: pb.amount, currency: pb.currency ?? null };
  if (order.paymentId && order.paymentId !== pb.id && V !== 'C12') {
    order.postbacks.ignored++; hist(order, 'postback-ignored', { reason: 'PAYMENT_ID_MISMATCH', postbackStatus: pb.status });
    return [200, { result: 'ignored', reason: 'PAYMENT_ID_MISMATCH', orderId: order.orderId }, order];
  }
  if (!order.paymentId) order.paymentId = pb.id;
  const moneyOk = sameMoney(pb.amount, order.amount) && (!C.currency || pb.currency === C.currency);
  let status, paid;
  if (pb.status === 'FAILED') { status = 'PAYMENT_FAILED'; paid = 0; }
  else if (moneyOk || V === 'C14') { status = 'PAID'; paid = V === 'C14' ? pb.amount : order.amount; }
  else { status = 'AMOUNT_MISMATCH'; paid = 0; }
  if (V === 'C09' && status === 'PAID') paid = order.amountPaid + paid; // adds on every SUCCESS postback
  const dup = order.postbacks.applied > 0 && (V === 'C13' || (status === order.status && sameMoney(paid, order.amountPaid)));
  if (dup && V !== 'C09') {
    order.postbacks.duplicates++; hist(order, 'postback-duplicate', { postbackStatus: pb.status });
    if (V === 'C16') return [409, { error: 'ALREADY_PROCESSED', orderId: order.orderId }, order];
    return [200, { result: 'duplicate', orderId: order.orderId, status: order.status }, order];
  }
  if (status === 'PAID') order.timesCredited++;
  order.status = status; order.amountPaid = paid; order.postbacks.applied++;
  hist(order, 'postback-applied', { postbackStatus: pb.status, amountPaid: paid });
  return [200, { result: 'applied', orderId: order.orderId, status }, order];
}

function applyComplaint(pb) {
  if (typeof pb.id !== 'string' || !pb.id || !['COMPLETED', 'DECLINED'].includes(pb.status))
    return [400, { error: 'BAD_POSTBACK', detail: 'id (string) and status (COMPLETED|DECLINED) are required' }];
  const order = findOrder(pb) ?? (pb.paymentId ? findOrder({ id: pb.paymentId }) : null);
  let c = complaints.get(pb.id);
  if (!c) {
    c = { complaintId: pb.id, orderId: order?.orderId ?? null, status: null, merchantPaymentId: pb.merchantPaymentId ?? null,
      paymentId: pb.paymentId ?? null, amount: pb.amount ?? null, currency: pb.currency ?? null, comment: pb.comment ?? null,
      received: 0, applied: 0, duplicates: 0, history: [] };
    complaints.set(c.complaintId, c);
  }
  c.received++;
  if (c.status === pb.status) {
    c.duplicates++; c.history.push({ at: now(), event: 'duplicate', status: c.status });
    if (V === 'C16') return [409, { error: 'ALREADY_PROCESSED', complaintId: c.complaintId }];
    return [200, { result: 'duplicate', complaintId: c.complaintId, status: c.status }];
  }
  c.status = pb.status; c.applied++; c.comment = pb.comment ?? c.comment; c.amount = pb.amount ?? c.amount;
  c.history.push({ at: now(), event: 'applied', status: c.status });
  return [200, { result: 'applied', complaintId: c.complaintId, orderId: c.orderId, status: c.status }];
}

function receive(kind, req) {
  const pb = req.body;
  let out;
  if (!pb || typeof pb !== 'object' || Array.isArray(pb)) out = [400, { error: 'BAD_JSON' }];
  else {
    const authErr = authenticate(pb);
    if (authErr) out = [401, { error: authErr }];
    else {
      if (kind === 'auto') kind = ['COMPLETED', 'DECLINED'].includes(pb.status) && V !== 'C17' ? 'complaint' : 'payment';
      out = kind === 'complaint' ? applyComplaint(pb) : applyPayment(pb);
    }
  }
  postbackLog.push({ seq: postbackLog.length + 1, at: now(), path: req.path, kind, httpStatus: out[0] === 200 && V === 'C15' ? 204 : out[0],
    answer: out[1], body: pb ?? req.raw });
  if (out[0] === 200 && V === 'C15') return [204, null];
  return [out[0], out[1]];
}

// ---------- HTTP ----------
function route(req) {
  const p = req.path, m = req.method;
  if (m === 'POST' && p === '/test/checkout') return checkout(req);
  if (m === 'POST' && p === '/postbacks/payment') return receive('payment', req);
  if (m === 'POST' && p === '/postbacks/complaint') return V === 'C17' ? [404, { error: 'NOT_FOUND' }] : receive('complaint', req);
  if (m === 'POST' && p === '/postbacks') return receive('auto', req);
  if (m === 'GET' && p === '/test/health') return [200, { ok: true, shop: 'Lantern Books', variant: V, signing: C.signing, postbackSigning: C.postbackSigning, serviceBaseUrl: C.serviceBaseUrl, postBackUrl: postBackUrl() ?? null, currency: C.currency }];
  if (m === 'GET' && p === '/test/orders') return [200, { orders: [...orders.values()] }];
  if (m === 'GET' && p.startsWith('/test/orders/')) {
    const o = orders.get(decodeURIComponent(p.slice('/test/orders/'.length)));
    return o ? [200, o] : [404, { error: 'ORDER_NOT_FOUND' }];
  }
  if (m === 'GET' && p === '/test/complaints') return [200, { complaints: [...complaints.values()] }];
  if (m === 'GET' && p.startsWith('/test/complaints/')) {
    const c = complaints.get(decodeURIComponent(p.slice('/test/complaints/'.length)));
    return c ? [200, c] : [404, { error: 'COMPLAINT_NOT_FOUND' }];
  }
  if (m === 'GET' && p === '/test/postbacks') return [200, { postbacks: postbackLog }];
  if (m === 'POST' && p === '/test/reset') { orders = new Map(); complaints = new Map(); postbackLog = []; firstOrderId = null; return [200, { ok: true }]; }
  return [404, { error: 'NOT_FOUND' }];
}

const server = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const raw = Buffer.concat(chunks).toString('utf8');
  let body; try { body = raw ? JSON.parse(raw) : undefined; } catch { body = undefined; }
  let out;
  try { out = await route({ method: req.method, path: new URL(req.url, 'http://x').pathname, body, raw }); } catch (e) {
    console.error(e); out = [500, { error: 'INTERNAL', detail: e.message }];
  }
  const [status, payload] = out;
  if (payload === null || status === 204) { res.writeHead(status); res.end(); return; }
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
});
server.listen(C.port, C.host, () => {
  C.port = server.address().port;
  console.log(`Lantern Books shop listening on http://${C.host}:${server.address().port} variant=${V} service=${C.serviceBaseUrl} signing=${JSON.stringify(C.signing)}`);
});
