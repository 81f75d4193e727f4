#!/usr/bin/env node
// keys.mjs — generate the PEM test key pairs used by the marketplace receiver and its sender.
//
//   node keys.mjs DIR
//
// For each signing scheme (ecdsa-p256, rsa-pss-sha256, ed25519) it writes, under DIR/<scheme>/:
//   service-production.private.pem / .public.pem  the payment service's PRODUCTION key (pinned by config.json)
//   service-sandbox.private.pem    / .public.pem  the service's SANDBOX-environment key (must NOT be accepted
//                                                  by a receiver configured for production)
//   attacker.private.pem           / .public.pem  a key nobody trusts
// Private keys are PKCS#8 PEM, public keys are SPKI PEM ("-----BEGIN PUBLIC KEY-----").
// Existing files are overwritten. These are TEST keys only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node keys.mjs DIR\n');
  process.exit(2);
}

const SCHEMES = {
  'ecdsa-p256': () => crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }),
  'rsa-pss-sha256': () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 }),
  'ed25519': () => crypto.generateKeyPairSync('ed25519'),
};
const ROLES = ['service-production', 'service-sandbox', 'attacker'];

for (const [scheme, gen] of Object.entries(SCHEMES)) {
  const sdir = path.join(dir, scheme);
  fs.mkdirSync(sdir, { recursive: true });
  for (const role of ROLES) {
    const { privateKey, publicKey } = gen();
    fs.writeFileSync(path.join(sdir, `${role}.private.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.writeFileSync(path.join(sdir, `${role}.public.pem`), publicKey.export({ type: 'spki', format: 'pem' }));
    process.stdout.write(`wrote ${path.join(sdir, role)}.{private,public}.pem\n`);
  }
}
