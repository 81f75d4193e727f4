#!/usr/bin/env node
// Generates the ECDSA P-256 key pairs used by the Orbipay sandbox.
//   node keys/gen-keys.mjs            -> creates missing pairs only
//   node keys/gen-keys.mjs --force    -> regenerates every pair
//   node keys/gen-keys.mjs NAME ...   -> creates NAME.key.pem / NAME.pub.pem
// Private keys: PKCS#8 PEM. Public keys: SPKI PEM ("-----BEGIN PUBLIC KEY-----").
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
const pairs = names.length ? names : ['orbipay-postback', 'demo-merchant', 'second-merchant'];

for (const name of pairs) {
  const keyFile = join(dir, `${name}.key.pem`);
  const pubFile = join(dir, `${name}.pub.pem`);
  if (!force && existsSync(keyFile) && existsSync(pubFile)) {
    console.log(`kept      ${name}`);
    continue;
  }
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(keyFile, privateKey, { mode: 0o600 });
  writeFileSync(pubFile, publicKey);
  console.log(`generated ${name}`);
}
