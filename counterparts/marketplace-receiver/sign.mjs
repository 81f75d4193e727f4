#!/usr/bin/env node
// sign.mjs — sign a postback body the way the payment service must (README "Signing"), for
// crafting deliveries by hand (curl) while certifying the receiver.
//
//   node sign.mjs --config FILE [--key PRIVATE.pem] [--public PUBLIC.pem] [--show-input] BODY.json|-
//
// Reads the unsigned body (a JSON object; any publicKey/hash members are replaced), sets
// publicKey to the contents of the public key file, computes hash per the config's
// signing.scheme / signing.input / signing.encoding and prints the signed body (one line).
// Defaults: --key keys/<scheme>/service-<serviceEnvironment>.private.pem and the matching .public.pem.
// --show-input also prints the exact signing input on stderr.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
let configPath = null;
let keyPath = null;
let pubPath = null;
let showInput = false;
let file = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--config') configPath = argv[++i];
  else if (argv[i] === '--key') keyPath = argv[++i];
  else if (argv[i] === '--public') pubPath = argv[++i];
  else if (argv[i] === '--show-input') showInput = true;
  else file = argv[i];
}
if (!configPath || !file) {
  process.stderr.write('usage: node sign.mjs --config FILE [--key PRIVATE.pem] [--public PUBLIC.pem] [--show-input] BODY.json|-\n');
  process.exit(2);
}
const cfg = JSON.parse(fs.readFileSync(configPath, 'utf8'));
const { scheme, input, encoding } = cfg.signing;
const role = `service-${cfg.serviceEnvironment ?? 'production'}`;
keyPath ??= path.join(HERE, 'keys', scheme, `${role}.private.pem`);
pubPath ??= keyPath.replace(/\.private\.pem$/, '.public.pem');

const body = JSON.parse(fs.readFileSync(file === '-' ? 0 : file, 'utf8'));
delete body.hash;
body.publicKey = fs.readFileSync(pubPath, 'utf8');

const canon = (v) => {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
};
const members = { ...body };
if (input === 'sorted-except-publickey-hash') delete members.publicKey;
const data = Buffer.from(canon(members), 'utf8');
if (showInput) process.stderr.write(`signing input (${data.length} bytes):\n${data.toString('utf8')}\n`);

const key = crypto.createPrivateKey(fs.readFileSync(keyPath, 'utf8'));
let sig;
if (scheme === 'ecdsa-p256') sig = crypto.sign('sha256', data, { key, dsaEncoding: 'der' });
else if (scheme === 'rsa-pss-sha256') sig = crypto.sign('sha256', data, { key, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
else sig = crypto.sign(null, data, key);
process.stdout.write(`${JSON.stringify({ ...body, hash: sig.toString(encoding) })}\n`);
