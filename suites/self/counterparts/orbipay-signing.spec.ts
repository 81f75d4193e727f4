/**
 * The OPS1 module of Orbipay's profile (profiles/counterparts/orbipay-ops1.scheme.mjs), checked against the worked
 * example of Orbipay's own guide (counterparts/orbipay-service/README.md §3.3): its signing string's SHA-256 and a hash
 * the guide gives, as a merchant checks a signer before trusting it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../../src/kit-root.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { writeProfileVariant } from '../../../src/profile/profile-copy.js';

const PROFILE = kitPath('profiles', 'counterparts', 'orbipay-service.json');
const publicKey = () =>
  readFileSync(kitPath('counterparts', 'orbipay-service', 'keys', 'demo-merchant.pub.pem'), 'utf8');
const EXAMPLE = {
  paymentId: '3f0c9a52-7d1e-4b8a-9c61-2a5e8f4d0b17',
  merchantPaymentId: 'order-1042',
};

test.describe("Orbipay's OPS1 signing module", () => {
  test("should build the guide's signing string (its SHA-256) and verify the guide's hash", async () => {
    const module = (await import(kitPath('profiles', 'counterparts', 'orbipay-ops1.scheme.mjs'))) as {
      signingString: (body: object) => string;
      default: { verify: (m: Uint8Array, hash: string, key: { publicKey: string }, c: object) => boolean };
    };
    const body = { publicKey: publicKey(), ...EXAMPLE };
    const text = module.signingString(body);
    expect(Buffer.byteLength(text)).toBe(264);
    expect(createHash('sha256').update(text).digest('hex')).toBe(
      '99b1d37e7191a5a3d7363d20774128ab4e3bff5f1e8cf83708cd70d966113a42',
    );
    const hash = 'MEUCIQC50Bk1rYxUpv6RohvwjBARm5zB8CVTqMHZu/g+0f1EBAIgEEZR6G66Jvy1BynC9ae198dHT06GB+k0YKhIN67PTjM=';
    expect(module.default.verify(new Uint8Array(), hash, { publicKey: publicKey() }, { body })).toBe(true);
    expect(module.default.verify(new Uint8Array(), hash, { publicKey: publicKey() }, { body: { ...body, x: 1 } })).toBe(
      false,
    );
  });

  test('should load from a copy elsewhere, its signing module found from the copy (a run variant)', async () => {
    const copy = writeProfileVariant(PROFILE, 'orbipay', (settings) => settings);
    const profile = await loadProfile(copy);
    expect(profile.requestSigner.sign(EXAMPLE).hash).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  test('should sign, through the profile, what it verifies', async () => {
    const profile = await loadProfile(PROFILE);
    const signed = profile.requestSigner.sign(EXAMPLE);
    expect(signed.publicKey).toBe(publicKey());
    expect(signed.hash).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });
});
