#!/usr/bin/env node
// receiver.mjs — the marketplace's webhook endpoint for the payment service's postbacks.
//
//   node receiver.mjs --port N [--variant M00] --config FILE
//
// Prints exactly one line on stdout when ready: "listening on http://127.0.0.1:PORT".
// Binds 127.0.0.1 only; all state is in memory; SIGTERM/SIGINT exit 0.
// Behaviour, endpoints and business rules are documented in README.md.
// Variants M01..M10 (see variants.mjs) each add exactly one defect; search for `V === 'Mxx'`.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { VARIANTS } from './variants.mjs';

// ---------------------------------------------------------------------------------------------
// CLI and configuration
// ---------------------------------------------------------------------------------------------
function die(msg) {
  process.stderr.write(`receiver: ${msg}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const out = { port: null, variant: 'M00', config: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) die(`missing value for ${a}`);
      return argv[++i];
    };
    if (a === '--port') out.port = next();
    else if (a === '--variant') out.variant = next();
    else if (a === '--config') out.config = next();
    else if (a.startsWith('--port=')) out.port = a.slice(7);
    else if (a.startsWith('--variant=')) out.variant = a.slice(10);
    else if (a.startsWith('--config=')) out.config = a.slice(9);
    else die(`unknown argument ${a}`);
  }
  if (out.port === null || !/^\d+$/.test(out.port) || Number(out.port) > 65535) die('--port N (0..65535) is required');
  if (!out.config) die('--config FILE is required');
  if (!Object.hasOwn(VARIANTS, out.variant)) die(`unknown variant ${out.variant} (known: ${Object.keys(VARIANTS).join(', ')})`);
  out.port = Number(out.port);
  return out;
}

const SCHEMES = ['ecdsa-p256', 'rsa-pss-sha256', 'ed25519'];
const INPUTS = ['jcs-except-hash', 'sorted-except-publickey-hash'];
const ENCODINGS = ['base64', 'base64url', 'hex'];

function loadConfig(file) {
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    die(`cannot read config ${file}: ${e.message}`);
  }
  const base = path.dirname(path.resolve(file));
  const c = {
    merchantId: raw.merchantId,
    webhookPath: raw.webhookPath ?? '/hooks/psp',
    webhookToken: raw.webhookToken,
    serviceEnvironment: raw.serviceEnvironment ?? 'production',
    signing: raw.signing ?? {},
    servicePublicKeys: raw.servicePublicKeys ?? {},
    sandboxApi: raw.sandboxApi ?? true,
    storageLatencyMs: raw.storageLatencyMs ?? 2,
    maxBodyBytes: raw.maxBodyBytes ?? 2 * 1024 * 1024,
    currencies: raw.currencies ?? {},
  };
  if (typeof c.merchantId !== 'string' || !c.merchantId) die('config.merchantId must be a non-empty string');
  if (typeof c.webhookPath !== 'string' || !c.webhookPath.startsWith('/')) die('config.webhookPath must start with /');
  if (typeof c.webhookToken !== 'string' || c.webhookToken.length < 16) die('config.webhookToken must be a string of >= 16 characters');
  if (!SCHEMES.includes(c.signing.scheme)) die(`config.signing.scheme must be one of ${SCHEMES.join(', ')}`);
  if (!INPUTS.includes(c.signing.input)) die(`config.signing.input must be one of ${INPUTS.join(', ')}`);
  if (!ENCODINGS.includes(c.signing.encoding)) die(`config.signing.encoding must be one of ${ENCODINGS.join(', ')}`);
  if (!Object.hasOwn(c.servicePublicKeys, c.serviceEnvironment)) die(`config.servicePublicKeys has no key for serviceEnvironment "${c.serviceEnvironment}"`);
  if (!Number.isInteger(c.storageLatencyMs) || c.storageLatencyMs < 0) die('config.storageLatencyMs must be an integer >= 0');
  if (!Number.isInteger(c.maxBodyBytes) || c.maxBodyBytes < 1024) die('config.maxBodyBytes must be an integer >= 1024');
  for (const [cur, exp] of Object.entries(c.currencies)) {
    if (!/^[A-Z]{3}$/.test(cur) || !Number.isInteger(exp) || exp < 0 || exp > 4) die(`config.currencies: bad entry ${cur}: ${exp}`);
  }
  c.keys = {};
  for (const [env, rel] of Object.entries(c.servicePublicKeys)) {
    const pem = fs.readFileSync(path.resolve(base, rel), 'utf8');
    const key = crypto.createPublicKey(pem);
    if (!keyFitsScheme(key, c.signing.scheme)) die(`key for environment ${env} (${rel}) is not a ${c.signing.scheme} key`);
    c.keys[env] = { env, key, spki: key.export({ type: 'spki', format: 'der' }) };
  }
  return c;
}

function keyFitsScheme(key, scheme) {
  if (key.type !== 'public') return false;
  if (scheme === 'ecdsa-p256') return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  if (scheme === 'rsa-pss-sha256') return key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss';
  if (scheme === 'ed25519') return key.asymmetricKeyType === 'ed25519';
  return false;
}

const args = parseArgs(process.argv.slice(2));
const V = args.variant;
const cfg = loadConfig(args.config);

// ---------------------------------------------------------------------------------------------
// Signature check (§5) — see README "Signing"
// ---------------------------------------------------------------------------------------------

// Canonical JSON: objects' member names sorted by UTF-16 code units (recursively), no whitespace,
// strings and numbers serialised exactly as ECMAScript JSON.stringify does (= RFC 8785 for all
// values JSON can carry). Written out by hand: JS engines reorder integer-like member names, so
// JSON.stringify on a "sorted" object would not sort "10" and "9" as strings.
function canonical(v) {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  const names = Object.keys(v).sort();
  return '{' + names.map((n) => JSON.stringify(n) + ':' + canonical(v[n])).join(',') + '}';
}

function signingInput(body, input) {
  const copy = {};
  for (const k of Object.keys(body)) {
    if (k === 'hash') continue;
    if (input === 'sorted-except-publickey-hash' && k === 'publicKey') continue;
    copy[k] = body[k];
  }
  return Buffer.from(canonical(copy), 'utf8');
}

// Strict decoders: the string must be the exact canonical encoding of some byte string.
function decodeStrict(s, enc) {
  if (enc === 'hex') {
    if (!/^(?:[0-9a-f]{2})+$/.test(s)) return null;
    return Buffer.from(s, 'hex');
  }
  if (enc === 'base64') {
    if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) || s.length === 0) return null;
    const b = Buffer.from(s, 'base64');
    return b.toString('base64') === s ? b : null; // rejects non-zero padding bits
  }
  if (enc === 'base64url') {
    if (!/^[A-Za-z0-9_-]+$/.test(s) || s.length % 4 === 1) return null;
    const b = Buffer.from(s, 'base64url');
    return b.toString('base64url') === s ? b : null;
  }
  return null;
}

function verifySig(scheme, key, data, sig) {
  try {
    if (scheme === 'ecdsa-p256') return crypto.verify('sha256', data, { key, dsaEncoding: 'der' }, sig);
    if (scheme === 'rsa-pss-sha256') {
      return crypto.verify('sha256', data, { key, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, sig);
    }
    if (scheme === 'ed25519') return crypto.verify(null, data, key, sig);
  } catch {
    return false;
  }
  return false;
}

const isMissing = (v) => v === undefined || v === null || v === '';

// Returns null when authentic, else { status, error, detail }.
function authenticate(body) {
  const { scheme, input, encoding } = cfg.signing;
  if (isMissing(body.publicKey)) return { status: 401, error: 'NO_LOGIN', detail: 'publicKey missing' };
  if (isMissing(body.hash)) return { status: 401, error: 'NO_TOKEN', detail: 'hash missing' };
  if (typeof body.publicKey !== 'string' || body.publicKey.length > 16384 || !body.publicKey.includes('-----BEGIN PUBLIC KEY-----')) {
    return { status: 401, error: 'NO_KEY', detail: 'publicKey is not a PEM public key' };
  }
  let bodyKey;
  try {
    bodyKey = crypto.createPublicKey({ key: body.publicKey, format: 'pem' });
  } catch {
    return { status: 401, error: 'NO_KEY', detail: 'publicKey does not parse' };
  }
  let verifyKey;
  if (V === 'M03') {
    // DEFECT M03: trust the key the body carries.
    verifyKey = bodyKey;
  } else {
    const spki = bodyKey.export({ type: 'spki', format: 'der' });
    const trusted = V === 'M02'
      ? Object.values(cfg.keys) // DEFECT M02: every configured environment's key is trusted
      : [cfg.keys[cfg.serviceEnvironment]];
    const hit = trusted.find((k) => k.spki.equals(spki));
    if (!hit) return { status: 401, error: 'NO_KEY', detail: `publicKey is not the pinned ${cfg.serviceEnvironment} service key` };
    verifyKey = hit.key;
  }
  if (typeof body.hash !== 'string') return { status: 401, error: 'UNAUTHORIZED', detail: 'hash is not a string' };
  const data = signingInput(body, input);
  if (V === 'M04') {
    // DEFECT M04: lenient decoding — try every encoding with Node's forgiving decoders.
    for (const enc of ['base64', 'base64url', 'hex']) {
      if (verifySig(scheme, verifyKey, data, Buffer.from(body.hash, enc))) return null;
    }
    return { status: 401, error: 'UNAUTHORIZED', detail: 'hash does not verify' };
  }
  const sig = decodeStrict(body.hash, encoding);
  if (!sig) return { status: 401, error: 'UNAUTHORIZED', detail: `hash is not canonical ${encoding}` };
  if (!verifySig(scheme, verifyKey, data, sig)) return { status: 401, error: 'UNAUTHORIZED', detail: 'hash does not verify against the pinned key' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Validation of the two postback kinds (§2.5, §2.6)
// ---------------------------------------------------------------------------------------------
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/; // marketplace ids: merchantPaymentId, merchantUserId
const TS_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;
const PAY_FAILED_CODES = ['INCORRECT_AMOUNT', 'NO_AMOUNT', 'INCORRECT_FIELDS', 'ANOTHER_REASON', 'RECIPIENT_LIMIT'];

function tsKey(s) {
  // Comparable key for a UTC timestamp, or null if invalid.
  if (typeof s !== 'string') return null;
  const m = TS_RE.exec(s);
  if (!m) return null;
  const [, y, mo, d, h, mi, se, frac = ''] = m;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +se);
  const dt = new Date(ms);
  if (dt.getUTCFullYear() !== +y || dt.getUTCMonth() !== +mo - 1 || dt.getUTCDate() !== +d || +h > 23 || +mi > 59 || +se > 59) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${se}.${frac.padEnd(9, '0')}`;
}

class Invalid extends Error {
  constructor(field, detail) {
    super(detail);
    this.field = field;
  }
}
function need(cond, field, detail) {
  if (!cond) throw new Invalid(field, detail);
}
const isStr = (v) => typeof v === 'string';
const nonEmptyStr = (v, max = 256) => isStr(v) && v.length > 0 && v.length <= max;
const optStrOrNull = (v) => v === undefined || v === null || isStr(v);

function validatePayment(b) {
  need(nonEmptyStr(b.id, 128), 'id', 'id must be a non-empty string (<= 128 chars)');
  need(b.status === 'SUCCESS' || b.status === 'FAILED', 'status', 'status must be SUCCESS or FAILED');
  need(Object.hasOwn(b, 'failedCode'), 'failedCode', 'failedCode is required (null when SUCCESS)');
  if (b.status === 'SUCCESS') need(b.failedCode === null, 'failedCode', 'failedCode must be null when status is SUCCESS');
  else need(nonEmptyStr(b.failedCode, 64), 'failedCode', 'failedCode must be a non-empty string when status is FAILED');
  need(nonEmptyStr(b.paymentMethodId, 128), 'paymentMethodId', 'paymentMethodId must be a non-empty string');
  need(typeof b.amount === 'number' && Number.isFinite(b.amount) && b.amount > 0, 'amount', 'amount must be a number > 0');
  need(isStr(b.currency) && /^[A-Z]{3}$/.test(b.currency), 'currency', 'currency must be a 3-letter upper-case ISO code');
  need(Array.isArray(b.clientFieldsValues), 'clientFieldsValues', 'clientFieldsValues must be an array');
  for (let i = 0; i < b.clientFieldsValues.length; i++) {
    const f = b.clientFieldsValues[i];
    need(f !== null && typeof f === 'object' && !Array.isArray(f) && isStr(f.key) && isStr(f.value),
      `clientFieldsValues[${i}]`, 'each clientFieldsValues entry must be {key: string, value: string}');
  }
  need(optStrOrNull(b.merchantPaymentId), 'merchantPaymentId', 'merchantPaymentId must be a string when present');
  need(optStrOrNull(b.merchantUserId), 'merchantUserId', 'merchantUserId must be a string when present');
  need(tsKey(b.createdAt) !== null, 'createdAt', 'createdAt must be a UTC timestamp YYYY-MM-DDTHH:MM:SS[.fff]Z');
}

function validateComplaint(b) {
  need(nonEmptyStr(b.id, 128), 'id', 'id must be a non-empty string (<= 128 chars)');
  need(nonEmptyStr(b.merchantId, 128), 'merchantId', 'merchantId must be a non-empty string');
  need(b.status === 'COMPLETED' || b.status === 'DECLINED', 'status', 'status must be COMPLETED or DECLINED');
  for (const f of ['paymentMethodId', 'merchantPaymentId', 'creditedMerchantPaymentId', 'merchantUserId', 'identifier', 'paymentId', 'comment']) {
    need(optStrOrNull(b[f]), f, `${f} must be a string or null when present`);
  }
  need(b.currency === undefined || b.currency === null || (isStr(b.currency) && /^[A-Z]{3}$/.test(b.currency)), 'currency', 'currency must be a 3-letter upper-case ISO code or null');
  need(b.amount === undefined || b.amount === null || (typeof b.amount === 'number' && Number.isFinite(b.amount) && b.amount >= 0), 'amount', 'amount must be a number >= 0 or null');
  need(tsKey(b.createdAt) !== null, 'createdAt', 'createdAt must be a UTC timestamp YYYY-MM-DDTHH:MM:SS[.fff]Z');
  need(tsKey(b.updatedAt) !== null, 'updatedAt', 'updatedAt must be a UTC timestamp YYYY-MM-DDTHH:MM:SS[.fff]Z');
}

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------
// Exact conversion of a JSON number (major units) to integer minor units; null if the number has
// more decimals than the currency, is not finite, or is beyond 2^53-1 minor units.
function toMinor(n, exp) {
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || exp === undefined) return null;
  let s = String(n);
  if (/e/i.test(s)) {
    if (!Number.isSafeInteger(n)) return null;
    s = BigInt(n).toString();
  }
  const [i, f = ''] = s.split('.');
  if (f.length > exp) return null;
  const minor = BigInt(i) * 10n ** BigInt(exp) + BigInt((f + '0'.repeat(exp)).slice(0, exp) || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}

function formatMajor(minor, exp) {
  if (exp === 0) return String(minor);
  const s = String(minor).padStart(exp + 1, '0');
  return `${s.slice(0, -exp)}.${s.slice(-exp)}`;
}

// ---------------------------------------------------------------------------------------------
// State (in memory) and simulated storage
// ---------------------------------------------------------------------------------------------
const checkouts = new Map(); // merchantPaymentId -> checkout
const accounts = new Map(); // merchantUserId -> Map(currency -> {paidInMinor, paidOutMinor})
const complaints = new Map(); // complaint id (M10: merchantPaymentId) -> complaint
const parked = []; // postbacks that were authentic and valid but could not be applied to a checkout
const parkedByDigest = new Map();
let parkedSeq = 0;

// Every state change is written to "storage" first (a simulated database round trip of
// storageLatencyMs); the in-memory state is updated after the write succeeds.
async function storageWrite(_records) {
  if (cfg.storageLatencyMs > 0) await sleep(cfg.storageLatencyMs);
}

// Per-key serialisation: postbacks for the same checkout (or complaint) are processed one at a time.
const locks = new Map();
async function withLock(key, fn) {
  const prev = locks.get(key) ?? Promise.resolve();
  let release;
  const mine = new Promise((r) => { release = r; });
  const tail = prev.then(() => mine);
  locks.set(key, tail);
  await prev;
  try {
    return await fn();
  } finally {
    release();
    if (locks.get(key) === tail) locks.delete(key);
  }
}

const now = () => new Date().toISOString();

function account(userId, currency) {
  let m = accounts.get(userId);
  if (!m) accounts.set(userId, (m = new Map()));
  let a = m.get(currency);
  if (!a) m.set(currency, (a = { paidInMinor: 0, paidOutMinor: 0 }));
  return a;
}

function newCheckout({ merchantPaymentId, merchantUserId, type, paymentMethodId, currency, amountMinor }) {
  const co = {
    merchantPaymentId, merchantUserId, type, paymentMethodId, currency, amountMinor,
    status: 'CREATED', paymentId: null, failedCode: null, settledMinor: 0,
    events: [], mismatches: [], complaints: [], duplicates: 0, postbacksReceived: 0,
    createdAt: now(),
  };
  checkouts.set(merchantPaymentId, co);
  account(merchantUserId, currency);
  return co;
}

function checkoutView(co) {
  return {
    merchantPaymentId: co.merchantPaymentId,
    merchantUserId: co.merchantUserId,
    type: co.type,
    paymentMethodId: co.paymentMethodId,
    currency: co.currency,
    amountMinor: co.amountMinor,
    status: co.status,
    paymentId: co.paymentId,
    failedCode: co.failedCode,
    settledMinor: co.settledMinor,
    events: co.events,
    duplicates: co.duplicates,
    postbacksReceived: co.postbacksReceived,
    mismatches: co.mismatches,
    complaints: co.complaints,
    createdAt: co.createdAt,
  };
}

function digestOf(body) {
  const copy = { ...body };
  delete copy.hash;
  return crypto.createHash('sha256').update(canonical(copy)).digest('hex');
}

function park(kind, reason, body) {
  const digest = digestOf(body);
  const t = now();
  const hit = parkedByDigest.get(digest);
  if (hit) {
    hit.count++;
    hit.lastReceivedAt = t;
    return hit;
  }
  const item = {
    parkedId: `prk_${++parkedSeq}`,
    kind, reason,
    serviceId: body.id ?? null,
    merchantPaymentId: body.merchantPaymentId ?? null,
    merchantUserId: body.merchantUserId ?? null,
    status: body.status ?? null,
    amountReported: body.amount ?? null,
    currency: body.currency ?? null,
    body: { ...body, hash: undefined, publicKey: undefined },
    firstReceivedAt: t, lastReceivedAt: t, count: 1,
  };
  parked.push(item);
  parkedByDigest.set(digest, item);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Payment postbacks
// ---------------------------------------------------------------------------------------------
async function handlePayment(p) {
  const mpid = p.merchantPaymentId;
  if (mpid === undefined || mpid === null) {
    const item = park('payment', 'NO_MERCHANT_PAYMENT_ID', p);
    return { result: 'PARKED', reason: item.reason, parkedId: item.parkedId };
  }
  let co = ID_RE.test(mpid) ? checkouts.get(mpid) : undefined;
  if (!co) {
    if (V === 'M01' && ID_RE.test(mpid)) {
      // DEFECT M01: a checkout we never created is created from the postback.
      const exp = cfg.currencies[p.currency];
      co = newCheckout({
        merchantPaymentId: mpid, merchantUserId: p.merchantUserId ?? 'unknown', type: 'PAY_IN',
        paymentMethodId: p.paymentMethodId, currency: p.currency, amountMinor: toMinor(p.amount, exp ?? 2) ?? 0,
      });
    } else {
      const item = park('payment', 'UNKNOWN_CHECKOUT', p);
      return { result: 'PARKED', reason: item.reason, parkedId: item.parkedId };
    }
  }
  if (V === 'M07') return applyPayment(co, p); // DEFECT M07: no per-checkout lock
  return withLock(`co:${mpid}`, () => applyPayment(co, p));
}

async function recordMismatch(co, p, reason) {
  await storageWrite([{ mismatch: reason }]);
  const exp = cfg.currencies[p.currency];
  const existing = co.mismatches.find((m) => m.reason === reason && m.status === p.status && m.paymentId === p.id
    && m.amountReported === p.amount && m.currency === p.currency && m.merchantUserId === (p.merchantUserId ?? null)
    && m.paymentMethodId === p.paymentMethodId);
  if (existing) {
    existing.count++;
    existing.lastReceivedAt = now();
  } else {
    co.mismatches.push({
      reason, status: p.status, paymentId: p.id, amountReported: p.amount,
      amountMinor: toMinor(p.amount, exp), currency: p.currency,
      merchantUserId: p.merchantUserId ?? null, paymentMethodId: p.paymentMethodId,
      firstReceivedAt: now(), lastReceivedAt: now(), count: 1,
    });
  }
  return { result: 'MISMATCH', reason, merchantPaymentId: co.merchantPaymentId, status: co.status };
}

function amountMatches(co, p) {
  const exp = cfg.currencies[co.currency];
  if (V === 'M05') return String(p.amount) === formatMajor(co.amountMinor, exp); // DEFECT M05: string comparison
  return toMinor(p.amount, exp) === co.amountMinor;
}

async function applyPayment(co, p) {
  co.postbacksReceived++;
  // 1. Identity: is this postback about the payment this checkout created?
  if (co.paymentId !== null && p.id !== co.paymentId) return recordMismatch(co, p, 'PAYMENT_ID_CONFLICT');
  if (p.merchantUserId !== undefined && p.merchantUserId !== null && p.merchantUserId !== co.merchantUserId) {
    return recordMismatch(co, p, 'USER_MISMATCH');
  }
  if (p.paymentMethodId !== co.paymentMethodId) return recordMismatch(co, p, 'METHOD_MISMATCH');
  // 2. Money: a SUCCESS only credits the exact amount and currency of the checkout.
  if (p.status === 'SUCCESS') {
    if (p.currency !== co.currency) return recordMismatch(co, p, 'CURRENCY_MISMATCH');
    if (!amountMatches(co, p)) return recordMismatch(co, p, 'AMOUNT_MISMATCH');
  }
  // DEFECT M06: the reversal is decided from history, before the duplicate check.
  if (V === 'M06' && p.status === 'FAILED' && co.events.some((e) => e.status === 'SUCCESS')) {
    return bookTransition(co, p, co.settledMinor - co.amountMinor);
  }
  // 3. Idempotency: the same status again is a retry (or a repeat) — acknowledged, nothing booked.
  if (p.status === co.status) {
    co.duplicates++;
    return { result: 'DUPLICATE', merchantPaymentId: co.merchantPaymentId, status: co.status };
  }
  // 4. Transition: CREATED/FAILED -> SUCCESS books the amount; CREATED/SUCCESS -> FAILED books 0.
  const target = p.status === 'SUCCESS' ? co.amountMinor : 0;
  return bookTransition(co, p, target);
}

async function bookTransition(co, p, targetSettled) {
  const delta = targetSettled - co.settledMinor;
  if (V === 'M09') {
    // DEFECT M09: one awaited storage write per client field (N+1).
    for (const f of p.clientFieldsValues) await storageWrite([{ field: f }]);
    await storageWrite([{ event: p.status }]);
  } else {
    await storageWrite([{ event: p.status, clientFieldsValues: p.clientFieldsValues }]);
  }
  const acc = account(co.merchantUserId, co.currency);
  if (co.type === 'PAY_IN') acc.paidInMinor += delta;
  else acc.paidOutMinor += delta;
  co.settledMinor += delta;
  co.status = p.status;
  co.paymentId ??= p.id;
  co.failedCode = p.status === 'FAILED' ? p.failedCode : null;
  co.events.push({
    seq: co.events.length + 1,
    status: p.status,
    failedCode: p.failedCode,
    paymentId: p.id,
    settledDeltaMinor: delta,
    settledAfterMinor: co.settledMinor,
    clientFieldsCount: p.clientFieldsValues.length,
    receivedAt: now(),
  });
  return { result: 'APPLIED', merchantPaymentId: co.merchantPaymentId, status: co.status, settledMinor: co.settledMinor };
}

// ---------------------------------------------------------------------------------------------
// Complaint postbacks
// ---------------------------------------------------------------------------------------------
function complaintView(c) {
  return {
    complaintId: c.complaintId,
    merchantId: c.merchantId,
    merchantPaymentId: c.merchantPaymentId,
    checkoutKnown: c.checkoutKnown,
    merchantUserId: c.merchantUserId,
    paymentId: c.paymentId,
    paymentMethodId: c.paymentMethodId,
    currency: c.currency,
    amountReported: c.amountReported,
    amountMinor: c.amountMinor,
    status: c.status,
    comment: c.comment,
    identifier: c.identifier,
    creditedMerchantPaymentId: c.creditedMerchantPaymentId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    history: c.history,
    duplicates: c.duplicates,
    staleIgnored: c.staleIgnored,
  };
}

function copyComplaintFields(rec, b) {
  rec.complaintId = b.id;
  rec.merchantId = b.merchantId;
  rec.merchantPaymentId = b.merchantPaymentId ?? null;
  rec.merchantUserId = b.merchantUserId ?? null;
  rec.paymentId = b.paymentId ?? null;
  rec.paymentMethodId = b.paymentMethodId ?? null;
  rec.currency = b.currency ?? null;
  rec.amountReported = b.amount ?? null;
  rec.amountMinor = b.amount === undefined || b.amount === null ? null : toMinor(b.amount, cfg.currencies[b.currency]);
  rec.status = b.status;
  rec.comment = b.comment ?? null;
  rec.identifier = b.identifier ?? null;
  rec.creditedMerchantPaymentId = b.creditedMerchantPaymentId ?? null;
  rec.createdAt = b.createdAt;
  rec.updatedAt = b.updatedAt;
  const co = isStr(rec.merchantPaymentId) ? checkouts.get(rec.merchantPaymentId) : undefined;
  rec.checkoutKnown = Boolean(co);
  if (co && !co.complaints.includes(rec.complaintId)) co.complaints.push(rec.complaintId);
}

async function handleComplaint(b) {
  if (b.merchantId !== cfg.merchantId) {
    const item = park('complaint', 'FOREIGN_MERCHANT', b);
    return { result: 'PARKED', reason: item.reason, parkedId: item.parkedId };
  }
  // DEFECT M10: complaints keyed by the payment they are about.
  const key = V === 'M10' ? (b.merchantPaymentId ?? b.id) : b.id;
  return withLock(`cp:${key}`, async () => {
    const rec = complaints.get(key);
    const entry = { status: b.status, updatedAt: b.updatedAt, result: null, receivedAt: now() };
    if (!rec) {
      await storageWrite([{ complaint: b.id }]);
      const fresh = { history: [], duplicates: 0, staleIgnored: 0 };
      copyComplaintFields(fresh, b);
      entry.result = 'APPLIED';
      fresh.history.push(entry);
      complaints.set(key, fresh);
      return { result: 'APPLIED', complaintId: b.id, status: fresh.status };
    }
    const kNew = tsKey(b.updatedAt);
    const kOld = tsKey(rec.updatedAt);
    const cmp = kNew < kOld ? -1 : kNew > kOld ? 1 : 0;
    if (cmp < 0) {
      rec.staleIgnored++;
      return { result: 'STALE', complaintId: rec.complaintId, status: rec.status, updatedAt: rec.updatedAt };
    }
    if (cmp === 0 && b.status === rec.status) {
      rec.duplicates++;
      return { result: 'DUPLICATE', complaintId: rec.complaintId, status: rec.status };
    }
    await storageWrite([{ complaint: b.id }]);
    const changed = b.status !== rec.status;
    copyComplaintFields(rec, b);
    entry.result = changed ? 'APPLIED' : 'UPDATED';
    rec.history.push(entry);
    return { result: entry.result, complaintId: rec.complaintId, status: rec.status };
  });
}

function findComplaint(id) {
  if (V === 'M10') {
    for (const c of complaints.values()) if (c.complaintId === id) return c;
    return undefined;
  }
  return complaints.get(id);
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------
function send(res, status, obj, headers = {}) {
  const body = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function readBody(req, limit) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve({ tooLarge: true });
      return;
    }
    const chunks = [];
    let size = 0;
    let done = false;
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > limit) {
        done = true;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve({ buf: Buffer.concat(chunks) });
      }
    });
    const fail = () => {
      if (!done) {
        done = true;
        resolve({ error: true });
      }
    };
    req.on('error', fail);
    req.on('close', fail); // client went away before the body was complete
  });
}

function contentTypeOk(ct) {
  if (V === 'M08') return ct === 'application/json'; // DEFECT M08: exact header match only
  if (ct === undefined) return true; // the interface does not promise a Content-Type header
  const [mt, ...params] = ct.split(';');
  if (mt.trim().toLowerCase() !== 'application/json') return false;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    const value = p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

const tokenDigest = crypto.createHash('sha256').update(cfg.webhookToken).digest();
function tokenOk(url) {
  const all = url.searchParams.getAll('token');
  if (all.length !== 1) return false;
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(all[0]).digest(), tokenDigest);
}

async function handleWebhook(req, res, url) {
  if (req.method !== 'POST') return send(res, 405, { error: 'METHOD_NOT_ALLOWED' }, { allow: 'POST' });
  if (!tokenOk(url)) {
    req.resume();
    return send(res, 403, { error: 'ACCESS_DENIED', detail: 'missing or wrong token query parameter' });
  }
  if (!contentTypeOk(req.headers['content-type'])) {
    req.resume();
    return send(res, 415, { error: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Content-Type must be application/json (charset utf-8 if given)' });
  }
  const { buf, tooLarge, error } = await readBody(req, cfg.maxBodyBytes);
  if (error) return;
  if (tooLarge) {
    req.resume(); // discard the rest so the sender can read the answer (requestTimeout bounds it)
    return send(res, 413, { error: 'BODY_TOO_LARGE', detail: `limit is ${cfg.maxBodyBytes} bytes` });
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return send(res, 400, { error: 'MALFORMED_JSON', detail: 'body is not valid UTF-8' });
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return send(res, 400, { error: 'MALFORMED_JSON', detail: e.message });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return send(res, 400, { error: 'NOT_AN_OBJECT', detail: 'body must be a JSON object' });

  const authErr = authenticate(body);
  if (authErr) return send(res, authErr.status, { error: authErr.error, detail: authErr.detail });

  const isPayment = Object.hasOwn(body, 'clientFieldsValues');
  const isComplaint = Object.hasOwn(body, 'merchantId');
  if (isPayment === isComplaint) {
    return send(res, 400, { error: 'UNKNOWN_KIND', detail: 'a payment postback has clientFieldsValues, a complaint postback has merchantId; exactly one must be present' });
  }
  try {
    if (isPayment) validatePayment(body);
    else validateComplaint(body);
  } catch (e) {
    if (e instanceof Invalid) return send(res, 400, { error: 'INVALID_FIELD', field: e.field, detail: e.message });
    throw e;
  }
  const out = isPayment ? await handlePayment(body) : await handleComplaint(body);
  return send(res, 200, { ok: true, kind: isPayment ? 'payment' : 'complaint', ...out });
}

const CHECKOUT_FIELDS = ['merchantPaymentId', 'merchantUserId', 'type', 'paymentMethodId', 'currency', 'amountMinor'];

async function handleCreateCheckout(req, res) {
  const ctype = req.headers['content-type'];
  if (ctype !== undefined && !/^application\/json\s*(;|$)/i.test(ctype)) {
    req.resume();
    return send(res, 415, { error: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  const { buf, tooLarge, error } = await readBody(req, 65536);
  if (error) return;
  if (tooLarge) {
    req.resume();
    return send(res, 413, { error: 'BODY_TOO_LARGE' });
  }
  let b;
  try {
    b = JSON.parse(buf.toString('utf8'));
  } catch (e) {
    return send(res, 400, { error: 'MALFORMED_JSON', detail: e.message });
  }
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return send(res, 400, { error: 'NOT_AN_OBJECT' });
  const bad = (field, detail) => send(res, 400, { error: 'INVALID_FIELD', field, detail });
  for (const k of Object.keys(b)) {
    if (k === 'amount') return bad('amount', 'use amountMinor: integer amount in minor units (cents)');
    if (!CHECKOUT_FIELDS.includes(k)) return bad(k, `unknown member; allowed: ${CHECKOUT_FIELDS.join(', ')}`);
  }
  if (!isStr(b.merchantPaymentId) || !ID_RE.test(b.merchantPaymentId)) return bad('merchantPaymentId', 'must match ^[A-Za-z0-9_-]{1,64}$');
  if (!isStr(b.merchantUserId) || !ID_RE.test(b.merchantUserId)) return bad('merchantUserId', 'must match ^[A-Za-z0-9_-]{1,64}$');
  if (b.type !== 'PAY_IN' && b.type !== 'PAY_OUT') return bad('type', 'must be PAY_IN or PAY_OUT');
  if (!nonEmptyStr(b.paymentMethodId, 128)) return bad('paymentMethodId', 'must be a non-empty string (<= 128 chars)');
  if (!isStr(b.currency) || !Object.hasOwn(cfg.currencies, b.currency)) return bad('currency', `must be one of ${Object.keys(cfg.currencies).join(', ')}`);
  if (!Number.isSafeInteger(b.amountMinor) || b.amountMinor <= 0) return bad('amountMinor', 'must be an integer > 0 (minor units)');
  if (checkouts.has(b.merchantPaymentId)) return send(res, 409, { error: 'ALREADY_EXISTS', merchantPaymentId: b.merchantPaymentId });
  const co = newCheckout(b);
  return send(res, 201, checkoutView(co));
}

function balanceView(userId) {
  const m = accounts.get(userId);
  if (!m) return null;
  const list = [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, a]) => ({
    currency, paidInMinor: a.paidInMinor, paidOutMinor: a.paidOutMinor, balanceMinor: a.paidInMinor - a.paidOutMinor,
  }));
  return { merchantUserId: userId, accounts: list };
}

function decodeSeg(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

async function route(req, res) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const p = url.pathname;
  if (p === cfg.webhookPath) return handleWebhook(req, res, url);
  if (!cfg.sandboxApi || !p.startsWith('/sandbox/')) {
    req.resume();
    return send(res, 404, { error: 'NOT_FOUND' });
  }
  if (p === '/sandbox/checkouts') {
    if (req.method !== 'POST') return send(res, 405, { error: 'METHOD_NOT_ALLOWED' }, { allow: 'POST' });
    return handleCreateCheckout(req, res);
  }
  req.resume();
  if (req.method !== 'GET') return send(res, 405, { error: 'METHOD_NOT_ALLOWED' }, { allow: 'GET' });
  let m;
  if ((m = /^\/sandbox\/checkouts\/([^/]+)$/.exec(p))) {
    const co = checkouts.get(decodeSeg(m[1]));
    return co ? send(res, 200, checkoutView(co)) : send(res, 404, { error: 'NOT_FOUND' });
  }
  if ((m = /^\/sandbox\/complaints\/([^/]+)$/.exec(p))) {
    const c = findComplaint(decodeSeg(m[1]));
    return c ? send(res, 200, complaintView(c)) : send(res, 404, { error: 'NOT_FOUND' });
  }
  if ((m = /^\/sandbox\/users\/([^/]+)\/balance$/.exec(p))) {
    const v = balanceView(decodeSeg(m[1]));
    return v ? send(res, 200, v) : send(res, 404, { error: 'NOT_FOUND' });
  }
  if (p === '/sandbox/parked') {
    const want = url.searchParams.get('merchantPaymentId');
    const items = parked.filter((x) => want === null || x.merchantPaymentId === want);
    return send(res, 200, { count: items.length, items });
  }
  if (p === '/sandbox/info') {
    return send(res, 200, {
      variant: V, variantTitle: VARIANTS[V].title, merchantId: cfg.merchantId, webhookPath: cfg.webhookPath,
      serviceEnvironment: cfg.serviceEnvironment, signing: cfg.signing, currencies: cfg.currencies,
    });
  }
  return send(res, 404, { error: 'NOT_FOUND' });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((e) => {
    process.stderr.write(`receiver: internal error: ${e.stack}\n`);
    if (!res.headersSent) send(res, 500, { error: 'INTERNAL', detail: 'unexpected failure; retry' });
    else res.destroy();
  });
});
server.keepAliveTimeout = 5000;
server.requestTimeout = 30000;

function shutdown() {
  server.close();
  server.closeAllConnections?.();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

server.listen(args.port, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
