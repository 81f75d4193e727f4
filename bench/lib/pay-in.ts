import type { FieldsOf } from '../../src/contract/operations.js';
import { ApiClient } from '../../src/client/api-client.js';
import type { LoadedProfile } from '../../src/profile/load-profile.js';

/** A creation of the profile's pay-in method, without merchantPaymentId: the same body is accepted again and again. */
export function payInFields(profile: LoadedProfile): FieldsOf<'createPayIn'> {
  const fixture = profile.settings.merchant.paymentMethods.payIn;
  return {
    accountId: fixture.accountId,
    paymentMethodId: fixture.id,
    amount: fixture.amount,
    clientFieldsValues: fixture.clientFieldsValues,
  };
}

/** Those fields signed once, as the kit's client sends them: the body a raw load generator repeats. */
export async function signedPayInBody(profile: LoadedProfile): Promise<Buffer> {
  const client = new ApiClient({ baseUrl: 'http://127.0.0.1:1', profile });
  try {
    return client.prepare('createPayIn', payInFields(profile)).bytes;
  } finally {
    await client.close();
  }
}
