import type { OperationName } from '../../contract/operations.js';
import { decodeHash } from '../../signing/hash-encoding.js';
import { signingInputOf } from '../../signing/signing-input.js';
import type { Merchant } from '../config/merchant.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { SandboxContext } from '../sandbox-context.js';
import { ApiError } from './api-error.js';

/**
 * Whether a credential member counts as missing (NO_LOGIN, NO_TOKEN) rather than invalid (NO_KEY, UNAUTHORIZED): an
 * absent one always; a null or an empty one as the conventions say (nullCredentials, emptyCredentials; the
 * sandbox's own: null is missing, empty is invalid). Profile decisions AUTH-NULL-CREDENTIALS, AUTH-EMPTY-CREDENTIALS.
 */
function isMissing(value: unknown, ctx: SandboxContext, member: 'publicKey' | 'hash'): boolean {
  const { faults, conventions } = ctx;
  if (value === undefined) return true;
  if (value === null) return conventions.nullCredentials === 'missing' && !faults.has('auth-null-credentials-invalid');
  if (value !== '') return false;
  return conventions.emptyCredentials === 'missing' || (member === 'hash' && faults.has('auth-empty-hash-missing'));
}

/**
 * §5.4 in its order: missing publicKey → NO_LOGIN, missing hash → NO_TOKEN, a publicKey that is not a registered
 * merchant's → NO_KEY, a hash that does not verify over the merchant's signing input → UNAUTHORIZED. All 401.
 */
export function authenticate(
  ctx: SandboxContext,
  operation: OperationName,
  body: Readonly<Record<string, unknown>>,
  bytes: Buffer,
): Merchant {
  const { faults } = ctx;
  if (isMissing(body.publicKey, ctx, 'publicKey')) {
    throw new ApiError(401, faults.has('auth-missing-publickey-gives-no-key') ? 'NO_KEY' : 'NO_LOGIN');
  }
  if (isMissing(body.hash, ctx, 'hash')) {
    throw new ApiError(401, faults.has('auth-missing-hash-gives-unauthorized') ? 'UNAUTHORIZED' : 'NO_TOKEN');
  }
  const merchant = typeof body.publicKey === 'string' ? ctx.merchants.get(body.publicKey) : undefined;
  if (merchant === undefined) {
    throw new ApiError(401, faults.has('auth-unknown-key-gives-unauthorized') ? 'UNAUTHORIZED' : 'NO_KEY');
  }
  const unchecked =
    faults.has('auth-signature-unchecked') ||
    (operation === 'createPayOut' && faults.has('auth-payout-signature-unchecked')) ||
    (faults.has('auth-other-encoding-unchecked') &&
      typeof body.hash === 'string' &&
      decodeHash(body.hash, merchant.signingInput.hashEncoding) === undefined);
  if (!unchecked && !signatureHolds(merchant, body, bytes, faults)) throw new ApiError(401, 'UNAUTHORIZED');
  return merchant;
}

/**
 * The merchant was found by the exact publicKey text, which pins the key; a public key needs no constant-time
 * comparison, so only the signature is left to check (verifyBody would compare the key again, at 4 µs a request).
 */
function signatureHolds(
  merchant: Merchant,
  body: Readonly<Record<string, unknown>>,
  bytes: Buffer,
  faults: FaultSet,
): boolean {
  if (typeof body.hash !== 'string') return false;
  const key = replayKey(faults, body, body.hash);
  const cache = key === undefined ? undefined : verifiedRequests(merchant);
  if (key !== undefined && cache?.has(key) === true) return true;
  const message = { body, bytes };
  let input: Buffer;
  try {
    input = signingInputOf(merchant.signingInput, message);
  } catch {
    return false;
  }
  if (faults.has('auth-signature-ascii-escaped')) input = asciiEscaped(input);
  let holds: boolean;
  try {
    holds = merchant.scheme.verify(input, body.hash, merchant.verificationKey, message);
  } catch {
    holds = false;
  }
  if (holds && cache !== undefined && key !== undefined) remember(cache, key);
  return holds;
}

/**
 * What the replay faults remember of a request that verified: its hash alone (auth-verified-hash-cache), or its hash
 * and body without clientFieldsValues (auth-replay-memo-ignores-client-fields: honest traffic still works, only an
 * accepted request replayed with that member changed gets through). Undefined: no replay fault.
 */
function replayKey(faults: FaultSet, body: Readonly<Record<string, unknown>>, hash: string): string | undefined {
  if (faults.has('auth-verified-hash-cache')) return hash;
  if (!faults.has('auth-replay-memo-ignores-client-fields')) return undefined;
  const { clientFieldsValues: _left, ...rest } = body;
  return `${hash}\n${JSON.stringify(rest)}`;
}

/** The replay faults' cache: requests that verified once, per merchant, trusted again by their replay key. */
const caches = new WeakMap<Merchant, Set<string>>();
const CACHE_SIZE = 10_000;

function verifiedRequests(merchant: Merchant): Set<string> {
  let cache = caches.get(merchant);
  if (cache === undefined) {
    cache = new Set();
    caches.set(merchant, cache);
  }
  return cache;
}

function remember(cache: Set<string>, hash: string): void {
  cache.add(hash);
  if (cache.size > CACHE_SIZE) cache.delete(cache.values().next().value ?? hash);
}

/** What a service that serialises with ASCII-only JSON would check: non-ASCII text as \uXXXX escapes. */
function asciiEscaped(input: Buffer): Buffer {
  const escaped = input
    .toString('utf8')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(escaped, 'utf8');
}
