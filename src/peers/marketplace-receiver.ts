/**
 * The marketplace of counterparts/marketplace-receiver (design brief §9): a postback receiver written from the
 * interface alone by someone who never read the kit; M00 correct, M01–M10 each with one defect. The kit runs it as its
 * README says, `node receiver.mjs --port P --config configs/NAME.json --variant Mnn`, ready on its "listening on URL"
 * line, with its committed test keys. Its profiles, written from that README, are
 * profiles/counterparts/marketplace-receiver-*.json, one for each of its six signing configurations (ECDSA P-256,
 * RSA-PSS and Ed25519, each over two signing inputs), and one that reads its state back as a wallet (balances).
 */
import { existsSync } from 'node:fs';
import { freePort } from '../free-port.js';
import { kitPath } from '../kit-root.js';
import { startPeerProcess } from './peer-process.js';
import type { ReceiverPeer, ReceiverPeerConfiguration } from './receiver-peers.js';
import type { PeerReceiverFault } from './python-receivers-faults.js';

interface MarketplaceConfiguration extends ReceiverPeerConfiguration {
  /** Its configs/ file. */
  readonly config: string;
}

/** Its six signing configurations (configs/SCHEME.INPUT.ENCODING.json), each with the profile written for it. */
const SIGNING: readonly (readonly [config: string, profile: string])[] = [
  ['ed25519.jcs.base64url', 'ed25519-jcs'],
  ['ed25519.sorted.base64', 'ed25519-sorted'],
  ['ecdsa-p256.jcs.base64', 'ecdsa-p256-jcs'],
  ['ecdsa-p256.sorted.hex', 'ecdsa-p256-sorted'],
  ['rsa-pss-sha256.jcs.hex', 'rsa-pss-jcs'],
  ['rsa-pss-sha256.sorted.base64url', 'rsa-pss-sorted'],
];
const SIGNED: readonly MarketplaceConfiguration[] = SIGNING.map(([config, profile]) => ({
  name: config.replaceAll('.', '-'),
  config: `configs/${config}.json`,
  profile: kitPath('profiles', 'counterparts', `marketplace-receiver-${profile}.json`),
}));

/**
 * The first signing configuration read back as a wallet (its README's per-user balance, no payment status): the
 * balance a payment's postbacks moved, not the checkout's own record.
 */
const WALLET: MarketplaceConfiguration = {
  name: 'ed25519-jcs-base64url-wallet',
  config: 'configs/ed25519.jcs.base64url.json',
  profile: kitPath('profiles', 'counterparts', 'marketplace-receiver-ed25519-balance.json'),
};
const CONFIGURATIONS: readonly MarketplaceConfiguration[] = [...SIGNED, WALLET];

/** The variants whose defect moves money wrongly, run against the wallet: its balance shows each. */
const READ_AS_WALLET: ReadonlySet<string> = new Set(['M01', 'M06', 'M07']);

/** Its README's webhook: one URL for both kinds, with the token of its configs. */
const WEBHOOK = '/hooks/psp?token=whk_test_3f9c2a71d8e04b6f9a5e';

/**
 * The requirements each variant the kit's checks reach breaks, judged from the README's variants table; the others
 * (M09 slow past 2000 client fields) are named in NOT_PROBED.
 */
const FAULTS: Readonly<Record<string, PeerReceiverFault>> = {
  M01: { breaks: ['RECEIVER-UNEXPECTED-NOT-CREDITED'], readme: 'creates and credits a checkout it never created' },
  M02: { breaks: ['RECEIVER-REJECT-FOREIGN-KEY'], readme: 'accepts the sandbox key in production' },
  M03: { breaks: ['RECEIVER-REJECT-FOREIGN-KEY'], readme: 'verifies with the key carried in the body' },
  M04: { breaks: ['RECEIVER-HASH-STRICT'], readme: 'lenient hash decoding: accepts whichever encoding verifies' },
  M05: {
    breaks: ['RECEIVER-STATUS-RECORDED'],
    readme: 'compares amounts as text, so 10.5 written 10.50 or 1.05e1 never matches its checkout and is parked',
  },
  M06: { breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'], readme: 'applies a retried SUCCESS→FAILED reversal again' },
  M07: { breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'], readme: 'no lock, so concurrent duplicates double-credit' },
  M08: { breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS'], readme: 'accepts only the exact header application/json' },
  M10: { breaks: ['RECEIVER-STATUS-RECORDED'], readme: 'keys complaints by merchantPaymentId' },
};

export const MARKETPLACE_NOT_PROBED: Readonly<Record<string, string>> = {
  M09: 'a postback of 2000 client fields within the answer bound: the kit sends 60, since the interface bounds neither the fields nor the body (§8: not shown) and a shop may bound what it reads',
};

const dir = kitPath('counterparts', 'marketplace-receiver');

export const MARKETPLACE_RECEIVER: ReceiverPeer = {
  name: 'marketplace-receiver',
  title: 'the marketplace receiver of counterparts/',
  clean: 'M00',
  variants: Object.keys(FAULTS),
  faults: FAULTS,
  configurations: CONFIGURATIONS,
  dir: () => (existsSync(`${dir}/receiver.mjs`) ? dir : { missing: `the marketplace receiver is not here (${dir})` }),
  // Its keys are committed (keys/SCHEME/) and its profiles name them: nothing to make.
  keys: () => ({ file: (name) => `${dir}/keys/${name}`, environment: {}, remove: () => undefined }),
  start: async (cwd, _keys, configuration, variant) =>
    startPeerProcess({
      label: `marketplace receiver ${variant}`,
      cwd,
      program: 'node',
      args: [
        'receiver.mjs',
        '--port',
        String(await freePort()),
        '--config',
        (configuration as MarketplaceConfiguration).config,
        '--variant',
        variant,
      ],
    }),
  receiverUrl: (base) => `${base}${WEBHOOK}`,
  configurationOf: (variant) =>
    READ_AS_WALLET.has(variant)
      ? WALLET
      : (SIGNED[Number(variant.slice(1)) % SIGNED.length] as MarketplaceConfiguration),
};
