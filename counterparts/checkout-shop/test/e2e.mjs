// End-to-end check of the shop against fake-service.mjs.
// node test/e2e.mjs [--variants C00,C03] [--profiles ed25519-jcs-b64,rsa-jcs-hex] [--verbose 1]
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const a = {};
for (let i = 2; i < process.argv.length; i += 2) a[process.argv[i].slice(2)] = process.argv[i + 1];
const variants = (a.variants ?? Array.from({ length: 18 }, (_, i) => `C${String(i).padStart(2, '0')}`).join(',')).split(',');
const profiles = (a.profiles ?? 'ed25519-jcs-b64,rsa-jcs-hex').split(',');
const keysOf = { 'ed25519-jcs-b64': 'ed25519', 'rsa-jcs-hex': 'rsa' };

const freePort = () => new Promise((ok) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); }); });
async function start(args, marker) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((ok, ko) => {
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (out.includes(marker)) ok(); });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (c) => ko(new Error(`exited ${c}: ${out}`)));
  });
  return child;
}
async function call(method, url, body) {
  const r = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const t = await r.text();
  let j = null; try { j = JSON.parse(t); } catch { /* empty */ }
  return { status: r.status, body: j };
}

async function scenario(variant, profile) {
  const kind = keysOf[profile];
  const [sp, fp] = [await freePort(), await freePort()];
  const fake = await start(['fake-service.mjs', '--port', fp, '--signing', profile, '--keys', kind], 'fake service on');
  const shop = await start(['shop.mjs', '--config', `config/${kind}.json`, '--port', sp, '--service-url', `http://127.0.0.1:${fp}`, '--variant', variant], 'listening');
  const S = `http://127.0.0.1:${sp}`, F = `http://127.0.0.1:${fp}`;
  const res = {};
  const check = (name, cond) => { res[name] = !!cond; };
  const order = async (id) => (await call('GET', `${S}/test/orders/${id}`)).body ?? {};
  const pb = (b) => call('POST', `${F}/control/payment-postback`, { url: `${S}/postbacks/payment`, ...b }).then((r) => r.body);
  try {
    const pem = fs.readFileSync(path.join(root, 'keys', `shop-${kind}.pub.pem`), 'utf8');
    const c1 = await call('POST', `${S}/test/checkout`, { orderId: 'A1', amount: 12.34, buyer: 'alice' });
    const o1 = await order('A1');
    check('K01 checkout accepted (201, paymentId, AWAITING_PAYMENT)', c1.status === 201 && typeof c1.body?.paymentId === 'string' && o1.status === 'AWAITING_PAYMENT');
    const reqs = (await call('GET', `${F}/control/requests`)).body.requests;
    const r1 = reqs[0]?.body ?? {};
    check('K02 creation body well formed (signed, full PEM, accountId number, amount 12.34, merchantPaymentId A1, cfv array)',
      reqs[0]?.answer[0] === 200 && r1.publicKey === pem && typeof r1.accountId === 'number' && r1.amount === 12.34 && r1.merchantPaymentId === 'A1' && Array.isArray(r1.clientFieldsValues));
    await call('POST', `${S}/test/checkout`, { orderId: 'A2', amount: 5, buyer: 'bob' });
    const reqs2 = (await call('GET', `${F}/control/requests`)).body.requests;
    check('K03 second order sent with its own merchantPaymentId A2', reqs2[1]?.body?.merchantPaymentId === 'A2');
    const pid = o1.paymentId;
    let r = await pb({ paymentId: pid, status: 'SUCCESS' });
    let o = await order('A1');
    check('K04 SUCCESS postback acked 200, order PAID 12.34', r.httpStatus === 200 && o.status === 'PAID' && o.amountPaid === 12.34 && o.timesCredited === 1);
    r = await pb({ paymentId: pid, status: 'SUCCESS' });
    o = await order('A1');
    check('K05 retried SUCCESS acked 200, no second credit', r.httpStatus === 200 && o.status === 'PAID' && o.amountPaid === 12.34 && o.timesCredited === 1);
    r = await pb({ paymentId: pid, status: 'FAILED', failedCode: 'NO_AMOUNT' });
    o = await order('A1');
    check('K06 flip SUCCESS->FAILED applied (PAYMENT_FAILED, amountPaid 0)', r.httpStatus === 200 && o.status === 'PAYMENT_FAILED' && o.amountPaid === 0);
    r = await pb({ paymentId: pid, status: 'SUCCESS' });
    o = await order('A1');
    check('K07 flip FAILED->SUCCESS applied (PAID 12.34)', r.httpStatus === 200 && o.status === 'PAID' && o.amountPaid === 12.34);
    const snap = (x) => JSON.stringify([x.status, x.amountPaid, x.timesCredited]);
    let before = snap(await order('A1'));
    const flipTo = (await order('A1')).status === 'PAID' ? 'FAILED' : 'SUCCESS';
    r = await pb({ paymentId: pid, status: flipTo, signWith: 'attacker' });
    check('K08 postback signed with a non-pinned key refused (non-200, no effect)', r.httpStatus !== 200 && snap(await order('A1')) === before);
    before = snap(await order('A1'));
    r = await pb({ paymentId: pid, status: flipTo, signWith: 'none' });
    check('K09 postback with invalid hash refused (non-200, no effect)', r.httpStatus !== 200 && snap(await order('A1')) === before);
    r = (await call('POST', `${F}/control/send`, { url: `${S}/postbacks/payment`, body: { id: 'ffffffff-0000-4000-8000-000000000001', status: 'SUCCESS', failedCode: null,
      paymentMethodId: 'pm-card-usd', amount: 9.99, currency: 'USD', clientFieldsValues: [], merchantPaymentId: 'NOPE-1', createdAt: new Date().toISOString() } })).body;
    const unk = await call('GET', `${S}/test/orders/NOPE-1`);
    check('K10 postback for unknown order acked 200 and not credited', r.httpStatus === 200 && unk.status === 404);
    const p2 = (await order('A2')).paymentId;
    r = await pb({ paymentId: p2, status: 'SUCCESS', amount: 0.5 });
    o = await order('A2');
    check('K11 SUCCESS with different amount not credited (AMOUNT_MISMATCH)', r.httpStatus === 200 && o.status === 'AMOUNT_MISMATCH' && o.amountPaid === 0);
    const cmp = (status) => call('POST', `${F}/control/send`, { url: `${S}/postbacks/complaint`, body: { id: 'CMP-1', merchantId: 'm-1', merchantPaymentId: 'A1',
      paymentId: pid, status, amount: 12.34, currency: 'USD', comment: null, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: new Date().toISOString() } }).then((x) => x.body);
    const q1 = await cmp('COMPLETED'); const c1s = (await call('GET', `${S}/test/complaints/CMP-1`)).body;
    const q2 = await cmp('DECLINED'); const q3 = await cmp('DECLINED'); const c2s = (await call('GET', `${S}/test/complaints/CMP-1`)).body;
    check('K12 complaint postbacks acked 200, flip and duplicate handled', [q1, q2, q3].every((q) => q.httpStatus === 200)
      && c1s?.status === 'COMPLETED' && c1s?.orderId === 'A1' && c2s?.status === 'DECLINED' && c2s?.applied === 2 && c2s?.duplicates === 1);
    await call('POST', `${F}/control/refuse`, { status: 403, error: 'ACCESS_DENIED' });
    const c3 = await call('POST', `${S}/test/checkout`, { orderId: 'A3', amount: 7.5 });
    o = await order('A3');
    check('K13 refusal (403 ACCESS_DENIED) reported: 502 SERVICE_REFUSED, CREATION_REFUSED', c3.status === 502 && c3.body?.error === 'SERVICE_REFUSED' && o.status === 'CREATION_REFUSED');
    if (a.verbose) console.log(JSON.stringify({ A1: await order('A1'), log: (await call('GET', `${S}/test/postbacks`)).body }, null, 1));
  } finally { shop.kill(); fake.kill(); }
  return res;
}

const rows = [];
for (const profile of profiles) {
  for (const v of variants) {
    const res = await scenario(v, profile);
    const failed = Object.entries(res).filter(([, ok]) => !ok).map(([k]) => k.slice(0, 3));
    rows.push(`| ${v} | ${profile} | ${Object.values(res).filter(Boolean).length}/${Object.keys(res).length} | ${failed.join(' ') || '-'} |`);
    if (v === 'C00') for (const [k, ok] of Object.entries(res)) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${profile} ${k}`);
  }
}
console.log('\n| variant | signing | checks passed | failed checks |\n|---|---|---|---|\n' + rows.join('\n'));
