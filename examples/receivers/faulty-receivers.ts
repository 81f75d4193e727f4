/**
 * Faulty receivers: the reference receiver with one step replaced by a defect merchants ship, each declaring the
 * RECEIVER requirements it breaks. `npm run receiver-faults` certifies each one and proves it fails exactly those
 * (collateral: zero), as `npm run faults` does for the sandbox's faults.
 */
import { createPublicKey, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  isComplaintPostback,
  referenceSteps,
  type MerchantStore,
  type Postback,
  type ReceiverConfig,
  type ReceiverSteps,
} from './reference-receiver.js';

export interface FaultyReceiver {
  readonly name: string;
  readonly description: string;
  /** The RECEIVER requirements this defect breaks: the certification must FAIL each, and no other. */
  readonly breaks: readonly string[];
  readonly steps: (reference: ReceiverSteps, store: MerchantStore, config: ReceiverConfig) => ReceiverSteps;
}

const PAYMENT_FAILED_CODES_IT_KNOWS = new Set(['INCORRECT_AMOUNT', 'NO_AMOUNT', 'INCORRECT_FIELDS']);
const LISTED_PAYMENT_MEMBERS = new Set([
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
]);

export const FAULTY_RECEIVERS: readonly FaultyReceiver[] = [
  {
    name: 'acks-success-with-204',
    description: 'answers 204 No Content to SUCCESS payment postbacks, which the service does not count as received',
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS'],
    steps: (reference) => ({
      ...reference,
      applyPayment: (body) => {
        const status = reference.applyPayment(body);
        return status === 200 && body.status === 'SUCCESS' ? 204 : status;
      },
    }),
  },
  {
    name: 'rejects-another-reason',
    description: 'answers 400 to a FAILED payment postback whose failedCode is ANOTHER_REASON',
    breaks: ['RECEIVER-ACK-PAYMENT-FAILED'],
    steps: (reference) => ({
      ...reference,
      applyPayment: (body) =>
        body.status === 'FAILED' && !PAYMENT_FAILED_CODES_IT_KNOWS.has(String(body.failedCode))
          ? 400
          : reference.applyPayment(body),
    }),
  },
  {
    name: 'rejects-declined',
    description: 'answers 400 to DECLINED complaint postbacks',
    breaks: ['RECEIVER-ACK-COMPLAINT'],
    steps: (reference) => ({
      ...reference,
      applyComplaint: (body) => (body.status === 'DECLINED' ? 400 : reference.applyComplaint(body)),
    }),
  },
  {
    name: 'requires-merchant-ids',
    description: 'answers 400 to a payment postback without merchantPaymentId, which §2.5 makes optional',
    breaks: ['RECEIVER-OPTIONAL-MEMBERS'],
    steps: (reference) => ({
      ...reference,
      applyPayment: (body) => (typeof body.merchantPaymentId === 'string' ? reference.applyPayment(body) : 400),
    }),
  },
  {
    name: 'rejects-unknown-members',
    description: 'answers 400 to a payment postback with a member §2.5 does not list',
    breaks: ['RECEIVER-UNKNOWN-MEMBERS'],
    steps: (reference) => ({
      ...reference,
      applyPayment: (body) =>
        Object.keys(body).every((name) => LISTED_PAYMENT_MEMBERS.has(name)) ? reference.applyPayment(body) : 400,
    }),
  },
  {
    name: 'verifies-raw-bytes',
    description: 'verifies the hash over the bytes as received (hash cut out), not over the canonical signing input',
    breaks: ['RECEIVER-SIGNING-INPUT'],
    steps: (reference) => ({
      ...reference,
      verify: (body, raw) => {
        const text = raw.toString('utf8');
        // The bytes as received, the hash member cut out: equal to the canonical form only when sent canonical.
        const cut = text.replace(/,"hash":"[^"]*"|"hash":"[^"]*",?/, '');
        let reparsed: unknown;
        try {
          reparsed = JSON.parse(cut);
        } catch {
          return false;
        }
        return JSON.stringify(reparsed) === cut && reference.verify(body, raw);
      },
    }),
  },
  {
    name: 'verifies-ascii-escaped',
    description:
      'verifies over the signing input with text beyond ASCII escaped (\\uXXXX, as json.dumps writes by default), ' +
      'where the service signs it raw',
    breaks: ['RECEIVER-SIGNING-INPUT'],
    steps: (reference, _store, config) => ({
      ...reference,
      verify: (body) => verifiesEscaped(body, config.servicePublicKey),
    }),
  },
  {
    name: 'records-nothing',
    description: 'acknowledges authentic postbacks and never applies them',
    breaks: ['RECEIVER-STATUS-RECORDED'],
    steps: (reference) => ({ ...reference, applyPayment: () => 200, applyComplaint: () => 200 }),
  },
  {
    name: 'rejects-repeats',
    description: 'answers 409 to bytes it acknowledged before, so a retry never stops (and a flip back is refused)',
    breaks: ['RECEIVER-RETRY-ACK'],
    steps: (reference) => {
      const seen = new Set<string>();
      return {
        ...reference,
        verify: (body, raw) => {
          const key = raw.toString('base64');
          if (seen.has(key)) return false;
          const ok = reference.verify(body, raw);
          if (ok) seen.add(key);
          return ok;
        },
      };
    },
  },
  {
    name: 'credits-every-success',
    description: 'adds the amount on every SUCCESS postback it receives, so a retry credits twice',
    breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'],
    steps: (reference, store) => ({
      ...reference,
      applyPayment: (body) => {
        const before = store.payments.get(String(body.id));
        const status = reference.applyPayment(body);
        const after = store.payments.get(String(body.id));
        if (status !== 200 || after === undefined || typeof body.amount !== 'number') return status;
        // Money the order does not expect stays uncredited here too: the one defect is the repeat.
        if (body.status === 'SUCCESS' && after.mismatch === undefined) {
          after.credited = (before?.credited ?? 0) + body.amount;
        } else after.credited = Math.max(0, (before?.credited ?? 0) - (before?.status === 'SUCCESS' ? body.amount : 0));
        return status;
      },
    }),
  },
  {
    name: 'credits-unexpected-payments',
    description: 'creates an order for a payment postback it never expected, from the postback, and credits it',
    breaks: ['RECEIVER-UNEXPECTED-NOT-CREDITED'],
    steps: (reference, store) => ({
      ...reference,
      applyPayment: (body) => {
        const { merchantPaymentId, amount, currency } = body;
        const key = typeof merchantPaymentId === 'string' ? merchantPaymentId : String(body.id);
        if (!store.orders.has(key) && typeof amount === 'number') {
          store.orders.set(key, { amount, currency: String(currency) });
        }
        return reference.applyPayment({ ...body, merchantPaymentId: key });
      },
    }),
  },
  {
    name: 'trusts-postback-amount',
    description: "takes the postback's amount and currency as the order's, so money that differs is credited",
    breaks: ['RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED'],
    steps: (reference, store) => ({
      ...reference,
      applyPayment: (body) => {
        const { merchantPaymentId, amount, currency } = body;
        if (
          typeof merchantPaymentId === 'string' &&
          store.orders.has(merchantPaymentId) &&
          typeof amount === 'number'
        ) {
          store.orders.set(merchantPaymentId, { amount, currency: String(currency) });
        }
        return reference.applyPayment(body);
      },
    }),
  },
  {
    name: 'ignores-payment-flips',
    description:
      'keeps the first status a payment got: a later SUCCESS to FAILED (or back) is acknowledged and dropped',
    breaks: ['RECEIVER-FLIP-APPLIED'],
    steps: (reference, store) => ({
      ...reference,
      applyPayment: (body) => (store.payments.has(String(body.id)) ? 200 : reference.applyPayment(body)),
    }),
  },
  {
    name: 'ignores-complaint-flips',
    description: 'keeps the first status a complaint got',
    breaks: ['RECEIVER-COMPLAINT-FLIP-APPLIED'],
    steps: (reference, store) => ({
      ...reference,
      applyComplaint: (body) => (store.complaints.has(String(body.id)) ? 200 : reference.applyComplaint(body)),
    }),
  },
  {
    name: 'last-complaint-wins',
    description: 'applies every complaint postback as it arrives, so a late retry of an older status undoes a flip',
    breaks: ['RECEIVER-STALE-RETRY-IGNORED'],
    steps: (reference, store) => ({
      ...reference,
      applyComplaint: (body) => {
        store.complaints.delete(String(body.id));
        return reference.applyComplaint(body);
      },
    }),
  },
  {
    name: 'no-signature-check',
    description: 'checks that publicKey is the pinned key and that a hash is there, but never verifies the hash',
    breaks: ['RECEIVER-REJECT-FORGED-HASH', 'RECEIVER-REJECT-TAMPERED'],
    steps: (reference, _store, config) => ({
      ...reference,
      verify: (body) => typeof body.hash === 'string' && body.publicKey === config.servicePublicKey,
    }),
  },
  {
    name: 'trusts-known-hash',
    description: 'skips the verification of a hash it verified before (an idempotency cache keyed by hash)',
    breaks: ['RECEIVER-REJECT-TAMPERED'],
    steps: (reference) => {
      const verified = new Set<string>();
      return {
        ...reference,
        verify: (body, raw) => {
          if (typeof body.hash === 'string' && verified.has(body.hash)) return true;
          const ok = reference.verify(body, raw);
          if (ok && typeof body.hash === 'string') verified.add(body.hash);
          return ok;
        },
      };
    },
  },
  {
    name: 'ignores-public-key',
    description: 'verifies every hash with the pinned key and never compares the publicKey the body names with it',
    breaks: ['RECEIVER-PUBLIC-KEY-PINNED'],
    steps: (reference, _store, config) => ({
      ...reference,
      // The hash checked with the pinned key, the publicKey member only required to be there: the defect.
      verify: (body) => typeof body.publicKey === 'string' && signedAsNamed(body, config.servicePublicKey),
    }),
  },
  {
    name: 'lenient-hash-decoding',
    description:
      'decodes the hash with a forgiving decoder (any base64 alphabet, padding or white space), so the right signature written another way is accepted',
    breaks: ['RECEIVER-HASH-STRICT'],
    steps: (reference, _store, config) => ({
      ...reference,
      verify: (body) => {
        if (typeof body.hash !== 'string' || body.publicKey !== config.servicePublicKey) return false;
        const strict = Buffer.from(body.hash.replace(/\s+/g, ''), 'base64').toString('base64');
        return signedAsNamed({ ...body, hash: strict }, config.servicePublicKey);
      },
    }),
  },
  {
    name: 'accepts-missing-hash',
    description: 'accepts a postback without hash as unsigned (a "legacy" path)',
    breaks: ['RECEIVER-REJECT-MISSING-HASH'],
    steps: (reference) => ({
      ...reference,
      verify: (body, raw) => body.hash === undefined || reference.verify(body, raw),
    }),
  },
  {
    name: 'accepts-missing-public-key',
    description: 'accepts a postback without publicKey as unsigned',
    breaks: ['RECEIVER-REJECT-MISSING-PUBLIC-KEY'],
    steps: (reference) => ({
      ...reference,
      verify: (body, raw) => body.publicKey === undefined || reference.verify(body, raw),
    }),
  },
  {
    name: 'trusts-body-public-key',
    description: 'verifies the hash with the publicKey the body carries instead of the pinned service key',
    breaks: ['RECEIVER-REJECT-FOREIGN-KEY'],
    steps: (reference) => ({
      ...reference,
      verify: (body, raw) => reference.verify(body, raw) || verifiesUnderItsOwnKey(body),
    }),
  },
  {
    name: 'acks-non-json',
    description: 'answers 200 to a body it cannot parse as a JSON object',
    breaks: ['RECEIVER-REJECT-NON-JSON'],
    steps: (reference) => {
      const ignored: Postback = { ignored: true };
      return {
        ...reference,
        parse: (raw) => reference.parse(raw) ?? ignored,
        verify: (body, raw) => body === ignored || reference.verify(body, raw),
        applyPayment: (body) => (body === ignored ? 200 : reference.applyPayment(body)),
      };
    },
  },
  {
    name: 'applies-before-verifying',
    description: 'applies a postback before verifying it: a forged one is refused (401) but its status stays applied',
    breaks: ['RECEIVER-REJECTED-NO-EFFECT'],
    steps: (reference) => ({
      ...reference,
      verify: (body, raw) => {
        if (isComplaintPostback(body)) reference.applyComplaint(body);
        else reference.applyPayment(body);
        return reference.verify(body, raw);
      },
    }),
  },
];

/** A signature's bytes when `hash` is their exact base64 text, as strict as the reference (lenient-hash-decoding is
 * the fault that is not). */
function strictBase64(hash: string): Buffer | undefined {
  const signature = Buffer.from(hash, 'base64');
  return signature.toString('base64') === hash ? signature : undefined;
}

/** Text beyond ASCII written as JSON escapes, UTF-16 units (a surrogate pair for what lies beyond the BMP). */
function escapeBeyondAscii(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The reference verification over RFC 8785 text with everything beyond ASCII escaped: the defect. */
function verifiesEscaped(body: Postback, servicePublicKey: string): boolean {
  const { hash, ...signed } = body;
  if (typeof hash !== 'string' || body.publicKey !== servicePublicKey) return false;
  const input = canonicalize(signed);
  if (input === undefined) return false;
  const key = createPublicKey(servicePublicKey);
  const digest = key.asymmetricKeyType === 'ed25519' ? null : 'sha256';
  const signature = strictBase64(hash);
  return signature !== undefined && verify(digest, Buffer.from(escapeBeyondAscii(input)), key, signature);
}

/** The trusting receiver's check: the body's own publicKey (a PEM) verifies its hash. */
function verifiesUnderItsOwnKey(body: Postback): boolean {
  const { hash, publicKey, ...rest } = body;
  if (typeof hash !== 'string' || typeof publicKey !== 'string') return false;
  // The reference step, pinned to the body's own key: exactly the defect.
  return ownKeySteps(publicKey)?.verify({ ...rest, publicKey, hash }, Buffer.alloc(0)) ?? false;
}

function ownKeySteps(publicKey: string): ReceiverSteps | undefined {
  try {
    return referenceSteps(
      { servicePublicKey: publicKey },
      { payments: new Map(), complaints: new Map(), orders: new Map(), unmatched: [] },
    );
  } catch {
    return undefined;
  }
}

export function faultyReceiver(name: string): FaultyReceiver | undefined {
  return FAULTY_RECEIVERS.find((f) => f.name === name);
}

/** Whether the body's hash verifies under `servicePublicKey` over the body exactly as it names its publicKey. */
function signedAsNamed(body: Postback, servicePublicKey: string): boolean {
  const { hash, ...signed } = body;
  const input = canonicalize(signed);
  if (typeof hash !== 'string' || input === undefined) return false;
  const key = createPublicKey(servicePublicKey);
  const signature = strictBase64(hash);
  if (signature === undefined) return false;
  return verify(key.asymmetricKeyType === 'ed25519' ? null : 'sha256', Buffer.from(input), key, signature);
}
