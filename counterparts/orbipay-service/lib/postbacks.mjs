// Postback delivery: ordered per resource, retried until the merchant answers HTTP 200.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

export class PostbackDeliverer {
  // opts: { retryDelaysMs, timeoutMs, log, acceptAny2xx }
  constructor(opts) {
    this.opts = opts;
    this.queues = new Map(); // resourceId -> array of pending deliveries (head = in flight)
    this.deliveries = []; // log for the sandbox endpoint
    this.timers = new Set();
    this.stopped = false;
  }

  enqueue({ kind, resourceId, merchantId, url, body }) {
    const d = {
      deliveryId: randomUUID(),
      kind,
      resourceId,
      merchantId,
      url,
      status: body.status,
      raw: JSON.stringify(body),
      attempts: [],
      acknowledged: false,
    };
    this.deliveries.push(d);
    const q = this.queues.get(resourceId) || [];
    q.push(d);
    this.queues.set(resourceId, q);
    if (q.length === 1) this.#attempt(d);
    return d;
  }

  #after(ms, fn) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  async #attempt(d) {
    if (this.stopped) return;
    const n = d.attempts.length + 1;
    const at = new Date().toISOString();
    const result = await post(
      d.url,
      d.raw,
      {
        'X-Orbipay-Event': d.kind === 'payment' ? 'payment.status' : 'complaint.status',
        'X-Orbipay-Delivery': d.deliveryId,
        'X-Orbipay-Attempt': String(n),
      },
      this.opts.timeoutMs,
    );
    d.attempts.push({ at, result });
    const ok = this.opts.acceptAny2xx ? typeof result === 'number' && result >= 200 && result < 300 : result === 200;
    const delays = this.opts.retryDelaysMs;
    const wait = delays[Math.min(n - 1, delays.length - 1)];
    this.opts.log(
      `POSTBACK ${d.kind} ${d.resourceId} status=${d.status} attempt=${n} -> ${d.url} result=${result}` +
        (ok ? ' acknowledged' : ` next-in=${wait}ms`),
    );
    if (ok) {
      d.acknowledged = true;
      const q = this.queues.get(d.resourceId);
      q.shift();
      if (q.length) this.#attempt(q[0]);
      else this.queues.delete(d.resourceId);
    } else {
      this.#after(wait, () => this.#attempt(d));
    }
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
  }
}

function post(url, raw, headers, timeoutMs) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    try {
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(raw),
            'User-Agent': 'Orbipay-Postback/1.0 (sandbox)',
            ...headers,
          },
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => finish(res.statusCode));
          res.on('error', () => finish(res.statusCode));
        },
      );
      req.on('timeout', () => {
        req.destroy();
        finish('TIMEOUT');
      });
      req.on('error', (e) => finish(`ERROR ${e.code || e.message}`));
      req.end(raw);
    } catch (e) {
      finish(`ERROR ${e.message}`);
    }
  });
}
