// Tiny fake payment service for testing the shop (NOT part of the shop).
// node fake-service.mjs --port 8800 --signing ed25519-jcs-b64 --keys ed25519 [--payment-method-id pm-card-usd] [--currency USD]
// Serves POST /api/payments/v1/pay_in (checks §5 auth with the shop's key) and a /control/* API to send signed postbacks.
import http from 'node:http';
import crypto from 'node:crypto';
import path from 'node:path';
import { resolveSigning, signBody, verifyBody, normKey, loadKeyFile } from './sign.mjs';

const a = {};
for (let i = 2; i < process.argv.length; i += 2) a[process.argv[i].slice(2)] = process.argv[i + 1];
const dir = path.dirname(new URL(import.meta.url).pathname);
const kind = a.keys ?? 'ed25519';
const signing = resolveSigning(a.signing ?? 'ed25519-jcs-b64');
const key = (who, part) => loadKeyFile(path.join(dir, 'keys', `${who}-${kind}.${part}.pem`));
const merchantPubText = key('shop', 'pub');
const merchantPub = crypto.createPublicKey(merchantPubText);
const signers = {
  service: { pub: key('service', 'pub'), priv: crypto.createPrivateKey(key('service', 'key')) },
  attacker: { pub: key('attacker', 'pub'), priv: crypto.createPrivateKey(key('attacker', 'key')) },
};
const methodId = a['payment-method-id'] ?? 'pm-card-usd';
const currency = a.currency ?? 'USD';
let refuse = null;          // {status, error} forced answer for creations
const requests = [];        // every creation request received
const payments = new Map(); // paymentId -> payment

function create(body) {
  if (!body || typeof body !== 'object') return [400, { error: 'body is not a JSON object' }];
  if (typeof body.publicKey !== 'string' || !body.publicKey) return [401, { error: 'NO_LOGIN' }];
  if (typeof body.hash !== 'string' || !body.hash) return [401, { error: 'NO_TOKEN' }];
  if (normKey(body.publicKey) !== normKey(merchantPubText)) return [401, { error: 'NO_KEY' }];
  if (!verifyBody(body, signing, merchantPub)) return [401, { error: 'UNAUTHORIZED' }];
  if (refuse) return [refuse.status, { error: refuse.error }];
  if (typeof body.accountId !== 'number') return [400, { error: 'accountId must be a number' }];
  if (typeof body.amount !== 'number') return [400, { error: 'amount must be a number' }];
  if (!Array.isArray(body.clientFieldsValues) || !body.clientFieldsValues.every((f) => typeof f?.key === 'string' && typeof f?.value === 'string'))
    return [400, { error: 'clientFieldsValues must be an array of {key,value}' }];
  if (body.paymentMethodId !== methodId) return [404, { error: 'NOT_FOUND' }];
  const p = { id: crypto.randomUUID(), status: 'PENDING', amount: body.amount, currency, paymentMethodId: methodId,
    clientFieldsValues: body.clientFieldsValues, merchantPaymentId: body.merchantPaymentId, merchantUserId: body.merchantUserId,
    postBackUrl: body.postBackUrl, createdAt: new Date().toISOString() };
  payments.set(p.id, p);
  return [200, { isSucceed: true, paymentId: p.id, info: { isSMSRequired: false, instruction: null, withDeepLink: false, showQR: false, deepLink: null } }];
}

// Sign (or not) and POST a postback body to url; returns the receiver's answer.
async function send(url, body, signWith = 'service') {
  const b = { ...body };
  if (signWith !== 'none') {
    b.publicKey = signers[signWith].pub;
    b.hash = signBody(b, signing, signers[signWith].priv);
  } else { b.publicKey = signers.service.pub; b.hash = 'not-a-signature'; }
  if (!/^http:\/\/127\.\d+\.\d+\.\d+[:/]/.test(url)) return { error: 'refusing non-loopback url' };
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  return { httpStatus: r.status, body: await r.text(), sent: b };
}

async function control(p, b) {
  if (p === '/control/refuse') { refuse = b?.status ? b : null; return [200, { refuse }]; }
  if (p === '/control/payment-postback') {
    const pay = b.paymentId ? payments.get(b.paymentId) : [...payments.values()].find((x) => x.merchantPaymentId === b.merchantPaymentId);
    if (!pay && !b.body) return [404, { error: 'no such payment' }];
    const body = { id: pay?.id, status: b.status, failedCode: b.status === 'SUCCESS' ? null : (b.failedCode ?? 'ANOTHER_REASON'),
      paymentMethodId: pay?.paymentMethodId, amount: b.amount ?? pay?.amount, currency: b.currency ?? pay?.currency,
      clientFieldsValues: pay?.clientFieldsValues, merchantPaymentId: pay?.merchantPaymentId, merchantUserId: pay?.merchantUserId,
      createdAt: pay?.createdAt, ...(b.body ?? {}) };
    if (pay) pay.status = b.status;
    return [200, await send(b.url ?? pay?.postBackUrl, body, b.signWith)];
  }
  if (p === '/control/send') return [200, await send(b.url, b.body, b.signWith)];
  return [404, { error: 'NOT_FOUND' }];
}

http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const raw = Buffer.concat(chunks).toString('utf8');
  let body = null; try { body = JSON.parse(raw); } catch { /* unparsable */ }
  const p = new URL(req.url, 'http://x').pathname;
  let out;
  if (req.method === 'POST' && p === '/api/payments/v1/pay_in') {
    out = body === null ? [400, { error: 'unparsable JSON' }] : create(body);
    requests.push({ at: new Date().toISOString(), body, answer: out });
  } else if (req.method === 'GET' && p === '/control/requests') out = [200, { requests }];
  else if (req.method === 'POST' && p.startsWith('/control/')) out = await control(p, body ?? {}).catch((e) => [500, { error: e.message }]);
  else out = [404, { error: 'NOT_FOUND' }];
  res.writeHead(out[0], { 'content-type': 'application/json' });
  res.end(JSON.stringify(out[1]));
}).listen(Number(a.port ?? 8800), '127.0.0.1', function () { console.log(`fake service on http://127.0.0.1:${this.address().port} signing=${JSON.stringify(signing)} keys=${kind}`); });
