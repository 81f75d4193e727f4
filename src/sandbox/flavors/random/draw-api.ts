import type { Operations, PostbackSigning, RequestSigning } from '../../../../generated/profile/profile.gen.js';
import { BUILTIN_SCHEME_NAMES, SHARED_SECRET_SCHEMES } from '../../../signing/builtin-schemes.js';
import { testKeyPath } from '../../../signing/test-keys.js';
import type { Prng } from './prng.js';

/**
 * Where the random flavour's operations live and how it signs (§4.3–§4.5, §4.7 and §5.3 do not show them): paths
 * under a prefix of its own, each non-creation operation by POST, PUT or PATCH (the creation paths are the
 * interface's, §4.1, §4.2), the optional operations present or not; a signature scheme with the test-only keys of
 * fixtures/keys and a signing input (members, canonical form, hash encoding), drawn apart for requests and postbacks.
 */
const SEGMENTS = {
  paymentStatus: ['status', 'payment/status', 'payments/lookup', 'payment-status', 'payments/get'],
  paymentsList: ['list', 'payments/list', 'payments/search', 'history', 'payments/query'],
  complaintStatus: ['complaints/status', 'complaint/status', 'disputes/lookup', 'complaint-status'],
  paymentMethods: ['payment-methods', 'methods', 'methods/list'],
  mediaUpload: ['media/upload', 'attachments', 'files/upload'],
  complaintCreate: ['complaints/create', 'complaint/open', 'disputes/open'],
  smsConfirm: ['sms/confirm', 'otp/verify', 'payment/confirm-sms'],
} as const;

type Optional = 'paymentMethods' | 'mediaUpload' | 'complaintCreate' | 'smsConfirm';

export function drawOperations(prng: Prng, needs: Readonly<Record<Optional, boolean>>): Operations {
  const prefix = `/${prng.pick(['api', 'merchant-api', 'gw', 'public'])}/${prng.pick(['x', 'core', 'merchant', 'acquiring', 'psp'])}/v${prng.int(1, 4)}`;
  const endpoint = (name: keyof typeof SEGMENTS) => ({
    method: prng.pick(['POST', 'PUT', 'PATCH'] as const),
    path: `${prefix}/${prng.pick(SEGMENTS[name])}`,
  });
  const operations: Operations = {
    createPayIn: { method: 'POST', path: '/api/payments/v1/pay_in' },
    createPayOut: { method: 'POST', path: '/api/payments/v1/pay_out' },
    paymentStatus: endpoint('paymentStatus'),
    paymentsList: endpoint('paymentsList'),
    complaintStatus: endpoint('complaintStatus'),
  };
  const chances: Readonly<Record<Optional, number>> = {
    paymentMethods: 0.7,
    mediaUpload: 0.4,
    complaintCreate: 0.5,
    smsConfirm: 0.2,
  };
  for (const name of ['paymentMethods', 'mediaUpload', 'complaintCreate', 'smsConfirm'] as const) {
    const present = prng.chance(chances[name]);
    // Its bodies are the kit's reference design of these operations (§4.7 only names them), as the sandbox's are.
    if (present || needs[name]) operations[name] = { ...endpoint(name), payload: { kitDesign: true } };
  }
  return operations;
}

function signingInput(prng: Prng): Pick<RequestSigning, 'members' | 'canonicalForm' | 'nonAscii' | 'hashEncoding'> {
  const canonicalForm = prng.pick(['jcs', 'sorted-compact', 'as-sent'] as const);
  return {
    members: prng.pick(['all-but-hash', 'all-but-public-key-and-hash'] as const),
    canonicalForm,
    ...(canonicalForm === 'sorted-compact' ? { nonAscii: prng.pick(['escaped', 'raw'] as const) } : {}),
    hashEncoding: prng.pick(['base64', 'base64url', 'base64url-padded', 'hex'] as const),
  };
}

/** Every built-in scheme; both RSA schemes share the RSA pair, both HMACs the secret (signing/test-keys.ts). */
const SCHEMES = BUILTIN_SCHEME_NAMES;

/** How the merchant signs its requests (§5), with the merchant's test-only keys. */
export function drawRequestSigning(prng: Prng): RequestSigning {
  const scheme = prng.pick(SCHEMES);
  const input = signingInput(prng);
  if (SHARED_SECRET_SCHEMES.has(scheme)) {
    return {
      scheme,
      ...input,
      publicKey: { value: `mk-${prng.token(10)}` },
      signingKey: { file: testKeyPath('merchant', scheme, 'private') },
    };
  }
  return {
    scheme,
    ...input,
    publicKey: { file: testKeyPath('merchant', scheme, 'public') },
    signingKey: { file: testKeyPath('merchant', scheme, 'private') },
  };
}

/** How the service signs its postbacks (§2.5, §2.6), with the service's test-only keys. */
export function drawPostbackSigning(prng: Prng): PostbackSigning {
  const scheme = prng.pick(SCHEMES);
  const input = signingInput(prng);
  if (SHARED_SECRET_SCHEMES.has(scheme)) {
    return {
      scheme,
      ...input,
      servicePublicKey: { value: `svc-${prng.token(8)}` },
      verificationKey: { file: testKeyPath('service', scheme, 'private') },
    };
  }
  return { scheme, ...input, servicePublicKey: { file: testKeyPath('service', scheme, 'public') } };
}
