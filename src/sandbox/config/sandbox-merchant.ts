import type { LoadedProfile } from '../../profile/load-profile.js';
import type { Merchant } from './merchant.js';
import { type SandboxMethod, SANDBOX_METHODS } from './payment-methods.js';
import { SandboxConfigError } from './service-signers.js';

/**
 * The merchant of the profile, registered with the sandbox: its key, every sandbox method but the one the profile
 * calls `forbidden`, and its registered postback URL. The profile's method fixtures must be the sandbox's methods.
 */
export function sandboxMerchant(profile: LoadedProfile, methods: ReadonlyMap<string, SandboxMethod>): Merchant {
  const fixtures = profile.settings.merchant.paymentMethods;
  for (const [role, fixture] of Object.entries(fixtures)) {
    const method = methods.get(fixture.id)?.method;
    if (method === undefined) {
      throw new SandboxConfigError(`merchant.paymentMethods.${role}: the sandbox has no payment method ${fixture.id}`);
    }
    if (
      method.type !== fixture.type ||
      method.accountId !== fixture.accountId ||
      method.currencyCode !== fixture.currencyCode
    ) {
      throw new SandboxConfigError(
        `merchant.paymentMethods.${role}: ${fixture.id} is ${method.type} ${method.currencyCode} account ${method.accountId} in the sandbox`,
      );
    }
  }
  // The methods the profile calls forbidden; those it does not name are still closed to the merchant.
  const forbidden = new Set([
    fixtures.forbidden?.id ?? 'sbx-crypto-in',
    fixtures.forbiddenPayOut?.id ?? 'sbx-wire-out',
  ]);
  return {
    id: profile.settings.merchant.id ?? 'sandbox-merchant',
    publicKey: profile.requestSigner.publicKey,
    scheme: profile.requestSigner.scheme,
    signingInput: profile.requestSigner.input,
    verificationKey: profile.merchantVerificationKey,
    allowedMethodIds: new Set([...methods.keys()].filter((id) => !forbidden.has(id))),
    postbackUrl: profile.settings.merchant.postbackUrl,
  };
}

export function sandboxMethods(
  methods: readonly SandboxMethod[] = SANDBOX_METHODS,
): ReadonlyMap<string, SandboxMethod> {
  return new Map(methods.map((m) => [m.method.id, m]));
}
