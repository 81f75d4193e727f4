/**
 * The shop of ../shared/peers/shop-receivers (design brief §9): an e-commerce shop's postback endpoint written without
 * the kit, whose orders must exist before their postbacks; V00 correct, V01–V14 each with one realistic defect. The
 * kit runs it as its README says: fresh keys from `python3 keys.py DIR` (the service's production and sandbox keys,
 * an attacker's), then `python3 receiver.py --port P --service-public-key F --other-environment-key F --scheme S
 * --signing-input I --encoding E [--single-path] --variant Vnn --quiet`, ready on its "listening on URL" line. Its
 * profiles, written from that README alone, are profiles/peers/shop-receiver-*.json; they read the service key pair
 * from the environment (PEER_SHOP_[SANDBOX_]{ED25519,RSA}_{PUBLIC,PRIVATE}_KEY).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { freePort } from '../free-port.js';
import { startPeerProcess } from './peer-process.js';
import { peersDir } from './python-service.js';
import type { ReceiverPeer, ReceiverPeerConfiguration, ReceiverPeerKeys } from './receiver-peers.js';
import { SHOP_RECEIVER_FAULT_MAP } from './shop-receivers-faults.js';

interface ShopConfiguration extends ReceiverPeerConfiguration {
  readonly scheme: 'ed25519' | 'rsa-sha256';
  readonly signingInput: 'jcs-without-hash' | 'sorted-compact-without-key-and-hash';
  readonly encoding: 'base64' | 'base64url-nopad' | 'hex';
  readonly singlePath: boolean;
}

/** Three of the four configurations its README verifies, as the issue that brought it lists them. */
const CONFIGURATIONS: readonly ShopConfiguration[] = [
  {
    name: 'ed25519-jcs-base64-two-paths',
    scheme: 'ed25519',
    signingInput: 'jcs-without-hash',
    encoding: 'base64',
    singlePath: false,
    profile: kitPath('profiles', 'peers', 'shop-receiver-ed25519-jcs.json'),
  },
  {
    name: 'rsa-jcs-hex-single-path',
    scheme: 'rsa-sha256',
    signingInput: 'jcs-without-hash',
    encoding: 'hex',
    singlePath: true,
    profile: kitPath('profiles', 'peers', 'shop-receiver-rsa-hex-single.json'),
  },
  {
    name: 'ed25519-sorted-compact-base64url-two-paths',
    scheme: 'ed25519',
    signingInput: 'sorted-compact-without-key-and-hash',
    encoding: 'base64url-nopad',
    singlePath: false,
    profile: kitPath('profiles', 'peers', 'shop-receiver-ed25519-sorted.json'),
  },
];

const TAG = { ed25519: 'ed25519', 'rsa-sha256': 'rsa' } as const;

function shopDir(): string | { readonly missing: string } {
  const dir = path.join(peersDir(), 'shop-receivers');
  return existsSync(path.join(dir, 'receiver.py'))
    ? dir
    : { missing: `the shop receivers are not here (${dir}): ../shared/peers is absent on this machine` };
}

function shopKeys(dir: string): ReceiverPeerKeys {
  const into = mkdtempSync(path.join(tmpdir(), 'kit-shop-keys-'));
  const made = spawnSync('python3', ['keys.py', into], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (made.status !== 0) {
    rmSync(into, { recursive: true, force: true });
    throw new Error(`python3 keys.py failed (${String(made.status)}): ${made.stderr || made.error?.message || ''}`);
  }
  const environment: Record<string, string> = {};
  for (const tag of Object.values(TAG)) {
    for (const part of ['public', 'private'] as const) {
      const name = `${tag.toUpperCase()}_${part.toUpperCase()}_KEY`;
      environment[`PEER_SHOP_${name}`] = readFileSync(path.join(into, `service-${tag}-${part}.pem`), 'utf8');
      environment[`PEER_SHOP_SANDBOX_${name}`] = readFileSync(path.join(into, `sandbox-${tag}-${part}.pem`), 'utf8');
    }
  }
  return {
    file: (name) => path.join(into, name),
    environment,
    remove: () => {
      rmSync(into, { recursive: true, force: true });
    },
  };
}

export const SHOP_RECEIVERS: ReceiverPeer = {
  name: 'shop-receivers',
  title: 'the shop receivers of ../shared/peers/shop-receivers',
  clean: 'V00',
  // Every faulty variant its README lists (V01–V14) is reached by a check of the kit.
  variants: Object.keys(SHOP_RECEIVER_FAULT_MAP),
  faults: SHOP_RECEIVER_FAULT_MAP,
  configurations: CONFIGURATIONS,
  dir: shopDir,
  keys: shopKeys,
  start: async (dir, keys, configuration, variant) => {
    const shop = configuration as ShopConfiguration;
    const tag = TAG[shop.scheme];
    // Its "listening on" line repeats the --port it was given: a free port chosen here, never 0.
    const port = await freePort();
    return startPeerProcess({
      label: `shop receiver ${variant}`,
      cwd: dir,
      args: [
        'receiver.py',
        '--port',
        String(port),
        '--service-public-key',
        keys.file(`service-${tag}-public.pem`),
        // Its README: the key of its other environment is held, never accepted (V01 accepts it).
        '--other-environment-key',
        keys.file(`sandbox-${tag}-public.pem`),
        '--scheme',
        shop.scheme,
        '--signing-input',
        shop.signingInput,
        '--encoding',
        shop.encoding,
        ...(shop.singlePath ? ['--single-path'] : []),
        '--variant',
        variant,
        '--quiet',
      ],
    });
  },
  // Its README: POST /webhooks/payments (and /webhooks/complaints), or both at /webhooks with --single-path.
  receiverUrl: (base, configuration) =>
    `${base}${(configuration as ShopConfiguration).singlePath ? '/webhooks' : '/webhooks/payments'}`,
  configurationOf: (variant) => CONFIGURATIONS[Number(variant.slice(1)) % CONFIGURATIONS.length] as ShopConfiguration,
};
