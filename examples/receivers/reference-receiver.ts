/**
 * A reference receiver of the service's postbacks (§4.6, §6): the one a merchant would copy. Node's http and crypto
 * and `canonicalize` (RFC 8785) only, so that it reads the same in any stack.
 *
 * - One endpoint, POST /postbacks, takes both kinds: a complaint postback (§2.6) is the one with merchantId and
 *   updatedAt, a payment postback (§2.5) any other.
 * - It verifies before anything else: publicKey must be the service key the merchant pinned (never the one the body
 *   names), and hash a signature by that key of the RFC 8785 form of the body without hash (the kit's default signing
 *   input, design brief §4). Anything else is refused (401), and refused bodies change nothing.
 * - It answers exactly 200 to every authentic postback, a repeat included: the service retries until it gets 200
 *   (§6.2), so a 200 is what stops the retries.
 * - Applying is a function of the postback, not an increment: a payment's credit is its amount when SUCCESS and 0
 *   when FAILED, so a retry has no second effect and a flip (§6.3) moves the credit the right way. A complaint
 *   postback older (updatedAt) than the one applied is acknowledged and ignored: a late retry never undoes a flip.
 * - Payments are the shop's orders: POST /merchant/orders creates one before its payment (profile
 *   receiver.expectedPayments). A postback of a payment no order expects is acknowledged and parked, never credited;
 *   one whose amount or currency differs from its order's is recorded, not credited.
 * - In the real integration (createdOnService) its checkout creates the order and then the payment on the service:
 *   POST /merchant/checkout (examples/receivers/checkout.ts), when the receiver is started with one.
 * - GET /merchant/payments/{id} and GET /merchant/complaints/{id} read the merchant's state back (what
 *   `certify-receiver` checks the effects through; profile `receiver.readBack`).
 *
 * Run it alone: `npx tsx examples/receivers/reference-receiver.ts --port 8090 --service-public-key FILE`.
 */
import { createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import canonicalize from 'canonicalize';

/** The largest body read: a postback is a few hundred bytes; anything far larger is refused unread (413). */
const MAX_BODY_BYTES = 64 * 1024;

export interface PaymentRecord {
  status: 'SUCCESS' | 'FAILED';
  failedCode: string | null;
  /** What the merchant credited the user for this payment. */
  credited: number;
  /** The postback's money, where it differs from its order's. */
  mismatch?: { amount: number; currency: string };
}

/** A payment the shop expects: its checkout created it before the payment (POST /merchant/orders). */
export interface OrderRecord {
  amount: number;
  currency: string;
}

export interface ComplaintRecord {
  status: 'COMPLETED' | 'DECLINED';
  updatedAt: string;
}

/** The merchant's state, as the postbacks left it. */
export interface MerchantStore {
  readonly payments: Map<string, PaymentRecord>;
  readonly complaints: Map<string, ComplaintRecord>;
  /** The payments the shop expects, by its own merchantPaymentId. */
  readonly orders: Map<string, OrderRecord>;
  /** Authentic payment postbacks of no payment the shop expects: parked for reconciliation, never credited. */
  readonly unmatched: string[];
}

export type Postback = Record<string, unknown>;

/**
 * The receiver's steps, each replaceable: examples/receivers/faulty-receivers.ts builds the faulty receivers of the
 * certification's fault matrix by replacing one.
 */
export interface ReceiverSteps {
  /** The body as a JSON object, or undefined to refuse it (400). */
  parse(raw: Buffer): Postback | undefined;
  /** Whether the service signed it with the pinned key. */
  verify(body: Postback, raw: Buffer): boolean;
  /** Applies an authentic payment postback; returns the status to answer. */
  applyPayment(body: Postback): number;
  /** Applies an authentic complaint postback; returns the status to answer. */
  applyComplaint(body: Postback): number;
}

export interface ReceiverConfig {
  /** The service's public key (PEM), as the merchant pinned it at onboarding (§5.2). */
  readonly servicePublicKey: string;
}

const PAYMENT_STATUSES = new Set(['SUCCESS', 'FAILED']);
const COMPLAINT_STATUSES = new Set(['COMPLETED', 'DECLINED']);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The reference steps over a store and a pinned key. */
export function referenceSteps(config: ReceiverConfig, store: MerchantStore): ReceiverSteps {
  const key: KeyObject = createPublicKey(config.servicePublicKey);
  // RSA signs a SHA-256 digest (PKCS#1 v1.5); Ed25519 hashes by itself.
  const digest = key.asymmetricKeyType === 'ed25519' ? null : 'sha256';
  return {
    parse(raw) {
      try {
        const body: unknown = JSON.parse(raw.toString('utf8'));
        return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Postback) : undefined;
      } catch {
        return undefined;
      }
    },
    verify(body) {
      const { hash, ...signed } = body;
      if (typeof hash !== 'string' || typeof body.publicKey !== 'string') return false;
      if (!sameText(body.publicKey, config.servicePublicKey)) return false;
      const input = canonicalize(signed);
      if (input === undefined) return false;
      // Strictly: only the exact base64 text of a signature (Node's decoder alone would take any alphabet, padding or
      // white space, so one postback could be written many ways).
      const signature = Buffer.from(hash, 'base64');
      if (signature.toString('base64') !== hash) return false;
      return verify(digest, Buffer.from(input), key, signature);
    },
    applyPayment(body) {
      const { id, status, amount, failedCode, merchantPaymentId, currency } = body;
      if (typeof id !== 'string' || typeof status !== 'string' || !PAYMENT_STATUSES.has(status)) return 400;
      if (typeof amount !== 'number') return 400;
      const order = typeof merchantPaymentId === 'string' ? store.orders.get(merchantPaymentId) : undefined;
      // A payment the shop never expected is no order's: acknowledged (retrying cannot fix it), parked, not credited.
      if (order === undefined) {
        store.unmatched.push(id);
        return 200;
      }
      // Money that differs from the order's is recorded, never credited: it waits for a person.
      const matches = amount === order.amount && currency === order.currency;
      store.payments.set(id, {
        status: status as PaymentRecord['status'],
        failedCode: typeof failedCode === 'string' ? failedCode : null,
        credited: status === 'SUCCESS' && matches ? amount : 0,
        ...(matches ? {} : { mismatch: { amount, currency: String(currency) } }),
      });
      return 200;
    },
    applyComplaint(body) {
      const { id, status, updatedAt } = body;
      if (typeof id !== 'string' || typeof status !== 'string' || !COMPLAINT_STATUSES.has(status)) return 400;
      if (typeof updatedAt !== 'string') return 400;
      const known = store.complaints.get(id);
      // Older than what is applied: a late retry. Acknowledged (it was received) and ignored.
      if (known !== undefined && Date.parse(updatedAt) < Date.parse(known.updatedAt)) return 200;
      store.complaints.set(id, { status: status as ComplaintRecord['status'], updatedAt });
      return 200;
    },
  };
}

/** A complaint postback (§2.6) carries merchantId and updatedAt; a payment postback (§2.5) neither. */
export function isComplaintPostback(body: Postback): boolean {
  return typeof body.merchantId === 'string' && typeof body.updatedAt === 'string';
}

/** What POST /postbacks answers to these bytes. */
export function receive(steps: ReceiverSteps, raw: Buffer): number {
  const body = steps.parse(raw);
  if (body === undefined) return 400;
  if (!steps.verify(body, raw)) return 401;
  return isComplaintPostback(body) ? steps.applyComplaint(body) : steps.applyPayment(body);
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(text);
}

/** The read-back endpoints: the merchant's state for one payment or complaint, 404 when nothing was applied. */
function readBack(store: MerchantStore, pathname: string): { status: number; body: unknown } {
  const [, area, kind, rawId] = pathname.split('/');
  const id = decodeURIComponent(rawId ?? '');
  if (area !== 'merchant' || id === '') return { status: 404, body: { error: 'not found' } };
  const record =
    kind === 'payments' ? store.payments.get(id) : kind === 'complaints' ? store.complaints.get(id) : undefined;
  return record === undefined ? { status: 404, body: { error: 'not found' } } : { status: 200, body: record };
}

/** A request's JSON body; undefined when it is none. */
function parsedOrUndefined(raw: Buffer | undefined): unknown {
  try {
    return raw === undefined ? undefined : (JSON.parse(raw.toString('utf8')) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * POST /merchant/orders {merchantPaymentId, amount, currency}: the shop's checkout in test mode, which creates the
 * order a payment's postbacks must match (profile receiver.expectedPayments). 201, or 409 for an id it has, 400 for
 * a bad member.
 */
function createOrder(store: MerchantStore, raw: Buffer | undefined): { status: number; body: unknown } {
  const body = parsedOrUndefined(raw);
  const { merchantPaymentId, amount, currency } = (body ?? {}) as Record<string, unknown>;
  if (typeof merchantPaymentId !== 'string' || merchantPaymentId === '') {
    return { status: 400, body: { error: 'merchantPaymentId' } };
  }
  if (typeof amount !== 'number' || !(amount > 0)) return { status: 400, body: { error: 'amount' } };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return { status: 400, body: { error: 'currency' } };
  if (store.orders.has(merchantPaymentId)) return { status: 409, body: { error: 'exists' } };
  store.orders.set(merchantPaymentId, { amount, currency });
  return { status: 201, body: { merchantPaymentId, amount, currency } };
}

/** What a checkout answers. */
export interface CheckoutAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A checkout the receiver serves at POST /merchant/checkout: creates the order and the payment (checkout.ts). */
export type Checkout = (store: MerchantStore, body: unknown) => Promise<CheckoutAnswer>;

export interface RunningReceiver {
  /** Where postbacks go: http://host:port/postbacks. */
  readonly url: string;
  readonly store: MerchantStore;
  close(): Promise<void>;
}

export interface StartOptions extends ReceiverConfig {
  readonly host?: string;
  readonly port?: number;
  /** Replaces reference steps (the faulty receivers); the reference receiver replaces none. */
  readonly steps?: (reference: ReceiverSteps, store: MerchantStore, config: ReceiverConfig) => ReceiverSteps;
  /** The shop's checkout, served at POST /merchant/checkout; none by default. */
  readonly checkout?: Checkout;
}

export async function startReceiver(options: StartOptions): Promise<RunningReceiver> {
  const store: MerchantStore = { payments: new Map(), complaints: new Map(), orders: new Map(), unmatched: [] };
  const reference = referenceSteps(options, store);
  const steps = options.steps?.(reference, store, options) ?? reference;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver.invalid');
    if (request.method === 'GET') {
      const found = readBack(store, url.pathname);
      answer(response, found.status, found.body);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/merchant/orders') {
      readBody(request).then(
        (raw) => {
          const created = createOrder(store, raw);
          answer(response, created.status, created.body);
        },
        () => {
          answer(response, 400, { error: 'unreadable body' });
        },
      );
      return;
    }
    const { checkout } = options;
    if (request.method === 'POST' && url.pathname === '/merchant/checkout' && checkout !== undefined) {
      readBody(request)
        .then((raw) => checkout(store, parsedOrUndefined(raw)))
        .then(
          (made) => {
            answer(response, made.status, made.body);
          },
          (error: unknown) => {
            answer(response, 500, {
              error: `checkout failed: ${error instanceof Error ? error.message : String(error)}`,
            });
          },
        );
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/postbacks') {
      answer(response, 404, { error: 'not found' });
      return;
    }
    readBody(request).then(
      (raw) => {
        if (raw === undefined) answer(response, 413, { error: 'body too large' });
        else answer(response, receive(steps, raw));
      },
      () => {
        answer(response, 400, { error: 'unreadable body' });
      },
    );
  });
  // A slow client never holds the receiver: every request has a deadline.
  server.requestTimeout = 10_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/postbacks`,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8090' },
      host: { type: 'string', default: '127.0.0.1' },
      'service-public-key': { type: 'string' },
    },
  });
  const keyFile = values['service-public-key'];
  if (keyFile === undefined) throw new Error('--service-public-key FILE is required (the service key you pinned)');
  const receiver = await startReceiver({
    servicePublicKey: readFileSync(keyFile, 'utf8'),
    host: values.host,
    port: Number(values.port),
  });
  process.stdout.write(`receiving postbacks on ${receiver.url}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`reference-receiver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
