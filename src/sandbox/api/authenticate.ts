import type { OperationName } from '../../client/operations.js';
import { signingInput } from '../../signing/signing-input.js';
import type { Merchant } from '../config/merchant.js';
import type { SandboxContext } from '../sandbox-context.js';
import { ApiError } from './api-error.js';

/** Absent, null and empty count as missing: none of them can name a key or carry a hash. */
function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * §5.4 in the design brief's order: missing publicKey → NO_LOGIN, missing hash → NO_TOKEN, a publicKey that is
 * not a registered merchant's → NO_KEY, a hash that does not verify → UNAUTHORIZED. All 401.
 */
export function authenticate(
  ctx: SandboxContext,
  operation: OperationName,
  body: Readonly<Record<string, unknown>>,
): Merchant {
  const { faults } = ctx;
  if (isMissing(body.publicKey)) {
    throw new ApiError(401, faults.has('auth-missing-publickey-gives-no-key') ? 'NO_KEY' : 'NO_LOGIN');
  }
  if (isMissing(body.hash)) {
    throw new ApiError(401, faults.has('auth-missing-hash-gives-unauthorized') ? 'UNAUTHORIZED' : 'NO_TOKEN');
  }
  const merchant = typeof body.publicKey === 'string' ? ctx.merchants.get(body.publicKey) : undefined;
  if (merchant === undefined) {
    throw new ApiError(401, faults.has('auth-unknown-key-gives-unauthorized') ? 'UNAUTHORIZED' : 'NO_KEY');
  }
  const unchecked =
    faults.has('auth-signature-unchecked') ||
    (operation === 'createPayOut' && faults.has('auth-payout-signature-unchecked'));
  if (!unchecked && !signatureHolds(merchant, body)) throw new ApiError(401, 'UNAUTHORIZED');
  return merchant;
}

/**
 * The merchant was found by the exact publicKey text, which pins the key; a public key needs no constant-time
 * comparison, so only the signature is left to check (verifyBody would compare the key again, at 4 µs a request).
 */
function signatureHolds(merchant: Merchant, body: Readonly<Record<string, unknown>>): boolean {
  if (typeof body.hash !== 'string') return false;
  let input: Buffer;
  try {
    input = signingInput(body);
  } catch {
    return false;
  }
  return merchant.scheme.verify(input, body.hash, merchant.verificationKey);
}
