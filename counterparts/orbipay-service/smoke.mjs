#!/usr/bin/env node
// Merchant-side smoke test of the Orbipay sandbox, written against README.md only.
//   node smoke.mjs                 clean run (spawns the service), every check must pass
//   node smoke.mjs --fault OB-07   run against a faulty service: its revealing check must fail, all others pass
//   node smoke.mjs --all           clean run + all 12 faults (3 at a time), prints a table
//   node smoke.mjs --url http://127.0.0.1:PORT   clean checks against an already running sandbox
// Options: --verbose (print service log), --json (machine output, used by --all)
import http from 'node:http';
import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (n) => {
  const i = argv.indexOf(n);
  return i >= 0 ? argv[i + 1] : undefined;
};
const FLAG = (n) => argv.includes(n);
const REVEALS = {
  'OB-01': 'A02',
  'OB-02': 'A05',
  'OB-03': 'B04',
  'OB-04': 'B05',
  'OB-05': 'C03',
  'OB-06': 'L03',
  'OB-07': 'L04',
  'OB-08': 'K05',
  'OB-09': 'P11',
  'OB-10': 'P06',
  'OB-11': 'P02',
  'OB-12': 'P08',
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const key = (f) => readFileSync(join(HERE, 'keys', f), 'utf8');

// ------------------------------------------------------------ signing (README "Computing hash")
function signingString(body) {
  const pairs = [];
  const add = (path, v) => {
    if (Array.isArray(v)) v.forEach((x, i) => add(`${path}.${i}`, x));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) add(`${path}.${k}`, x);
    else pairs.push([path, v === null ? '' : String(v)]);
  };
  for (const [k, v] of Object.entries(body)) if (k !== 'hash') add(k, v);
  pairs.sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}
const hashOf = (body, privPem) =>
  sign('sha256', Buffer.from(signingString(body)), { key: createPrivateKey(privPem), dsaEncoding: 'der' }).toString(
    'base64',
  );
function verifyPostback(body, orbipayPub) {
  if (typeof body.publicKey !== 'string' || body.publicKey.trim() !== orbipayPub.trim()) return false;
  try {
    return verify(
      'sha256',
      Buffer.from(signingString(body)),
      { key: createPublicKey(orbipayPub), dsaEncoding: 'der' },
      Buffer.from(body.hash, 'base64'),
    );
  } catch {
    return false;
  }
}

// ------------------------------------------------------------ HTTP helpers
function httpReq(method, url, raw, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        let json;
        try {
          json = JSON.parse(buf.toString('utf8'));
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, headers: res.headers, buf, json });
      });
    });
    req.on('error', reject);
    req.end(raw);
  });
}

class Receiver {
  // the merchant's postback endpoint: /pb/<name>, answers per script (default 200)
  constructor() {
    this.hits = [];
    this.scripts = {};
    this.counts = {};
  }
  start() {
    this.server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const name = req.url.replace(/^\/pb\//, '');
        const n = (this.counts[name] = (this.counts[name] ?? 0) + 1);
        const script = this.scripts[name] ?? [200];
        const code = script[Math.min(n - 1, script.length - 1)];
        const raw = Buffer.concat(chunks).toString('utf8');
        let body;
        try {
          body = JSON.parse(raw);
        } catch {
          body = {};
        }
        this.hits.push({ name, t: Date.now(), raw, body, headers: req.headers, code });
        res.writeHead(code, { 'Content-Type': 'text/plain' });
        res.end(code === 200 ? '' : 'not now');
      });
    });
    return new Promise((r) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.base = `http://127.0.0.1:${this.server.address().port}`;
        r();
      }),
    );
  }
  url(name) {
    return `${this.base}/pb/${name}`;
  }
  got(name, id) {
    return this.hits.filter((h) => h.name === name && (id === undefined || h.body.id === id));
  }
}

// ------------------------------------------------------------ checks
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(actual, expected, what) {
  if (!isDeepStrictEqual(actual, expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
const err = (r, status, code, what) => {
  assert(
    r.status === status && r.json && typeof r.json.error === 'string' && (code === undefined || r.json.error === code),
    `${what}: expected ${status} ${code ?? '<text>'}, got ${r.status} ${r.buf.toString().slice(0, 120)}`,
  );
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REC_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const PB_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function runSuite(base, log) {
  const results = [];
  const check = async (id, title, fn) => {
    try {
      await fn();
      results.push({ id, title, ok: true });
      log(`PASS ${id} ${title}`);
    } catch (e) {
      results.push({ id, title, ok: false, why: e.message });
      log(`FAIL ${id} ${title}\n       ${e.message}`);
    }
  };
  const DEMO = { pub: key('demo-merchant.pub.pem'), priv: key('demo-merchant.key.pem') };
  const SECOND = { pub: key('second-merchant.pub.pem'), priv: key('second-merchant.key.pem') };
  const ORBIPAY_PUB = key('orbipay-postback.pub.pem');
  const tag = randomBytes(3).toString('hex');
  const rx = new Receiver();
  await rx.start();
  rx.scripts.retry = [500, 202, 200];

  const api = async (path, body, { m = DEMO, mutate } = {}) => {
    const b = { publicKey: m.pub, ...body };
    b.hash = hashOf(b, m.priv);
    if (mutate) mutate(b);
    return httpReq('POST', base + path, JSON.stringify(b));
  };
  const P = {
    in: (b, o) => api('/api/payments/v1/pay_in', b, o),
    out: (b, o) => api('/api/payments/v1/pay_out', b, o),
    get: (b, o) => api('/api/payments/v1/get_payment', b, o),
    list: (b, o) => api('/api/payments/v1/get_payments', b, o),
    cget: (b, o) => api('/api/complaints/v1/get_complaint', b, o),
    cnew: (b, o) => api('/api/complaints/v1/create', b, o),
    sbxPay: (b) => api('/api/sandbox/v1/payments/set_status', b),
    sbxCom: (b) => api('/api/sandbox/v1/complaints/set_status', b),
  };
  const CARD_FIELDS = [
    { key: 'cardNumber', value: '4111111111111111' },
    { key: 'cardHolder', value: 'ASHA RAO' },
    { key: 'cardExpiry', value: '09/29' },
  ];
  const card = (extra = {}) => ({
    accountId: 41001,
    paymentMethodId: 'pm_card_inr',
    amount: 150.5,
    clientFieldsValues: CARD_FIELDS,
    ...extra,
  });
  const EUR_FIELDS = [
    { key: 'cardNumber', value: '5555555555554444' },
    { key: 'cardHolder', value: 'JANE DOE' },
  ];
  const eur = (extra = {}) => ({
    accountId: 42001,
    paymentMethodId: 'pm_payout_card_eur',
    amount: 25.75,
    clientFieldsValues: EUR_FIELDS,
    ...extra,
  });
  const mk = async (fn, body) => {
    const r = await fn(body);
    assert(r.status === 200, `setup create failed: ${r.status} ${r.buf}`);
    return { ...r.json, body };
  };

  // ---------------- phase A: start the time-dependent scenarios
  const t0 = Date.now();
  await api('/api/sandbox/v1/merchant/postback_url', { postBackUrl: rx.url('registered') });
  const basicBody = card({
    merchantPaymentId: `smk-basic-${tag}`,
    merchantUserId: `user-${tag}`,
    postBackUrl: rx.url('basic'),
  });
  const basicRes = await P.in(basicBody);
  const basic = basicRes.json ?? {};
  const pFail = await mk(
    P.in,
    card({ merchantPaymentId: `sbx-fail-INCORRECT_AMOUNT-${tag}`, postBackUrl: rx.url('fail') }),
  );
  const pRl = await mk(P.out, eur({ merchantPaymentId: `sbx-fail-RECIPIENT_LIMIT-${tag}`, postBackUrl: rx.url('rl') }));
  const pRetry = await mk(P.in, card({ merchantPaymentId: `smk-retry-${tag}`, postBackUrl: rx.url('retry') }));
  const pFlip = await mk(P.in, card({ merchantPaymentId: `sbx-flip-${tag}`, postBackUrl: rx.url('flip') }));
  const pReg = await mk(P.in, card({ merchantPaymentId: `smk-registered-${tag}` }));
  const pPend = await mk(P.in, card({ merchantPaymentId: `sbx-pending-${tag}`, postBackUrl: rx.url('quiet') }));
  const pNc = await mk(P.in, card({ merchantPaymentId: `sbx-needcheck-${tag}`, postBackUrl: rx.url('quiet') }));
  const pNc2 = await mk(P.in, card({ merchantPaymentId: `sbx-needcheck-b-${tag}`, postBackUrl: rx.url('nc') }));
  const pSbxFlip = await mk(P.in, card({ merchantPaymentId: `smk-sbxflip-${tag}`, postBackUrl: rx.url('sbxflip') }));
  const smsRes = await P.in({
    accountId: 41004,
    paymentMethodId: 'pm_wallet_bdt',
    amount: 500,
    clientFieldsValues: [{ key: 'walletPhone', value: '01712345678' }],
    merchantPaymentId: `smk-sms-${tag}`,
    postBackUrl: rx.url('sms'),
  });
  const codes = ['INCORRECT_AMOUNT', 'NO_AMOUNT', 'INCORRECT_FIELDS', 'RECIPIENT_LIMIT', 'ANOTHER_REASON'];
  const failPays = [];
  for (const c of codes)
    failPays.push(
      await mk(
        c === 'RECIPIENT_LIMIT' ? P.out : P.in,
        (c === 'RECIPIENT_LIMIT' ? eur : card)({
          merchantPaymentId: `sbx-fail-${c}-x-${tag}`,
          postBackUrl: rx.url('other'),
        }),
      ),
    );
  const cPays = [];
  for (let i = 0; i < 5; i++)
    cPays.push(
      await mk(
        P.in,
        card({ merchantPaymentId: `smk-c${i}-${tag}`, merchantUserId: `cu-${i}`, postBackUrl: rx.url('other') }),
      ),
    );
  const cmp = {};
  for (const [i, kind] of [
    [0, 'complete'],
    [1, 'decline'],
    [2, 'flip'],
    [3, 'review'],
    [4, 'pending'],
  ]) {
    const ident = kind === 'review' ? `TXN-${tag}` : `sbx-${kind}-${tag}`;
    const r = await P.cnew({
      paymentId: cPays[i].paymentId,
      postBackUrl: rx.url(`c-${kind}`),
      identifier: ident,
      comment: 'User says money left the account',
      creditedMerchantPaymentId: `credited-${i}`,
    });
    cmp[kind] = r;
  }
  // list batch in an isolated window
  await sleep(5);
  const w0 = Date.now() / 1000;
  const batch = [];
  for (let i = 0; i < 12; i++)
    batch.push(
      await mk(
        P.in,
        card({ amount: 100.25 + i, merchantPaymentId: `smk-L-s-${i}-${tag}`, postBackUrl: rx.url('batch') }),
      ),
    );
  for (let i = 0; i < 6; i++)
    batch.push(
      await mk(
        P.in,
        card({ amount: 200 + i, merchantPaymentId: `sbx-fail-NO_AMOUNT-L-${i}-${tag}`, postBackUrl: rx.url('batch') }),
      ),
    );
  for (let i = 0; i < 6; i++)
    batch.push(
      await mk(
        P.out,
        eur({ amount: 10.5 + i, merchantPaymentId: `smk-L-o-${i}-${tag}`, postBackUrl: rx.url('batch') }),
      ),
    );
  for (let i = 0; i < 6; i++)
    batch.push(
      await mk(
        P.in,
        card({ amount: 300 + i, merchantPaymentId: `sbx-pending-L-${i}-${tag}`, postBackUrl: rx.url('batch') }),
      ),
    );
  await sleep(5);
  const w1 = Date.now() / 1000;
  const batchIds = new Set(batch.map((b) => b.paymentId));

  // ---------------- phase B1: checks that need no waiting
  await check('A01', 'missing publicKey -> 401 NO_LOGIN', async () =>
    err(await P.in(card(), { mutate: (b) => delete b.publicKey }), 401, 'NO_LOGIN', 'pay_in'),
  );
  await check('A02', 'missing hash -> 401 NO_TOKEN', async () =>
    err(await P.in(card(), { mutate: (b) => delete b.hash }), 401, 'NO_TOKEN', 'pay_in'),
  );
  await check('A03', 'unregistered publicKey -> 401 NO_KEY', async () => {
    const k = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    err(
      await P.get({ paymentId: basic.paymentId }, { m: { pub: k.publicKey, priv: k.privateKey } }),
      401,
      'NO_KEY',
      'get_payment',
    );
  });
  await check('A04', 'body changed after signing (pay_in) -> 401 UNAUTHORIZED', async () =>
    err(
      await P.in(card(), {
        mutate: (b) => {
          b.amount = 9999;
        },
      }),
      401,
      'UNAUTHORIZED',
      'pay_in',
    ),
  );
  await check('A05', 'body changed after signing (status check) -> 401 UNAUTHORIZED', async () =>
    err(
      await P.get(
        { paymentId: basic.paymentId },
        {
          mutate: (b) => {
            b.merchantPaymentId = 'x';
          },
        },
      ),
      401,
      'UNAUTHORIZED',
      'get_payment',
    ),
  );
  await check('A06', 'body changed after signing (list) -> 401 UNAUTHORIZED', async () =>
    err(
      await P.list(
        { createdAtFrom: w0, createdAtTo: w1 },
        {
          mutate: (b) => {
            b.take = 3;
          },
        },
      ),
      401,
      'UNAUTHORIZED',
      'get_payments',
    ),
  );
  await check('A07', 'malformed JSON -> 400 with text error', async () =>
    err(await httpReq('POST', `${base}/api/payments/v1/pay_in`, '{"publicKey": '), 400, undefined, 'pay_in'),
  );
  await check('A08', 'neither publicKey nor hash -> 401 NO_LOGIN', async () =>
    err(
      await httpReq('POST', `${base}/api/payments/v1/get_payment`, '{"paymentId":"x"}'),
      401,
      'NO_LOGIN',
      'get_payment',
    ),
  );
  await check(
    'A09',
    "demo publicKey with another merchant's signature / non-base64 hash -> 401 UNAUTHORIZED",
    async () => {
      err(
        await P.list({ createdAtFrom: w0, createdAtTo: w1 }, { m: { pub: DEMO.pub, priv: SECOND.priv } }),
        401,
        'UNAUTHORIZED',
        'foreign signature',
      );
      err(
        await P.in(card(), {
          mutate: (b) => {
            b.hash = 'not base64!';
          },
        }),
        401,
        'UNAUTHORIZED',
        'garbage hash',
      );
    },
  );
  await check('A10', 'publicKey file with CRLF line ends is recognised', async () => {
    const r = await P.get(
      { paymentId: basic.paymentId },
      { m: { pub: DEMO.pub.replace(/\n/g, '\r\n'), priv: DEMO.priv } },
    );
    eq(r.status, 200, 'status');
  });
  await check('A11', "another merchant cannot read the demo merchant's payment -> 404", async () =>
    err(await P.get({ paymentId: basic.paymentId }, { m: SECOND }), 404, 'NOT_FOUND', 'second merchant'),
  );

  await check('M01', 'payment_methods lists enabled methods with fields and bounds, not pm_wire_usd', async () => {
    const r = await api('/api/payments/v1/payment_methods', {});
    eq(r.status, 200, 'status');
    const ids = r.json.paymentMethods.map((m) => m.id).sort();
    eq(
      ids,
      ['pm_bank_pkr', 'pm_card_inr', 'pm_payout_bank_kzt', 'pm_payout_card_eur', 'pm_upi_inr', 'pm_wallet_bdt'],
      'ids',
    );
    const c = r.json.paymentMethods.find((m) => m.id === 'pm_card_inr');
    eq(
      [c.type, c.currencyCode, c.accountId, c.minAmount, c.maxAmount, c.isAttachmentRequired],
      ['PAY_IN', 'INR', 41001, 100, 200000, false],
      'pm_card_inr',
    );
    eq(
      c.clientFields.map((f) => f.id),
      ['cardNumber', 'cardHolder', 'cardExpiry'],
      'clientFields',
    );
  });
  await check('M02', 'payment_methods filter type=PAY_OUT', async () => {
    const r = await api('/api/payments/v1/payment_methods', { type: 'PAY_OUT' });
    eq(r.json.paymentMethods.map((m) => m.id).sort(), ['pm_payout_bank_kzt', 'pm_payout_card_eur'], 'ids');
  });

  await check('B01', 'card PAY_IN -> 200 isSucceed, UUID paymentId, info members, no formUrl', async () => {
    eq(basicRes.status, 200, 'status');
    assert(basic.isSucceed === true && UUID.test(basic.paymentId), `bad response ${JSON.stringify(basic)}`);
    eq(
      basic.info,
      { isSMSRequired: false, instruction: null, withDeepLink: false, showQR: false, deepLink: null },
      'info',
    );
    assert(!('formUrl' in basic), 'formUrl present');
  });
  await check('B02', 'external PAY_IN -> formUrl, deep links, QR; formUrl page served', async () => {
    const r = await P.in({
      accountId: 41002,
      paymentMethodId: 'pm_upi_inr',
      amount: 499,
      clientFieldsValues: [{ key: 'payerVpa', value: 'asha.rao@okbank' }],
      successRedirectUrl: 'https://shop.example/ok',
      failureRedirectUrl: 'https://shop.example/fail',
      postBackUrl: rx.url('other'),
    });
    eq(r.status, 200, 'status');
    const { formUrl, info } = r.json;
    assert(typeof formUrl === 'string' && formUrl.startsWith(base), `formUrl ${formUrl}`);
    eq([info.withDeepLink, info.showQR, info.isSMSRequired], [true, true, false], 'info flags');
    assert(
      typeof info.deepLink.paytm === 'string' &&
        typeof info.deepLink.phonepe === 'string' &&
        info.deepLink.gpay === null,
      `deepLink ${JSON.stringify(info.deepLink)}`,
    );
    eq((await httpReq('GET', formUrl)).status, 200, 'GET formUrl');
  });
  await check('B03', 'unknown payment method -> 404 NOT_FOUND', async () =>
    err(await P.in(card({ paymentMethodId: 'pm_nope' })), 404, 'NOT_FOUND', 'pay_in'),
  );
  await check('B04', 'method without access (pm_wire_usd) -> 403 ACCESS_DENIED', async () =>
    err(
      await P.out({
        accountId: 42003,
        paymentMethodId: 'pm_wire_usd',
        amount: 500,
        clientFieldsValues: [
          { key: 'swift', value: 'DEUTDEFF' },
          { key: 'accountNumber', value: 'DE89370400440532013000' },
        ],
      }),
      403,
      'ACCESS_DENIED',
      'pay_out',
    ),
  );
  const pkr = (extra) => ({
    accountId: 41003,
    paymentMethodId: 'pm_bank_pkr',
    amount: 2500,
    clientFieldsValues: [
      { key: 'senderIban', value: 'PK36SCBL0000001123456702' },
      { key: 'senderName', value: 'Ali Khan' },
    ],
    postBackUrl: rx.url('other'),
    ...extra,
  });
  await check('B05', 'attachment-required method without attachmentId -> 400', async () =>
    err(await P.in(pkr({})), 400, undefined, 'pay_in'),
  );
  await check('B06', 'media upload, payment with attachmentId, attachment in status, image served', async () => {
    const up = await api('/api/media/v1/upload', { fileName: 'receipt.png', contentType: 'image/png', data: PNG_1x1 });
    eq(up.status, 200, 'upload status');
    assert(typeof up.json.id === 'string' && up.json.url.startsWith(base), `upload ${JSON.stringify(up.json)}`);
    const img = await httpReq('GET', up.json.url);
    assert(img.status === 200 && img.buf.equals(Buffer.from(PNG_1x1, 'base64')), 'image bytes differ');
    const r = await P.in(pkr({ attachmentId: up.json.id }));
    eq(r.status, 200, 'pay_in status');
    assert(typeof r.json.info.instruction === 'string', 'instruction missing');
    const s = await P.get({ paymentId: r.json.paymentId });
    eq(s.json.attachment, { id: up.json.id, url: up.json.url }, 'attachment');
    err(await P.in(pkr({ attachmentId: up.json.id })), 400, undefined, 'media reused');
  });
  await check('B07', 'amount below min, above max, too many decimals -> 400', async () => {
    for (const amount of [99.99, 200000.01, 150.123])
      err(await P.in(card({ amount })), 400, undefined, `amount ${amount}`);
  });
  await check('B08', 'client field format / missing required / unknown key -> 400', async () => {
    err(
      await P.in(card({ clientFieldsValues: [{ key: 'cardNumber', value: '4111' }, ...CARD_FIELDS.slice(1)] })),
      400,
      undefined,
      'bad format',
    );
    err(await P.in(card({ clientFieldsValues: CARD_FIELDS.slice(0, 2) })), 400, undefined, 'missing field');
    err(
      await P.in(card({ clientFieldsValues: [...CARD_FIELDS, { key: 'cvv', value: '123' }] })),
      400,
      undefined,
      'unknown field',
    );
  });
  await check('B09', 'PAY_OUT KZT -> 200; type mismatch between path and method -> 400', async () => {
    const r = await P.out({
      accountId: 42002,
      paymentMethodId: 'pm_payout_bank_kzt',
      amount: 15000,
      clientFieldsValues: [
        { key: 'iban', value: 'KZ86125KZT5004100100' },
        { key: 'beneficiaryName', value: 'Aigerim Sadykova' },
      ],
      postBackUrl: rx.url('other'),
    });
    assert(
      r.status === 200 && r.json.isSucceed === true && UUID.test(r.json.paymentId),
      `pay_out ${r.status} ${r.buf}`,
    );
    err(await P.out(card()), 400, undefined, 'PAY_IN method on pay_out');
    err(await P.in(eur()), 400, undefined, 'PAY_OUT method on pay_in');
  });
  await check('B10', 'accountId not matching the method -> 400', async () =>
    err(await P.in(card({ accountId: 41002 })), 400, undefined, 'pay_in'),
  );
  await check('B11', 'duplicate merchantPaymentId -> 400', async () =>
    err(await P.in(card({ merchantPaymentId: `smk-basic-${tag}` })), 400, undefined, 'pay_in'),
  );
  await check('B12', 'postBackUrl outside 127.0.0.0/8 -> 400', async () =>
    err(await P.in(card({ postBackUrl: 'http://10.1.2.3/cb' })), 400, undefined, 'pay_in'),
  );
  await check('B13', 'required member missing / wrong type -> 400', async () => {
    const b = card();
    delete b.amount;
    err(await P.in(b), 400, undefined, 'no amount');
    err(await P.in(card({ accountId: '41001' })), 400, undefined, 'accountId as string');
  });

  await check('S01', 'SMS method -> info.isSMSRequired true', async () => {
    eq(smsRes.status, 200, 'status');
    eq(smsRes.json.info.isSMSRequired, true, 'isSMSRequired');
  });
  await check('C01', 'new payment is PENDING', async () => {
    const r = await mk(P.in, card({ postBackUrl: rx.url('other') }));
    eq((await P.get({ paymentId: r.paymentId })).json.status, 'PENDING', 'status');
  });
  await check('C04', 'unknown paymentId + known merchantPaymentId -> found by merchantPaymentId', async () => {
    const r = await P.get({ paymentId: '00000000-0000-4000-8000-000000000000', merchantPaymentId: `smk-basic-${tag}` });
    eq([r.status, r.json.id], [200, basic.paymentId], 'found');
  });
  await check('C05', 'status check without paymentId and merchantPaymentId -> 422 LOOKUP_FIELD_REQUIRED', async () =>
    err(await P.get({}), 422, 'LOOKUP_FIELD_REQUIRED', 'get_payment'),
  );
  await check('C06', 'unknown payment -> 404 NOT_FOUND', async () =>
    err(await P.get({ merchantPaymentId: 'does-not-exist' }), 404, 'NOT_FOUND', 'get_payment'),
  );

  await check('K01', 'complaint creation -> PENDING complaint record', async () => {
    const r = cmp.review;
    eq(r.status, 200, 'status');
    const c = r.json;
    assert(
      UUID.test(c.id) && c.paymentId === cPays[3].paymentId && c.merchantPaymentId === `smk-c3-${tag}`,
      `complaint ${JSON.stringify(c)}`,
    );
    eq(
      [c.status, c.paymentMethodId, c.currencyCode, c.amount, c.merchantUserId],
      ['PENDING', 'pm_card_inr', 'INR', 150.5, 'cu-3'],
      'members',
    );
    assert(REC_TS.test(c.createdAt) && REC_TS.test(c.updatedAt), `timestamps ${c.createdAt} ${c.updatedAt}`);
  });
  await check('K02', 'complaint lookup by id, paymentId and merchantPaymentId', async () => {
    const id = cmp.pending.json.id;
    for (const q of [{ id }, { paymentId: cPays[4].paymentId }, { merchantPaymentId: `smk-c4-${tag}` }]) {
      const r = await P.cget(q);
      eq([r.status, r.json.id], [200, id], JSON.stringify(q));
    }
  });
  await check('K03', 'complaint lookup precedence id > paymentId > merchantPaymentId', async () => {
    eq(
      (await P.cget({ id: cmp.pending.json.id, paymentId: cPays[3].paymentId })).json.id,
      cmp.pending.json.id,
      'id wins',
    );
    eq(
      (await P.cget({ paymentId: cPays[3].paymentId, merchantPaymentId: `smk-c4-${tag}` })).json.id,
      cmp.review.json.id,
      'paymentId wins',
    );
    eq(
      (await P.cget({ id: '00000000-0000-4000-8000-000000000000', merchantPaymentId: `smk-c4-${tag}` })).json.id,
      cmp.pending.json.id,
      'fallback',
    );
  });
  await check('K04', 'complaint: no lookup field -> 422; no postBackUrl -> 400; unknown payment -> 404', async () => {
    err(await P.cget({}), 422, 'LOOKUP_FIELD_REQUIRED', 'get_complaint');
    err(await P.cnew({ paymentId: cPays[0].paymentId }), 400, undefined, 'create without postBackUrl');
    err(
      await P.cnew({ merchantPaymentId: 'nope', postBackUrl: rx.url('other') }),
      404,
      'NOT_FOUND',
      'create for unknown payment',
    );
  });
  await check('K05', 'unknown complaint -> 404 NOT_FOUND', async () =>
    err(await P.cget({ id: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND', 'get_complaint'),
  );

  // ---------------- phase B2: after the sandbox outcome delay (1 s)
  await sleep(Math.max(0, t0 + 1600 - Date.now()));
  await sleep(Math.max(0, w1 * 1000 + 1300 - Date.now()));
  await check('C02', 'status check returns the full payment record', async () => {
    const r = await P.get({ paymentId: basic.paymentId });
    eq(r.status, 200, 'status');
    const p = r.json;
    eq(
      [
        p.id,
        p.status,
        p.currencyCode,
        p.paymentMethodId,
        p.amount,
        p.merchantPaymentId,
        p.merchantUserId,
        p.postBackUrl,
      ],
      [basic.paymentId, 'SUCCESS', 'INR', 'pm_card_inr', 150.5, `smk-basic-${tag}`, `user-${tag}`, rx.url('basic')],
      'members',
    );
    eq(p.clientFieldsValues, CARD_FIELDS, 'clientFieldsValues');
    assert(!('failedCode' in p), 'failedCode present on SUCCESS');
    assert(REC_TS.test(p.createdAt) && Math.abs(Date.parse(p.createdAt) - t0) < 5000, `createdAt ${p.createdAt}`);
  });
  await check('C03', 'paymentId and merchantPaymentId of different payments -> paymentId wins', async () => {
    const r = await P.get({ paymentId: pFail.paymentId, merchantPaymentId: `smk-basic-${tag}` });
    eq([r.status, r.json.id], [200, pFail.paymentId], 'found');
  });
  await check('C07', 'magic sbx-fail-<CODE> -> FAILED with that failedCode (all 5 codes)', async () => {
    for (const [i, c] of codes.entries()) {
      const r = await P.get({ paymentId: failPays[i].paymentId });
      eq([r.json.status, r.json.failedCode], ['FAILED', c], c);
    }
  });
  await check('C08', 'magic sbx-pending stays PENDING, sbx-needcheck -> NEED_CHECK', async () => {
    eq((await P.get({ paymentId: pPend.paymentId })).json.status, 'PENDING', 'pending');
    eq((await P.get({ paymentId: pNc.paymentId })).json.status, 'NEED_CHECK', 'needcheck');
  });
  await check('C09', 'sandbox set_status: NEED_CHECK -> SUCCESS ok; SUCCESS -> NEED_CHECK rejected', async () => {
    const r = await P.sbxPay({ paymentId: pNc2.paymentId, status: 'SUCCESS' });
    eq([r.status, r.json.status], [200, 'SUCCESS'], 'set SUCCESS');
    err(await P.sbxPay({ paymentId: pNc2.paymentId, status: 'NEED_CHECK' }), 400, undefined, 'illegal transition');
    eq(
      (await P.sbxPay({ paymentId: pSbxFlip.paymentId, status: 'FAILED', failedCode: 'NO_AMOUNT' })).status,
      200,
      'flip to FAILED',
    );
  });
  await check('S02', 'SMS payment waits for the code (still PENDING after the outcome delay)', async () =>
    eq((await P.get({ paymentId: smsRes.json.paymentId })).json.status, 'PENDING', 'status'),
  );
  await check('S03', 'wrong SMS code -> 400 SMS_CODE_INVALID; 123456 -> 200', async () => {
    err(
      await api('/api/payments/v1/confirm_sms', { paymentId: smsRes.json.paymentId, code: '000000' }),
      400,
      'SMS_CODE_INVALID',
      'wrong code',
    );
    const r = await api('/api/payments/v1/confirm_sms', { paymentId: smsRes.json.paymentId, code: '123456' });
    eq([r.status, r.json.isSucceed], [200, true], 'confirm');
  });
  await check(
    'K06',
    'complaint without magic -> NEED_CHECK; sandbox APPROVED -> COMPLETED; backwards rejected',
    async () => {
      const id = cmp.review.json.id;
      eq((await P.cget({ id })).json.status, 'NEED_CHECK', 'after 1 s');
      eq((await P.sbxCom({ id, status: 'APPROVED' })).json.status, 'APPROVED', 'approve');
      eq(
        (await P.sbxCom({ id, status: 'COMPLETED', comment: 'credited manually' })).json.status,
        'COMPLETED',
        'complete',
      );
      err(await P.sbxCom({ id, status: 'APPROVED' }), 400, undefined, 'backwards');
    },
  );

  const L = (extra) => P.list({ createdAtFrom: w0, createdAtTo: w1, ...extra });
  await check('L01', 'empty interval -> 200, empty page, zero totals, nextId null', async () => {
    const r = await P.list({ createdAtFrom: 1000, createdAtTo: 2000 });
    eq(r.json, { payments: [], total: 0, totalSucceed: 0, totalFailed: 0, amounts: [], nextId: null }, 'body');
  });
  let page1;
  await check('L02', 'default page size 25, newest first, nextId is a UUID', async () => {
    const r = await L({});
    page1 = r.json;
    eq(r.status, 200, 'status');
    eq(page1.payments.length, 25, 'page length');
    const ts = page1.payments.map((p) => Date.parse(p.createdAt));
    assert(
      ts.every((t, i) => i === 0 || t <= ts[i - 1]),
      'not newest first',
    );
    assert(
      page1.payments.every((p) => batchIds.has(p.id)),
      'foreign payment in window',
    );
    assert(UUID.test(page1.nextId), `nextId ${page1.nextId}`);
  });
  await check('L03', 'total counts all matching payments, not the page', async () =>
    eq((await L({ take: 7 })).json.total, 30, 'total'),
  );
  await check('L04', 'paging with take=7 via nextId returns each payment exactly once', async () => {
    const seen = [];
    let fromId;
    let pages = 0;
    do {
      const r = await L({ take: 7, ...(fromId ? { fromId } : {}) });
      eq(r.status, 200, 'status');
      seen.push(...r.json.payments.map((p) => p.id));
      fromId = r.json.nextId;
      pages++;
    } while (fromId && pages < 20);
    eq(seen.length, 30, 'items seen');
    eq(new Set(seen).size, 30, 'distinct items');
    eq(pages, 5, 'pages');
  });
  await check('L05', 'totalSucceed, totalFailed, amounts (minor units, SUCCESS only)', async () => {
    const r = (await L({ take: 1 })).json;
    const inr = Array.from({ length: 12 }, (_, i) => Math.round((100.25 + i) * 100)).reduce((a, b) => a + b);
    const eurSum = Array.from({ length: 6 }, (_, i) => Math.round((10.5 + i) * 100)).reduce((a, b) => a + b);
    eq([r.totalSucceed, r.totalFailed], [18, 6], 'counts');
    eq(
      r.amounts,
      [
        { total: eurSum, currencyCode: 'EUR' },
        { total: inr, currencyCode: 'INR' },
      ],
      'amounts',
    );
  });
  await check('L06', 'last page has nextId null', async () => {
    const r = await L({ fromId: page1.nextId });
    eq([r.status, r.json.nextId], [200, null], 'last page');
  });
  await check('L07', 'unknown fromId -> 404 NOT_FOUND', async () =>
    err(await L({ fromId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND', 'get_payments'),
  );
  await check('L08', 'filters type, status, currencyCode', async () => {
    eq((await L({ take: 200, type: 'PAY_OUT' })).json.payments.length, 6, 'PAY_OUT');
    eq((await L({ take: 200, status: 'PENDING' })).json.payments.length, 6, 'PENDING');
    eq((await L({ take: 200, currencyCode: 'EUR' })).json.payments.length, 6, 'EUR');
    eq(
      (await L({ take: 200, status: 'FAILED', currencyCode: 'INR' })).json.payments.every(
        (p) => p.failedCode === 'NO_AMOUNT',
      ),
      true,
      'FAILED INR',
    );
  });
  await check('L09', 'interval is Unix seconds, half-open [createdAtFrom, createdAtTo)', async () => {
    const p = page1.payments[3];
    const t = Date.parse(p.createdAt) / 1000;
    const inc = await P.list({ createdAtFrom: t, createdAtTo: t + 0.001, take: 200 });
    assert(
      inc.json.payments.some((x) => x.id === p.id),
      'not included at createdAtFrom == createdAt',
    );
    const exc = await P.list({ createdAtFrom: t - 5, createdAtTo: t, take: 200 });
    assert(!exc.json.payments.some((x) => x.id === p.id), 'included at createdAtTo == createdAt');
  });
  await check('L10', 'take 0 / 201, millisecond timestamps, missing createdAtTo -> 400', async () => {
    err(await L({ take: 0 }), 400, undefined, 'take 0');
    err(await L({ take: 201 }), 400, undefined, 'take 201');
    err(await P.list({ createdAtFrom: w0 * 1000, createdAtTo: w1 * 1000 }), 400, undefined, 'milliseconds');
    err(await P.list({ createdAtFrom: w0 }), 400, undefined, 'no createdAtTo');
  });

  // ---------------- phase C: postbacks (wait for the flips and the retry schedule)
  const done = () =>
    rx.got('retry').length >= 3 &&
    rx.got('flip').length >= 3 &&
    rx.got('c-flip').length >= 3 &&
    rx.got('sbxflip').length >= 3;
  while (!done() && Date.now() < t0 + 16000) {
    if (rx.got('sbxflip').length === 2 && !pSbxFlip.flippedBack) {
      pSbxFlip.flippedBack = true;
      await P.sbxPay({ paymentId: pSbxFlip.paymentId, status: 'SUCCESS' });
    }
    await sleep(200);
  }
  await sleep(300);
  const only = (name, id) => rx.got(name, id).map((h) => h.body);
  const PAY_ALLOWED = [
    'publicKey',
    'hash',
    'id',
    'status',
    'failedCode',
    'paymentMethodId',
    'amount',
    'currency',
    'clientFieldsValues',
    'merchantPaymentId',
    'merchantUserId',
    'createdAt',
  ];
  await check('P01', 'payment postback body members (currency, not currencyCode; createdAt ms Z)', async () => {
    const bs = only('basic', basic.paymentId);
    eq(bs.length, 1, 'postbacks');
    const b = bs[0];
    for (const k of [
      'publicKey',
      'hash',
      'id',
      'status',
      'paymentMethodId',
      'amount',
      'currency',
      'clientFieldsValues',
      'createdAt',
    ])
      assert(k in b, `missing ${k}`);
    for (const k of Object.keys(b)) assert(PAY_ALLOWED.includes(k), `unexpected member ${k}`);
    eq(
      [b.status, b.paymentMethodId, b.amount, b.currency, b.merchantPaymentId, b.merchantUserId],
      ['SUCCESS', 'pm_card_inr', 150.5, 'INR', `smk-basic-${tag}`, `user-${tag}`],
      'values',
    );
    eq(b.clientFieldsValues, CARD_FIELDS, 'clientFieldsValues');
    const rec = (await P.get({ paymentId: basic.paymentId })).json;
    assert(
      PB_TS.test(b.createdAt) && Date.parse(b.createdAt) === Date.parse(rec.createdAt),
      `createdAt ${b.createdAt} vs ${rec.createdAt}`,
    );
  });
  await check('P02', 'SUCCESS payment postback carries failedCode: null', async () => {
    const b = only('basic', basic.paymentId)[0] ?? {};
    assert(
      'failedCode' in b && b.failedCode === null,
      `failedCode ${JSON.stringify(b.failedCode)} (present: ${'failedCode' in b})`,
    );
  });
  await check('P03', 'FAILED payment postback carries its failedCode', async () => {
    const bs = only('fail', pFail.paymentId);
    eq(
      bs.map((b) => [b.status, b.failedCode]),
      [['FAILED', 'INCORRECT_AMOUNT']],
      'postbacks',
    );
  });
  await check('P04', 'RECIPIENT_LIMIT: status check says RECIPIENT_LIMIT, postback says ANOTHER_REASON', async () => {
    eq((await P.get({ paymentId: pRl.paymentId })).json.failedCode, 'RECIPIENT_LIMIT', 'record');
    eq(
      only('rl', pRl.paymentId).map((b) => [b.status, b.failedCode, b.currency]),
      [['FAILED', 'ANOTHER_REASON', 'EUR']],
      'postbacks',
    );
  });
  const retry = rx.got('retry', pRetry.paymentId);
  await check('P05', 'after a 500 the postback is retried ~2 s later', async () => {
    assert(retry.length >= 2, `attempts ${retry.length}`);
    const gap = retry[1].t - retry[0].t;
    assert(retry[0].code === 500 && gap >= 1500 && gap <= 4000, `gap ${gap} ms`);
  });
  await check('P06', 'a 202 is not an acknowledgement: retried ~7 s later until 200, then stops', async () => {
    eq(
      retry.map((h) => h.code),
      [500, 202, 200],
      'answers',
    );
    const gap = retry[2].t - retry[1].t;
    assert(gap >= 6000 && gap <= 9500, `gap ${gap} ms`);
  });
  await check('P07', 'retries carry the identical body and X-Orbipay-Attempt 1,2,..', async () => {
    assert(retry.length >= 2 && retry.every((h) => h.raw === retry[0].raw), 'bodies differ');
    eq(
      retry.map((h) => h.headers['x-orbipay-attempt']),
      retry.map((_, i) => String(i + 1)),
      'attempt header',
    );
  });
  await check('P08', 'status flips send new postbacks: SUCCESS, FAILED, SUCCESS (magic and sandbox)', async () => {
    eq(
      only('flip', pFlip.paymentId).map((b) => (b.status === 'FAILED' ? `FAILED/${b.failedCode}` : b.status)),
      ['SUCCESS', 'FAILED/ANOTHER_REASON', 'SUCCESS'],
      'sbx-flip',
    );
    eq(
      only('sbxflip', pSbxFlip.paymentId).map((b) => b.status),
      ['SUCCESS', 'FAILED', 'SUCCESS'],
      'sandbox flip',
    );
  });
  await check('P09', 'no postBackUrl -> postback goes to the registered merchant URL', async () =>
    eq(
      only('registered', pReg.paymentId).map((b) => b.status),
      ['SUCCESS'],
      'registered',
    ),
  );
  await check('P10', 'no postback for PENDING / NEED_CHECK payments', async () =>
    eq(rx.got('quiet').length, 0, 'postbacks'),
  );
  await check('P11', 'every postback (payment and complaint) validates with the Orbipay postback key', async () => {
    assert(rx.hits.length > 20, `only ${rx.hits.length} postbacks`);
    const badOnes = rx.hits.filter((h) => !verifyPostback(h.body, ORBIPAY_PUB));
    eq(
      badOnes.map((h) => `${h.name}:${h.body.status}`),
      [],
      'invalid signatures',
    );
  });
  await check('P12', 'SMS-confirmed payment -> SUCCESS postback; sandbox NEED_CHECK -> SUCCESS postback', async () => {
    eq(
      only('sms', smsRes.json.paymentId).map((b) => b.status),
      ['SUCCESS'],
      'sms',
    );
    eq(
      only('nc', pNc2.paymentId).map((b) => b.status),
      ['SUCCESS'],
      'need check resolved',
    );
  });
  const CMP_ALLOWED = [
    'publicKey',
    'hash',
    'id',
    'merchantId',
    'paymentMethodId',
    'currency',
    'merchantPaymentId',
    'creditedMerchantPaymentId',
    'merchantUserId',
    'identifier',
    'paymentId',
    'status',
    'comment',
    'amount',
    'createdAt',
    'updatedAt',
  ];
  await check('P13', 'complaint postback (sbx-complete): COMPLETED with the 2.6 members', async () => {
    const bs = only('c-complete', cmp.complete.json.id);
    eq(bs.length, 1, 'postbacks');
    const b = bs[0];
    for (const k of Object.keys(b)) assert(CMP_ALLOWED.includes(k), `unexpected member ${k}`);
    eq(
      [
        b.status,
        b.merchantId,
        b.paymentId,
        b.paymentMethodId,
        b.currency,
        b.merchantPaymentId,
        b.merchantUserId,
        b.identifier,
        b.creditedMerchantPaymentId,
        b.amount,
      ],
      [
        'COMPLETED',
        'm_demo_7f3a',
        cPays[0].paymentId,
        'pm_card_inr',
        'INR',
        `smk-c0-${tag}`,
        'cu-0',
        `sbx-complete-${tag}`,
        'credited-0',
        150.5,
      ],
      'values',
    );
    assert(
      PB_TS.test(b.createdAt) && PB_TS.test(b.updatedAt) && b.updatedAt >= b.createdAt,
      `timestamps ${b.createdAt} ${b.updatedAt}`,
    );
  });
  await check('P14', 'complaint postback (sbx-decline): DECLINED', async () =>
    eq(
      only('c-decline', cmp.decline.json.id).map((b) => b.status),
      ['DECLINED'],
      'postbacks',
    ),
  );
  await check('P15', 'complaint flip: COMPLETED, DECLINED, COMPLETED postbacks; status check agrees', async () => {
    eq(
      only('c-flip', cmp.flip.json.id).map((b) => b.status),
      ['COMPLETED', 'DECLINED', 'COMPLETED'],
      'postbacks',
    );
    eq((await P.cget({ id: cmp.flip.json.id })).json.status, 'COMPLETED', 'status');
  });
  await check('P16', 'complaint moved by sandbox endpoint -> one COMPLETED postback with the new comment', async () =>
    eq(
      only('c-review', cmp.review.json.id).map((b) => [b.status, b.comment]),
      [['COMPLETED', 'credited manually']],
      'postbacks',
    ),
  );
  await check('P17', 'complaint with sbx-pending stays PENDING, no postback', async () => {
    eq((await P.cget({ id: cmp.pending.json.id })).json.status, 'PENDING', 'status');
    eq(rx.got('c-pending').length, 0, 'postbacks');
  });
  rx.server.close();
  return results;
}

// ------------------------------------------------------------ orchestration
function startService(fault, verbose) {
  return new Promise((resolve, reject) => {
    const args = [
      join(HERE, 'service.mjs'),
      '--config',
      join(HERE, 'config.json'),
      '--port',
      '0',
      ...(fault ? ['--fault', fault] : []),
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stderr.on('data', (d) => {
      if (verbose) process.stderr.write(d);
    });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) resolve({ child, base: m[1], stdout: () => out });
    });
    child.on('exit', (code) => reject(new Error(`service exited early (${code})`)));
    setTimeout(() => reject(new Error('service did not start in 5 s')), 5000);
  });
}

async function runOnce(fault, { verbose, quiet }) {
  const log = quiet ? () => {} : (s) => console.log(s);
  const url = opt('--url');
  if (url) return runSuite(url, log);
  const svc = await startService(fault, verbose);
  const results = await runSuite(svc.base, log);
  const code = await new Promise((r) => {
    svc.child.removeAllListeners('exit');
    svc.child.on('exit', (c) => r(c));
    svc.child.kill('SIGTERM');
  });
  const x = { id: 'X01', title: 'one stdout line "listening on http://127.0.0.1:<port>"; SIGTERM -> exit 0' };
  const lines = svc.stdout().split('\n').filter(Boolean);
  results.push({ ...x, ok: lines.length === 1 && code === 0, why: `stdout lines ${lines.length}, exit ${code}` });
  log(`${lines.length === 1 && code === 0 ? 'PASS' : 'FAIL'} X01 ${x.title}`);
  return results;
}

function verdict(fault, results) {
  const failed = results.filter((r) => !r.ok).map((r) => r.id);
  if (!fault) return { ok: failed.length === 0, failed };
  return { ok: failed.length === 1 && failed[0] === REVEALS[fault], failed };
}

async function runChild(fault) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--json', ...(fault ? ['--fault', fault] : [])],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        resolve({ fault, error: out.slice(-500) });
      }
    });
  });
}

async function main() {
  if (FLAG('--all')) {
    const t = Date.now();
    const runs = [null, ...Object.keys(REVEALS)];
    const out = new Array(runs.length);
    let next = 0;
    await Promise.all(
      [0, 1, 2].map(async () => {
        while (next < runs.length) {
          const i = next++;
          out[i] = await runChild(runs[i]);
        }
      }),
    );
    let allOk = true;
    console.log('run    | checks | expected failing | failing            | verdict');
    console.log('-------|--------|------------------|--------------------|--------');
    for (const [i, r] of out.entries()) {
      const f = runs[i] ?? 'clean';
      if (r.error) {
        allOk = false;
        console.log(`${f.padEnd(6)} | error: ${r.error}`);
        continue;
      }
      allOk &&= r.ok;
      console.log(
        `${f.padEnd(6)} | ${String(r.passed).padStart(2)}/${String(r.total).padEnd(3)} | ${(runs[i] ? REVEALS[runs[i]] : '-').padEnd(16)} | ${(r.failed.join(',') || '-').padEnd(18)} | ${r.ok ? 'OK' : 'MISMATCH'}`,
      );
      if (!r.ok) for (const x of r.details) console.log(`         ${x.id}: ${x.why}`);
    }
    console.log(
      `\n${allOk ? 'ALL OK' : 'SOME RUNS MISMATCHED'}: clean run passes every check and each of the ${runs.length - 1} faults is revealed by exactly its own check (${((Date.now() - t) / 1000).toFixed(0)} s)`,
    );
    process.exit(allOk ? 0 : 1);
  }
  const fault = opt('--fault') ?? null;
  const json = FLAG('--json');
  const results = await runOnce(fault, { verbose: FLAG('--verbose'), quiet: json });
  const v = verdict(fault, results);
  const passed = results.filter((r) => r.ok).length;
  if (json) {
    console.log(
      JSON.stringify({
        fault,
        ok: v.ok,
        failed: v.failed,
        passed,
        total: results.length,
        details: results.filter((r) => !r.ok),
      }),
    );
  } else {
    console.log(
      `\n${passed}/${results.length} checks passed` +
        (fault
          ? `; fault ${fault}: expected only ${REVEALS[fault]} to fail, failing: ${v.failed.join(',') || 'none'} -> ${v.ok ? 'REVEALED' : 'MISMATCH'}`
          : ''),
    );
  }
  process.exit(v.ok ? 0 : 1);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
