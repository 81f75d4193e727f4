// Regenerates every TEST key pair in this folder: node keys/gen-keys.mjs
// Public keys: SPKI PEM (<name>.pub.pem); private keys: PKCS#8 PEM (<name>.key.pem). Test keys only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
const dir = path.dirname(new URL(import.meta.url).pathname);
for (const who of ['shop', 'service', 'attacker']) {
  for (const [alg, type, opts] of [['ed25519', 'ed25519', {}], ['rsa', 'rsa', { modulusLength: 2048 }]]) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync(type, opts);
    fs.writeFileSync(path.join(dir, `${who}-${alg}.pub.pem`), publicKey.export({ type: 'spki', format: 'pem' }));
    fs.writeFileSync(path.join(dir, `${who}-${alg}.key.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    console.log(`wrote keys/${who}-${alg}.{pub,key}.pem`);
  }
}
