#!/usr/bin/env node
// sender.mjs — plays the payment service against the marketplace receiver.
//
//   node sender.mjs --url http://127.0.0.1:PORT --config FILE [--keys DIR] [--only a,b] [--verbose]
//   node sender.mjs --spawn [--variant M00] --config FILE [--keys DIR] [--only a,b]
//   node sender.mjs --list
//
// Each named scenario creates its own checkouts through the sandbox setup call, sends signed
// postbacks to the webhook and checks the answers and the read-backs. Prints PASS/FAIL per
// scenario; exits 0 when all selected scenarios pass.
//
// The signing code here is written independently of receiver.mjs, from README "Signing".
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Signing, as a payment service would do it
// ---------------------------------------------------------------------------------------------
function canon(v) {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
}

function signingInputOf(body, input) {
  const drop = input === 'jcs-except-hash' ? ['hash'] : ['hash', 'publicKey'];
  const o = {};
  for (const [k, v] of Object.entries(body)) if (!drop.includes(k)) o[k] = v;
  return Buffer.from(canon(o), 'utf8');
}

function rawSign(scheme, privateKey, data) {
  if (scheme === 'ecdsa-p256') return crypto.sign('sha256', data, { key: privateKey, dsaEncoding: 'der' });
  if (scheme === 'rsa-pss-sha256') {
    return crypto.sign('sha256', data, { key: privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  }
  if (scheme === 'ed25519') return crypto.sign(null, data, privateKey);
  throw new Error(`unknown scheme ${scheme}`);
}

function encode(buf, enc) {
  return buf.toString(enc); // 'base64' (padded), 'base64url' (unpadded), 'hex' (lower case)
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function request(base, method, p, { body, headers = {}, timeoutMs = 10000 } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(p, base);
    const t0 = process.hrtime.bigint();
    let settled = false;
    const h = { ...headers };
    if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
    const req = http.request({ host: u.hostname, port: u.port, method, path: u.pathname + u.search, headers: h, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode, json, text, ms: Number(process.hrtime.bigint() - t0) / 1e6 });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', (e) => {
      if (!settled) {
        settled = true;
        reject(e);
      }
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Scenario context
// ---------------------------------------------------------------------------------------------
class Checks {
  constructor() {
    this.failures = [];
  }
  eq(actual, expected, label) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) this.failures.push(`${label}: expected ${e}, got ${a}`);
    return a === e;
  }
  ok(cond, label) {
    if (!cond) this.failures.push(label);
    return Boolean(cond);
  }
}

function loadKeys(keysDir, scheme) {
  const out = {};
  for (const [role, file] of [['production', 'service-production'], ['sandbox', 'service-sandbox'], ['attacker', 'attacker']]) {
    const privPem = fs.readFileSync(path.join(keysDir, scheme, `${file}.private.pem`), 'utf8');
    const pubPem = fs.readFileSync(path.join(keysDir, scheme, `${file}.public.pem`), 'utf8');
    out[role] = { priv: crypto.createPrivateKey(privPem), pubPem };
  }
  return out;
}

function makeCtx({ baseUrl, config, keysDir }) {
  const { scheme, input, encoding } = config.signing;
  const keys = loadKeys(keysDir, scheme);
  const pinned = config.serviceEnvironment === 'sandbox' ? 'sandbox' : 'production';
  const otherEnv = pinned === 'sandbox' ? 'production' : 'sandbox';
  const hookPath = (token = config.webhookToken) => `${config.webhookPath ?? '/hooks/psp'}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  const exp = (cur) => config.currencies[cur];
  let seq = 0;
  const ctx = {
    config, scheme, input, encoding, keys, pinned, otherEnv,
    uid(prefix) {
      return `${prefix}_${crypto.randomBytes(5).toString('hex')}${(++seq).toString(36)}`;
    },
    major(minor, cur) {
      return minor / 10 ** exp(cur);
    },
    // Sign a postback. opts: role (key), input/encoding overrides, publicKey override (string or undefined to drop).
    sign(body, opts = {}) {
      const role = opts.role ?? pinned;
      const b = { ...body };
      delete b.hash;
      b.publicKey = Object.hasOwn(opts, 'publicKey') ? opts.publicKey : keys[role].pubPem;
      if (b.publicKey === undefined) delete b.publicKey;
      const sig = rawSign(scheme, keys[role].priv, signingInputOf(b, opts.input ?? input));
      const signed = { publicKey: b.publicKey, hash: encode(sig, opts.encoding ?? encoding), ...b };
      if (signed.publicKey === undefined) delete signed.publicKey;
      return { body: signed, sig };
    },
    async post(bodyOrText, { token, contentType = 'application/json', headers = {}, path: p, timeoutMs } = {}) {
      const text = typeof bodyOrText === 'string' || Buffer.isBuffer(bodyOrText) ? bodyOrText : JSON.stringify(bodyOrText);
      const h = { ...headers };
      if (contentType !== null) h['content-type'] = contentType;
      return request(baseUrl, 'POST', p ?? hookPath(token === undefined ? config.webhookToken : token), { body: text, headers: h, timeoutMs });
    },
    async send(body, opts = {}) {
      return ctx.post(ctx.sign(body, opts).body, opts);
    },
    async get(p) {
      return request(baseUrl, 'GET', p);
    },
    async createCheckout({ type = 'PAY_IN', currency = 'USD', amountMinor = 2599, user, method = 'pm_bkash_01', mpid } = {}) {
      const co = {
        merchantPaymentId: mpid ?? ctx.uid('co'),
        merchantUserId: user ?? ctx.uid('usr'),
        type, paymentMethodId: method, currency, amountMinor,
      };
      const r = await request(baseUrl, 'POST', '/sandbox/checkouts', { body: JSON.stringify(co), headers: { 'content-type': 'application/json' } });
      if (r.status !== 201) throw new Error(`setup call failed: ${r.status} ${r.text}`);
      co.paymentId = ctx.uid('pay');
      co.createdAt = new Date().toISOString();
      return co;
    },
    payment(co, over = {}) {
      const status = over.status ?? 'SUCCESS';
      const b = {
        id: co.paymentId,
        status,
        failedCode: status === 'SUCCESS' ? null : 'NO_AMOUNT',
        paymentMethodId: co.paymentMethodId,
        amount: ctx.major(co.amountMinor, co.currency),
        currency: co.currency,
        clientFieldsValues: [{ key: 'phone', value: '+8801712345678' }, { key: 'accountName', value: 'Rahim Uddin' }],
        merchantPaymentId: co.merchantPaymentId,
        merchantUserId: co.merchantUserId,
        createdAt: co.createdAt,
      };
      for (const [k, v] of Object.entries(over)) {
        if (v === undefined) delete b[k];
        else b[k] = v;
      }
      return b;
    },
    complaint(co, over = {}) {
      const b = {
        id: over.id ?? ctx.uid('cmp'),
        merchantId: config.merchantId,
        paymentMethodId: co?.paymentMethodId ?? 'pm_bkash_01',
        currency: co?.currency ?? 'USD',
        merchantPaymentId: co?.merchantPaymentId,
        creditedMerchantPaymentId: null,
        merchantUserId: co?.merchantUserId ?? null,
        identifier: 'TXN8842211',
        paymentId: co?.paymentId ?? null,
        status: 'COMPLETED',
        comment: 'user supplied a receipt',
        amount: co ? ctx.major(co.amountMinor, co.currency) : 12.34,
        createdAt: '2025-03-01T10:00:00.000Z',
        updatedAt: '2025-03-01T10:05:00.000Z',
      };
      for (const [k, v] of Object.entries(over)) {
        if (v === undefined) delete b[k];
        else b[k] = v;
      }
      if (b.merchantPaymentId === undefined) delete b.merchantPaymentId;
      return b;
    },
    async checkout(mpid) {
      const r = await ctx.get(`/sandbox/checkouts/${encodeURIComponent(mpid)}`);
      return r.status === 200 ? r.json : null;
    },
    async balance(user, cur) {
      const r = await ctx.get(`/sandbox/users/${encodeURIComponent(user)}/balance`);
      if (r.status !== 200) return null;
      return r.json.accounts.find((a) => a.currency === cur) ?? null;
    },
  };
  return ctx;
}

const res200 = (t, r, result, label) => {
  t.eq(r.status, 200, `${label} HTTP status`);
  t.eq(r.json?.result, result, `${label} result`);
};
const err = (t, r, status, code, label) => {
  t.eq(r.status, status, `${label} HTTP status`);
  t.eq(r.json?.error, code, `${label} error`);
};

async function expectUntouched(t, ctx, co, label) {
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq(c?.status, 'CREATED', `${label}: checkout status`);
  t.eq(c?.settledMinor, 0, `${label}: settledMinor`);
  t.eq(c?.events?.length, 0, `${label}: events`);
  const b = await ctx.balance(co.merchantUserId, co.currency);
  t.eq(b?.balanceMinor, 0, `${label}: balance`);
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------
export const SCENARIOS = [];
const scenario = (name, about, fn) => SCENARIOS.push({ name, about, fn });

scenario('pay-in-success', 'PAY_IN checkout + SUCCESS postback credits the exact amount once', async (ctx, t) => {
  const co = await ctx.createCheckout({ amountMinor: 2599 });
  const r = await ctx.send(ctx.payment(co));
  res200(t, r, 'APPLIED', 'SUCCESS');
  t.eq(r.json?.kind, 'payment', 'answer kind');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq(c?.status, 'SUCCESS', 'status');
  t.eq(c?.settledMinor, 2599, 'settledMinor');
  t.eq(c?.paymentId, co.paymentId, 'paymentId bound');
  t.eq(c?.failedCode, null, 'failedCode');
  t.eq(c?.events?.map((e) => [e.status, e.settledDeltaMinor]), [['SUCCESS', 2599]], 'events');
  t.eq(await ctx.balance(co.merchantUserId, 'USD'), { currency: 'USD', paidInMinor: 2599, paidOutMinor: 0, balanceMinor: 2599 }, 'balance');
});

scenario('pay-out-success', 'PAY_OUT checkout + SUCCESS postback books the payout (debits the seller)', async (ctx, t) => {
  const co = await ctx.createCheckout({ type: 'PAY_OUT', currency: 'INR', amountMinor: 500025 });
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'SUCCESS');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.type], ['SUCCESS', 500025, 'PAY_OUT'], 'checkout');
  t.eq(await ctx.balance(co.merchantUserId, 'INR'), { currency: 'INR', paidInMinor: 0, paidOutMinor: 500025, balanceMinor: -500025 }, 'balance');
});

scenario('pay-in-failed', 'FAILED postback records the failure and credits nothing', async (ctx, t) => {
  const co = await ctx.createCheckout();
  res200(t, await ctx.send(ctx.payment(co, { status: 'FAILED', failedCode: 'NO_AMOUNT' })), 'APPLIED', 'FAILED');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.failedCode, c?.settledMinor, c?.events?.length], ['FAILED', 'NO_AMOUNT', 0, 1], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 0, 'balance');
});

scenario('duplicate-retries', 'sequential retries of the same SUCCESS are acknowledged 200 and credit once', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const results = [];
  for (let i = 0; i < 3; i++) results.push(await ctx.send(ctx.payment(co)));
  t.eq(results.map((r) => r.status), [200, 200, 200], 'HTTP statuses');
  t.eq(results.map((r) => r.json?.result), ['APPLIED', 'DUPLICATE', 'DUPLICATE'], 'results');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.settledMinor, c?.events?.length, c?.duplicates], [2599, 1, 2], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 2599, 'balance');
});

scenario('concurrent-duplicates', '8 copies of one SUCCESS sent at the same moment (3 rounds) credit once', async (ctx, t) => {
  for (let round = 1; round <= 3; round++) {
    const co = await ctx.createCheckout({ amountMinor: 1234 });
    // Pre-sign and serialise everything, and open 8 keep-alive connections first, so the
    // 8 deliveries reach the receiver together.
    const bodies = Array.from({ length: 8 }, () => JSON.stringify(ctx.sign(ctx.payment(co)).body));
    await Promise.all(Array.from({ length: 8 }, () => ctx.get('/sandbox/info')));
    const rs = await Promise.all(bodies.map((b) => ctx.post(b)));
    t.eq(rs.map((r) => r.status), Array(8).fill(200), `round ${round}: HTTP statuses`);
    t.eq(rs.filter((r) => r.json?.result === 'APPLIED').length, 1, `round ${round}: number of APPLIED answers`);
    t.eq(rs.filter((r) => r.json?.result === 'DUPLICATE').length, 7, `round ${round}: number of DUPLICATE answers`);
    const c = await ctx.checkout(co.merchantPaymentId);
    t.eq([c?.settledMinor, c?.events?.length], [1234, 1], `round ${round}: checkout`);
    t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 1234, `round ${round}: balance`);
  }
});

scenario('flip-success-to-failed', 'SUCCESS then FAILED (§3.1) reverses the credit', async (ctx, t) => {
  const co = await ctx.createCheckout();
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'SUCCESS');
  res200(t, await ctx.send(ctx.payment(co, { status: 'FAILED', failedCode: 'ANOTHER_REASON' })), 'APPLIED', 'FAILED');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.failedCode, c?.settledMinor], ['FAILED', 'ANOTHER_REASON', 0], 'checkout');
  t.eq(c?.events?.map((e) => e.settledDeltaMinor), [2599, -2599], 'event deltas');
  t.eq(await ctx.balance(co.merchantUserId, 'USD'), { currency: 'USD', paidInMinor: 0, paidOutMinor: 0, balanceMinor: 0 }, 'balance');
});

scenario('flip-failed-to-success', 'FAILED then SUCCESS (§3.1) credits', async (ctx, t) => {
  const co = await ctx.createCheckout();
  res200(t, await ctx.send(ctx.payment(co, { status: 'FAILED', failedCode: 'INCORRECT_FIELDS' })), 'APPLIED', 'FAILED');
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'SUCCESS');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.failedCode, c?.settledMinor], ['SUCCESS', null, 2599], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 2599, 'balance');
});

scenario('flip-retry', 'SUCCESS, FAILED, then two retries of the FAILED: the credit is reversed once', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const out = [];
  out.push(await ctx.send(ctx.payment(co)));
  for (let i = 0; i < 3; i++) out.push(await ctx.send(ctx.payment(co, { status: 'FAILED', failedCode: 'ANOTHER_REASON' })));
  t.eq(out.map((r) => r.status), [200, 200, 200, 200], 'HTTP statuses');
  t.eq(out.map((r) => r.json?.result), ['APPLIED', 'APPLIED', 'DUPLICATE', 'DUPLICATE'], 'results');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.events?.length], ['FAILED', 0, 2], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 0, 'balance');
});

scenario('flip-back-and-forth', 'SUCCESS, FAILED, SUCCESS, SUCCESS(retry): credited exactly once at the end', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const seq = ['SUCCESS', 'FAILED', 'SUCCESS', 'SUCCESS'];
  const out = [];
  for (const s of seq) out.push(await ctx.send(ctx.payment(co, { status: s, failedCode: s === 'FAILED' ? 'ANOTHER_REASON' : null })));
  t.eq(out.map((r) => r.json?.result), ['APPLIED', 'APPLIED', 'APPLIED', 'DUPLICATE'], 'results');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.events?.length, c?.duplicates], ['SUCCESS', 2599, 3, 1], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 2599, 'balance');
});

scenario('pay-out-flip', 'PAY_OUT SUCCESS→FAILED returns the payout to the seller; FAILED→SUCCESS books it again', async (ctx, t) => {
  const co = await ctx.createCheckout({ type: 'PAY_OUT', currency: 'BDT', amountMinor: 150075 });
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'SUCCESS');
  res200(t, await ctx.send(ctx.payment(co, { status: 'FAILED', failedCode: 'ANOTHER_REASON' })), 'APPLIED', 'FAILED');
  t.eq(await ctx.balance(co.merchantUserId, 'BDT'), { currency: 'BDT', paidInMinor: 0, paidOutMinor: 0, balanceMinor: 0 }, 'balance after reversal');
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'SUCCESS again');
  t.eq((await ctx.balance(co.merchantUserId, 'BDT'))?.paidOutMinor, 150075, 'paidOut after second SUCCESS');
});

scenario('amount-mismatch', 'SUCCESS with another amount: 200 MISMATCH, recorded, nothing credited', async (ctx, t) => {
  const co = await ctx.createCheckout({ amountMinor: 2599 });
  const r1 = await ctx.send(ctx.payment(co, { amount: 25.98 }));
  res200(t, r1, 'MISMATCH', 'wrong amount');
  t.eq(r1.json?.reason, 'AMOUNT_MISMATCH', 'reason');
  res200(t, await ctx.send(ctx.payment(co, { amount: 25.98 })), 'MISMATCH', 'wrong amount retried');
  let c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.paymentId], ['CREATED', 0, null], 'checkout after mismatch');
  t.eq(c?.mismatches?.map((m) => [m.reason, m.amountMinor, m.count]), [['AMOUNT_MISMATCH', 2598, 2]], 'mismatches');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 0, 'balance after mismatch');
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'right amount');
  res200(t, await ctx.send(ctx.payment(co, { amount: 30.01 })), 'MISMATCH', 'other amount after SUCCESS');
  c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.mismatches?.length], ['SUCCESS', 2599, 2], 'checkout at end');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 2599, 'balance at end');
});

scenario('currency-mismatch', 'SUCCESS with the right number in another currency is not credited', async (ctx, t) => {
  const co = await ctx.createCheckout({ currency: 'USD', amountMinor: 2599 });
  const r = await ctx.send(ctx.payment(co, { currency: 'EUR' }));
  res200(t, r, 'MISMATCH', 'EUR postback');
  t.eq(r.json?.reason, 'CURRENCY_MISMATCH', 'reason');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.mismatches?.[0]?.currency], ['CREATED', 0, 'EUR'], 'checkout');
  const bal = await ctx.get(`/sandbox/users/${co.merchantUserId}/balance`);
  t.eq(bal.json?.accounts, [{ currency: 'USD', paidInMinor: 0, paidOutMinor: 0, balanceMinor: 0 }], 'accounts');
});

scenario('amount-decimal-forms', '10.50, 10.5, 7.0, 1.5e1 and JPY 1500 are the same numbers as the checkouts', async (ctx, t) => {
  const cases = [
    { minor: 1050, cur: 'USD', literal: '10.50' },
    { minor: 1050, cur: 'USD', literal: '10.5' },
    { minor: 700, cur: 'USD', literal: '7.0' },
    { minor: 1500, cur: 'USD', literal: '1.5e1' },
    { minor: 1500, cur: 'JPY', literal: '1500' },
  ];
  for (const k of cases) {
    const co = await ctx.createCheckout({ amountMinor: k.minor, currency: k.cur });
    const { body } = ctx.sign(ctx.payment(co));
    const text = JSON.stringify(body).replace(/"amount":[^,}]+/, `"amount":${k.literal}`);
    const r = await ctx.post(text);
    res200(t, r, 'APPLIED', `amount ${k.literal} ${k.cur}`);
    const c = await ctx.checkout(co.merchantPaymentId);
    t.eq(c?.settledMinor, k.minor, `settledMinor for ${k.literal} ${k.cur}`);
  }
});

scenario('amount-precision', 'amounts finer than the currency\'s minor unit do not match; 3-decimal currencies work', async (ctx, t) => {
  const usd = await ctx.createCheckout({ amountMinor: 1000, currency: 'USD' });
  const r = await ctx.send(ctx.payment(usd, { amount: 10.001 }));
  res200(t, r, 'MISMATCH', 'USD 10.001');
  t.eq(r.json?.reason, 'AMOUNT_MISMATCH', 'reason');
  const c = await ctx.checkout(usd.merchantPaymentId);
  t.eq([c?.settledMinor, c?.mismatches?.[0]?.amountMinor], [0, null], 'USD checkout');
  const kwd = await ctx.createCheckout({ amountMinor: 10001, currency: 'KWD' });
  res200(t, await ctx.send(ctx.payment(kwd, { amount: 10.001 })), 'APPLIED', 'KWD 10.001');
  t.eq((await ctx.balance(kwd.merchantUserId, 'KWD'))?.balanceMinor, 10001, 'KWD balance');
});

scenario('identity-mismatch', 'other user, other payment id or other method: not applied, recorded', async (ctx, t) => {
  const co = await ctx.createCheckout();
  let r = await ctx.send(ctx.payment(co, { merchantUserId: 'someone_else' }));
  res200(t, r, 'MISMATCH', 'other user');
  t.eq(r.json?.reason, 'USER_MISMATCH', 'reason other user');
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'genuine SUCCESS');
  r = await ctx.send(ctx.payment(co, { id: ctx.uid('pay'), status: 'FAILED', failedCode: 'ANOTHER_REASON' }));
  res200(t, r, 'MISMATCH', 'FAILED from another payment id');
  t.eq(r.json?.reason, 'PAYMENT_ID_CONFLICT', 'reason other payment id');
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.status, c?.settledMinor, c?.mismatches?.map((m) => m.reason)], ['SUCCESS', 2599, ['USER_MISMATCH', 'PAYMENT_ID_CONFLICT']], 'checkout');
  const co2 = await ctx.createCheckout();
  r = await ctx.send(ctx.payment(co2, { paymentMethodId: 'pm_other' }));
  t.eq(r.json?.reason, 'METHOD_MISMATCH', 'reason other method');
  await expectUntouched(t, ctx, co2, 'other method');
  const co3 = await ctx.createCheckout();
  res200(t, await ctx.send(ctx.payment(co3, { merchantUserId: undefined })), 'APPLIED', 'postback without merchantUserId');
});

scenario('unknown-checkout', 'postbacks for checkouts never created are parked (200), credit nothing, create nothing', async (ctx, t) => {
  const ghost = { merchantPaymentId: ctx.uid('co_ghost'), merchantUserId: ctx.uid('usr_ghost'), paymentMethodId: 'pm_bkash_01', currency: 'USD', amountMinor: 5000, paymentId: ctx.uid('pay'), createdAt: new Date().toISOString() };
  const r1 = await ctx.send(ctx.payment(ghost));
  res200(t, r1, 'PARKED', 'unknown merchantPaymentId');
  t.eq(r1.json?.reason, 'UNKNOWN_CHECKOUT', 'reason');
  res200(t, await ctx.send(ctx.payment(ghost)), 'PARKED', 'retry');
  t.eq((await ctx.get(`/sandbox/checkouts/${ghost.merchantPaymentId}`)).status, 404, 'checkout read-back');
  t.eq((await ctx.get(`/sandbox/users/${ghost.merchantUserId}/balance`)).status, 404, 'user read-back');
  const pk = await ctx.get(`/sandbox/parked?merchantPaymentId=${ghost.merchantPaymentId}`);
  t.eq(pk.json?.items?.map((i) => [i.reason, i.count, i.status]), [['UNKNOWN_CHECKOUT', 2, 'SUCCESS']], 'parked entry');
  const r2 = await ctx.send(ctx.payment({ ...ghost, paymentId: ctx.uid('pay') }, { merchantPaymentId: undefined }));
  t.eq([r2.status, r2.json?.result, r2.json?.reason], [200, 'PARKED', 'NO_MERCHANT_PAYMENT_ID'], 'no merchantPaymentId');
  const r3 = await ctx.send(ctx.payment(ghost, { merchantPaymentId: 'not an id!' }));
  t.eq([r3.status, r3.json?.result, r3.json?.reason], [200, 'PARKED', 'UNKNOWN_CHECKOUT'], 'malformed merchantPaymentId');
});

scenario('complaint-lifecycle', 'complaint COMPLETED→DECLINED→COMPLETED (§3.2) and a same-status update; no money moves', async (ctx, t) => {
  const co = await ctx.createCheckout();
  res200(t, await ctx.send(ctx.payment(co)), 'APPLIED', 'payment SUCCESS');
  const id = ctx.uid('cmp');
  const steps = [
    ['COMPLETED', '2025-03-01T10:05:00.000Z', 'APPLIED'],
    ['DECLINED', '2025-03-01T11:00:00.000Z', 'APPLIED'],
    ['COMPLETED', '2025-03-01T12:00:00.000Z', 'APPLIED'],
  ];
  for (const [status, updatedAt, want] of steps) {
    const r = await ctx.send(ctx.complaint(co, { id, status, updatedAt }));
    res200(t, r, want, `${status} @${updatedAt}`);
    t.eq(r.json?.kind, 'complaint', 'answer kind');
  }
  const r = await ctx.send(ctx.complaint(co, { id, status: 'COMPLETED', updatedAt: '2025-03-01T12:30:00.000Z', comment: 'refund confirmed' }));
  res200(t, r, 'UPDATED', 'same status, newer updatedAt');
  const c = (await ctx.get(`/sandbox/complaints/${id}`)).json;
  t.eq([c?.status, c?.checkoutKnown, c?.amountMinor, c?.comment, c?.updatedAt], ['COMPLETED', true, 2599, 'refund confirmed', '2025-03-01T12:30:00.000Z'], 'complaint');
  t.eq(c?.history?.map((h) => [h.status, h.result]), [['COMPLETED', 'APPLIED'], ['DECLINED', 'APPLIED'], ['COMPLETED', 'APPLIED'], ['COMPLETED', 'UPDATED']], 'history');
  const k = await ctx.checkout(co.merchantPaymentId);
  t.eq([k?.complaints, k?.settledMinor], [[id], 2599], 'checkout');
  t.eq((await ctx.balance(co.merchantUserId, 'USD'))?.balanceMinor, 2599, 'balance unchanged by complaints');
});

scenario('complaint-duplicate-and-stale', 'complaint retries: same updatedAt = duplicate, older updatedAt = stale; both 200', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const id = ctx.uid('cmp');
  const t1 = '2025-04-02T08:00:00.000Z';
  const t2 = '2025-04-02T09:00:00.000Z';
  const out = [];
  out.push(await ctx.send(ctx.complaint(co, { id, status: 'COMPLETED', updatedAt: t1 })));
  out.push(await ctx.send(ctx.complaint(co, { id, status: 'DECLINED', updatedAt: t2 })));
  out.push(await ctx.send(ctx.complaint(co, { id, status: 'COMPLETED', updatedAt: t1 })));
  out.push(await ctx.send(ctx.complaint(co, { id, status: 'DECLINED', updatedAt: t2 })));
  t.eq(out.map((r) => r.status), [200, 200, 200, 200], 'HTTP statuses');
  t.eq(out.map((r) => r.json?.result), ['APPLIED', 'APPLIED', 'STALE', 'DUPLICATE'], 'results');
  const c = (await ctx.get(`/sandbox/complaints/${id}`)).json;
  t.eq([c?.status, c?.updatedAt, c?.history?.length, c?.duplicates, c?.staleIgnored], ['DECLINED', t2, 2, 1, 1], 'complaint');
});

scenario('two-complaints-one-payment', 'two complaints about one payment are kept apart by complaint id', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const a = ctx.uid('cmpA');
  const b = ctx.uid('cmpB');
  res200(t, await ctx.send(ctx.complaint(co, { id: a, status: 'COMPLETED', updatedAt: '2025-05-05T10:00:00.000Z' })), 'APPLIED', 'complaint A');
  res200(t, await ctx.send(ctx.complaint(co, { id: b, status: 'DECLINED', createdAt: '2025-05-05T08:00:00.000Z', updatedAt: '2025-05-05T09:00:00.000Z' })), 'APPLIED', 'complaint B');
  const ca = await ctx.get(`/sandbox/complaints/${a}`);
  const cb = await ctx.get(`/sandbox/complaints/${b}`);
  t.eq([ca.status, ca.json?.status, ca.json?.complaintId], [200, 'COMPLETED', a], 'read-back A');
  t.eq([cb.status, cb.json?.status, cb.json?.complaintId], [200, 'DECLINED', b], 'read-back B');
  t.eq((await ctx.checkout(co.merchantPaymentId))?.complaints, [a, b], 'checkout complaints');
});

scenario('complaint-unknown-checkout', 'complaints for unknown checkouts are stored and flagged; other merchants\' complaints are parked', async (ctx, t) => {
  const id1 = ctx.uid('cmp');
  res200(t, await ctx.send(ctx.complaint(null, { id: id1, merchantPaymentId: ctx.uid('co_ghost') })), 'APPLIED', 'unknown merchantPaymentId');
  t.eq((await ctx.get(`/sandbox/complaints/${id1}`)).json?.checkoutKnown, false, 'checkoutKnown');
  const id2 = ctx.uid('cmp');
  res200(t, await ctx.send(ctx.complaint(null, { id: id2 })), 'APPLIED', 'no merchantPaymentId');
  t.eq((await ctx.get(`/sandbox/complaints/${id2}`)).json?.merchantPaymentId, null, 'merchantPaymentId null');
  const id3 = ctx.uid('cmp');
  const r = await ctx.send(ctx.complaint(null, { id: id3, merchantId: 'some-other-merchant' }));
  t.eq([r.status, r.json?.result, r.json?.reason], [200, 'PARKED', 'FOREIGN_MERCHANT'], 'foreign merchant');
  t.eq((await ctx.get(`/sandbox/complaints/${id3}`)).status, 404, 'foreign complaint not stored');
});

scenario('kind-detection', 'payment vs complaint told apart by members; ambiguous bodies are 400', async (ctx, t) => {
  const co = await ctx.createCheckout();
  err(t, await ctx.send({ ...ctx.payment(co), merchantId: ctx.config.merchantId }), 400, 'UNKNOWN_KIND', 'both markers');
  const neither = ctx.payment(co);
  delete neither.clientFieldsValues;
  err(t, await ctx.send(neither), 400, 'UNKNOWN_KIND', 'no marker');
  err(t, await ctx.send(ctx.payment(co, { status: 'COMPLETED' })), 400, 'INVALID_FIELD', 'payment with complaint status');
  err(t, await ctx.send(ctx.complaint(co, { status: 'SUCCESS' })), 400, 'INVALID_FIELD', 'complaint with payment status');
  await expectUntouched(t, ctx, co, 'after rejected bodies');
});

scenario('validation', 'authentic bodies that break §2.5/§2.6 are 400 INVALID_FIELD and change nothing', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const cases = [
    ['amount', { amount: undefined }],
    ['amount', { amount: '25.99' }],
    ['amount', { amount: 0 }],
    ['amount', { amount: -25.99 }],
    ['failedCode', { failedCode: 'NO_AMOUNT' }],
    ['failedCode', { failedCode: undefined }],
    ['failedCode', { status: 'FAILED', failedCode: null }],
    ['currency', { currency: 'usd' }],
    ['createdAt', { createdAt: '2025-03-01 10:00:00' }],
    ['clientFieldsValues[0]', { clientFieldsValues: [{ key: 1, value: 'x' }] }],
    ['id', { id: '' }],
  ];
  for (const [field, over] of cases) {
    const r = await ctx.send(ctx.payment(co, over));
    err(t, r, 400, 'INVALID_FIELD', `payment ${JSON.stringify(over)}`);
    t.eq(r.json?.field, field, `field for ${JSON.stringify(over)}`);
  }
  const r = await ctx.send(ctx.complaint(co, { updatedAt: undefined }));
  err(t, r, 400, 'INVALID_FIELD', 'complaint without updatedAt');
  t.eq(r.json?.field, 'updatedAt', 'complaint field');
  await expectUntouched(t, ctx, co, 'after invalid bodies');
});

scenario('auth-error-codes', '§5.4 codes: NO_LOGIN, NO_TOKEN, NO_KEY, UNAUTHORIZED; nothing applied', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const good = ctx.sign(ctx.payment(co)).body;
  const drop = (k) => {
    const b = { ...good };
    delete b[k];
    return b;
  };
  err(t, await ctx.post(drop('publicKey')), 401, 'NO_LOGIN', 'publicKey missing');
  err(t, await ctx.post({ ...good, publicKey: null }), 401, 'NO_LOGIN', 'publicKey null');
  err(t, await ctx.post(drop('hash')), 401, 'NO_TOKEN', 'hash missing');
  err(t, await ctx.post({ ...good, hash: '' }), 401, 'NO_TOKEN', 'hash empty');
  err(t, await ctx.post({ ...good, publicKey: 'not a key' }), 401, 'NO_KEY', 'publicKey garbage');
  err(t, await ctx.post({ ...good, publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n' }), 401, 'NO_KEY', 'publicKey broken PEM');
  err(t, await ctx.post({ ...good, hash: 12345 }), 401, 'UNAUTHORIZED', 'hash not a string');
  const tampered = { ...good, clientFieldsValues: [{ key: 'phone', value: '+8801799999999' }, good.clientFieldsValues[1]] };
  err(t, await ctx.post(tampered), 401, 'UNAUTHORIZED', 'body changed after signing');
  const otherInput = ctx.input === 'jcs-except-hash' ? 'sorted-except-publickey-hash' : 'jcs-except-hash';
  err(t, await ctx.send(ctx.payment(co), { input: otherInput }), 401, 'UNAUTHORIZED', `signed over ${otherInput}`);
  await expectUntouched(t, ctx, co, 'after rejected postbacks');
  res200(t, await ctx.post(good), 'APPLIED', 'the untampered original');
});

scenario('hook-token', 'the webhook needs the query token; wrong method/path rejected', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const body = ctx.sign(ctx.payment(co)).body;
  err(t, await ctx.post(body, { token: null }), 403, 'ACCESS_DENIED', 'no token');
  err(t, await ctx.post(body, { token: 'whk_wrong_token_0000000000' }), 403, 'ACCESS_DENIED', 'wrong token');
  const hp = ctx.config.webhookPath ?? '/hooks/psp';
  const tok = encodeURIComponent(ctx.config.webhookToken);
  err(t, await ctx.post(body, { path: `${hp}?token=${tok}&token=${tok}` }), 403, 'ACCESS_DENIED', 'token twice');
  err(t, await ctx.post(body, { path: `/hooks/other?token=${tok}` }), 404, 'NOT_FOUND', 'other path');
  const g = await ctx.get(`${hp}?token=${tok}`);
  t.eq(g.status, 405, 'GET on webhook');
  await expectUntouched(t, ctx, co, 'after rejected deliveries');
  res200(t, await ctx.post(body), 'APPLIED', 'right token');
});

scenario('attacker-key', 'postbacks signed with a key other than the pinned one are 401 and credit nothing', async (ctx, t) => {
  const co = await ctx.createCheckout();
  err(t, await ctx.send(ctx.payment(co), { role: 'attacker' }), 401, 'NO_KEY', 'attacker key + attacker publicKey');
  err(t, await ctx.send(ctx.payment(co), { role: 'attacker', publicKey: ctx.keys[ctx.pinned].pubPem }), 401, 'UNAUTHORIZED', 'attacker key + service publicKey');
  await expectUntouched(t, ctx, co, 'after attacker postbacks');
});

scenario('wrong-environment-key', 'a postback signed with the other environment\'s service key is 401 NO_KEY', async (ctx, t) => {
  const co = await ctx.createCheckout();
  err(t, await ctx.send(ctx.payment(co), { role: ctx.otherEnv }), 401, 'NO_KEY', `${ctx.otherEnv} key`);
  await expectUntouched(t, ctx, co, `after ${ctx.otherEnv}-key postback`);
});

scenario('hash-encoding-strict', 'a valid signature in another encoding, or non-canonical padding/case, is 401 UNAUTHORIZED', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const { body, sig } = ctx.sign(ctx.payment(co));
  const variants = [];
  if (ctx.encoding === 'base64') {
    variants.push(['hex', sig.toString('hex')]);
    const b64 = sig.toString('base64');
    variants.push(b64.endsWith('=') ? ['padding stripped', b64.replace(/=+$/, '')] : ['padding added', `${b64}==`]);
  } else if (ctx.encoding === 'base64url') {
    variants.push(['hex', sig.toString('hex')]);
    const u = sig.toString('base64url');
    variants.push(['padded', u + '='.repeat((4 - (u.length % 4)) % 4 || 2)]);
  } else {
    variants.push(['base64', sig.toString('base64')]);
    variants.push(['upper-case hex', sig.toString('hex').toUpperCase()]);
  }
  for (const [label, hash] of variants) err(t, await ctx.post({ ...body, hash }), 401, 'UNAUTHORIZED', label);
  await expectUntouched(t, ctx, co, 'after re-encoded hashes');
  res200(t, await ctx.post(body), 'APPLIED', `canonical ${ctx.encoding}`);
});

scenario('content-type', 'application/json with charset or in upper case, or no Content-Type, is accepted; other types 415', async (ctx, t) => {
  for (const ct of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', null]) {
    const co = await ctx.createCheckout();
    res200(t, await ctx.send(ctx.payment(co), { contentType: ct }), 'APPLIED', `Content-Type ${ct}`);
  }
  for (const ct of ['text/plain', 'application/json; charset=iso-8859-1']) {
    const co = await ctx.createCheckout();
    err(t, await ctx.send(ctx.payment(co), { contentType: ct }), 415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${ct}`);
    await expectUntouched(t, ctx, co, `after ${ct}`);
  }
});

scenario('many-client-fields', 'a postback with 2000 clientFieldsValues is acknowledged within 1000 ms', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const fields = Array.from({ length: 2000 }, (_, i) => ({ key: `field_${i}`, value: `value ${i} ${'x'.repeat(i % 17)}` }));
  const text = JSON.stringify(ctx.sign(ctx.payment(co, { clientFieldsValues: fields })).body);
  const r = await ctx.post(text);
  res200(t, r, 'APPLIED', '2000 fields');
  t.ok(r.ms <= 1000, `answered in ${r.ms.toFixed(0)} ms (budget 1000 ms)`);
  const c = await ctx.checkout(co.merchantPaymentId);
  t.eq([c?.settledMinor, c?.events?.[0]?.clientFieldsCount], [2599, 2000], 'checkout');
});

scenario('publickey-formatting', 'the pinned key in another PEM layout (CRLF, no final newline) is the same key', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const pem = ctx.keys[ctx.pinned].pubPem.trim().replace(/\n/g, '\r\n');
  res200(t, await ctx.send(ctx.payment(co), { publicKey: pem }), 'APPLIED', 'CRLF PEM');
});

scenario('body-formatting', 'whitespace, member order, escapes and unknown members do not matter; the signature covers values', async (ctx, t) => {
  const co = await ctx.createCheckout();
  const p = ctx.payment(co, {
    clientFieldsValues: [{ key: 'accountName', value: 'José "JJ" O\'Brien / ঢাকা \u0001 😀' }],
    meta: { 10: 'ten', 9: 'nine', b: [1, 2.5, { z: null, a: true }], A: 'upper' },
  });
  const { body } = ctx.sign(p);
  const reversed = Object.fromEntries(Object.entries(body).reverse());
  const text = JSON.stringify(reversed, null, 2).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  res200(t, await ctx.post(text), 'APPLIED', 'pretty, reversed, escaped');
  t.eq((await ctx.checkout(co.merchantPaymentId))?.settledMinor, 2599, 'settledMinor');
});

scenario('malformed-bodies', 'unparseable or oversized bodies: 400/413, nothing applied', async (ctx, t) => {
  err(t, await ctx.post('{"id": "x",'), 400, 'MALFORMED_JSON', 'truncated JSON');
  err(t, await ctx.post(''), 400, 'MALFORMED_JSON', 'empty body');
  err(t, await ctx.post('[1,2,3]'), 400, 'NOT_AN_OBJECT', 'array');
  err(t, await ctx.post(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), 400, 'MALFORMED_JSON', 'invalid UTF-8');
  const big = `{"pad":"${'x'.repeat((ctx.config.maxBodyBytes ?? 2097152) + 10)}"}`;
  err(t, await ctx.post(big), 413, 'BODY_TOO_LARGE', 'oversized body');
});

scenario('setup-validation', 'the sandbox setup call enforces the id rules and minor units', async (ctx, t) => {
  const post = (b) => ctx.post(JSON.stringify(b), { path: '/sandbox/checkouts' });
  const base = { merchantPaymentId: ctx.uid('co'), merchantUserId: ctx.uid('usr'), type: 'PAY_IN', paymentMethodId: 'pm_x', currency: 'USD', amountMinor: 100 };
  const bad = [
    ['amount', { amountMinor: undefined, amount: 1 }],
    ['amountMinor', { amountMinor: 10.5 }],
    ['amountMinor', { amountMinor: 0 }],
    ['merchantPaymentId', { merchantPaymentId: 'has space' }],
    ['merchantUserId', { merchantUserId: 'x'.repeat(65) }],
    ['type', { type: 'DEPOSIT' }],
    ['currency', { currency: 'XXX' }],
  ];
  for (const [field, over] of bad) {
    const r = await post({ ...base, ...over });
    t.eq([r.status, r.json?.error, r.json?.field], [400, 'INVALID_FIELD', field], `setup ${JSON.stringify(over)}`);
  }
  const ok = await post(base);
  t.eq([ok.status, ok.json?.status, ok.json?.amountMinor, ok.json?.settledMinor, ok.json?.paymentId], [201, 'CREATED', 100, 0, null], 'created');
  const again = await post(base);
  t.eq([again.status, again.json?.error], [409, 'ALREADY_EXISTS'], 'duplicate create');
  t.eq((await ctx.get(`/sandbox/checkouts/${ctx.uid('co_none')}`)).status, 404, 'unknown checkout read-back');
  t.eq((await ctx.get(`/sandbox/complaints/${ctx.uid('cmp_none')}`)).status, 404, 'unknown complaint read-back');
});

// ---------------------------------------------------------------------------------------------
// Runner
// ---------------------------------------------------------------------------------------------
export async function runScenarios({ baseUrl, configPath, keysDir = path.join(HERE, 'keys'), only = null, onResult = () => {} }) {
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
  const ctx = makeCtx({ baseUrl, config, keysDir });
  const results = [];
  for (const s of SCENARIOS) {
    if (only && !only.includes(s.name)) continue;
    const t = new Checks();
    const t0 = Date.now();
    try {
      await s.fn(ctx, t);
    } catch (e) {
      t.failures.push(`exception: ${e.message}`);
    }
    const r = { name: s.name, pass: t.failures.length === 0, failures: t.failures, ms: Date.now() - t0 };
    results.push(r);
    onResult(r);
  }
  return results;
}

export function startReceiver({ configPath, variant = 'M00', port = 0 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(HERE, 'receiver.mjs'), '--port', String(port), '--variant', variant, '--config', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errText = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`receiver did not start: ${errText}`));
    }, 10000);
    child.stderr.on('data', (d) => { errText += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        const exited = new Promise((r) => child.once('exit', (code, sig) => r({ code, sig })));
        resolve({
          url: m[1],
          stdout: () => out,
          stderr: () => errText,
          async stop() {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`receiver exited with ${code}: ${errText}`));
    });
  });
}

async function main() {
  const argv = process.argv.slice(2);
  const opt = { url: null, config: null, keys: path.join(HERE, 'keys'), only: null, spawn: false, variant: 'M00', verbose: false, list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--url') opt.url = argv[++i];
    else if (a === '--config') opt.config = argv[++i];
    else if (a === '--keys') opt.keys = argv[++i];
    else if (a === '--only') opt.only = argv[++i].split(',');
    else if (a === '--variant') opt.variant = argv[++i];
    else if (a === '--spawn') opt.spawn = true;
    else if (a === '--verbose') opt.verbose = true;
    else if (a === '--list') opt.list = true;
    else {
      process.stderr.write(`unknown argument ${a}\n`);
      process.exit(2);
    }
  }
  if (opt.list) {
    for (const s of SCENARIOS) process.stdout.write(`${s.name.padEnd(30)} ${s.about}\n`);
    return 0;
  }
  if (!opt.config || (!opt.url && !opt.spawn)) {
    process.stderr.write('usage: node sender.mjs (--url URL | --spawn [--variant Mxx]) --config FILE [--keys DIR] [--only a,b] [--verbose]\n');
    return 2;
  }
  let rx = null;
  if (opt.spawn) {
    rx = await startReceiver({ configPath: opt.config, variant: opt.variant });
    opt.url = rx.url;
  }
  let failed = 0;
  try {
    const results = await runScenarios({
      baseUrl: opt.url, configPath: opt.config, keysDir: opt.keys, only: opt.only,
      onResult: (r) => {
        if (!r.pass) failed++;
        process.stdout.write(`${r.pass ? 'PASS' : 'FAIL'} ${r.name}${opt.verbose ? ` (${r.ms} ms)` : ''}\n`);
        if (!r.pass) for (const f of r.failures.slice(0, opt.verbose ? 50 : 3)) process.stdout.write(`       ${f}\n`);
      },
    });
    process.stdout.write(`${results.length - failed}/${results.length} scenarios passed\n`);
  } finally {
    if (rx) await rx.stop();
    agent.destroy();
  }
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code), (e) => {
    process.stderr.write(`${e.stack}\n`);
    process.exit(2);
  });
}
