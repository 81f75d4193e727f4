import { signingInputOf } from '../../signing/signing-input.js';
import type { SandboxContext } from '../sandbox-context.js';

/** A signed helper body that does not verify: 401, as the API would answer (§5.4), with the reason. */
export class HelperSignatureError extends Error {
  override readonly name = 'HelperSignatureError';
}

/**
 * A test helper that takes its body signed like the API's (profile Hook.signed): publicKey and hash by the
 * merchant's signing settings (§5.2, §5.3), checked as authentication checks a request; the body without them is
 * what the helper acts on.
 */
export function verifiedHelperBody(
  ctx: SandboxContext,
  body: Readonly<Record<string, unknown>>,
  bytes: Buffer,
): Record<string, unknown> {
  const { publicKey, hash, ...rest } = body;
  if (typeof publicKey !== 'string' || publicKey === '') throw new HelperSignatureError('publicKey is missing');
  if (typeof hash !== 'string' || hash === '') throw new HelperSignatureError('hash is missing');
  const merchant = ctx.merchants.get(publicKey);
  if (merchant === undefined) throw new HelperSignatureError('publicKey is no merchant of the sandbox');
  const message = { body, bytes };
  let holds: boolean;
  try {
    holds = merchant.scheme.verify(
      signingInputOf(merchant.signingInput, message),
      hash,
      merchant.verificationKey,
      message,
    );
  } catch {
    holds = false;
  }
  if (!holds) throw new HelperSignatureError("hash does not verify under the merchant's key");
  return rest;
}
