/**
 * The Lantern Books shop of counterparts/checkout-shop (design brief §9): a shop written from the interface alone by
 * someone who never read the kit, whose own client creates each payment on the service before its postbacks (the
 * real integration, receiver.expectedPayments.createdOnService); C00 correct, C01–C17 each with one defect, client-
 * or receiver-side. The kit runs it as its README says, `node shop.mjs --config config/NAME.json --service-url URL
 * --port P --variant Cnn`, ready on its "listening on URL" line, given the kit's sandbox as its service (its card
 * method: --account-id 4101 --payment-method-id sbx-card-in). Its profiles, written from that README, are
 * profiles/counterparts/checkout-shop-{ed25519,rsa}.json, with the client's side in checkout-shop-client-*.json.
 */
import { existsSync } from 'node:fs';
import { freePort } from '../free-port.js';
import { kitPath } from '../kit-root.js';
import { startPeerProcess } from './peer-process.js';
import { NOTHING_VERIFIED, type PeerReceiverFault } from './python-receivers-faults.js';
import type { ReceiverPeer, ReceiverPeerConfiguration } from './receiver-peers.js';

interface ShopConfiguration extends ReceiverPeerConfiguration {
  /** Its config/ file. */
  readonly config: string;
  /** Where its postbacks go: one path for each kind, or its one path for both. */
  readonly webhook: string;
}

/** Its two signing configurations; the RSA one takes both kinds of postback on its one URL, as its README offers. */
const CONFIGURATIONS: readonly ShopConfiguration[] = [
  {
    name: 'ed25519-jcs-base64',
    config: 'config/ed25519.json',
    webhook: '/postbacks/payment',
    profile: kitPath('profiles', 'counterparts', 'checkout-shop-ed25519.json'),
  },
  {
    name: 'rsa-jcs-hex-one-url',
    config: 'config/rsa.json',
    webhook: '/postbacks',
    profile: kitPath('profiles', 'counterparts', 'checkout-shop-rsa.json'),
  },
];

/**
 * The requirements each variant the kit's checks reach breaks, judged from the README's variants table before
 * anything ran: the client's defects through the client report of the same run, the receiver's through its own.
 */
const FAULTS: Readonly<Record<string, PeerReceiverFault>> = {
  C01: { breaks: ['CLIENT-SIGNATURE'], readme: 'signs the creation body before adding merchantUserId and postBackUrl' },
  C02: { breaks: ['CLIENT-MERCHANT-PAYMENT-ID'], readme: 'omits merchantPaymentId from the creation' },
  C05: { breaks: ['CLIENT-REQUEST-SCHEMA'], readme: 'sends accountId as a string' },
  C06: { breaks: ['CLIENT-MERCHANT-PAYMENT-ID'], readme: "every order after the first sent with the first one's id" },
  C07: { breaks: ['CLIENT-SIGNATURE'], readme: 'strips the PEM armour from publicKey' },
  C08: { breaks: ['CLIENT-REQUEST-SCHEMA'], readme: 'sends clientFieldsValues as an object' },
  C09: { breaks: ['RECEIVER-RETRY-NO-SECOND-EFFECT'], readme: 'credits again on every retried SUCCESS' },
  C10: {
    // Its publicKey is not even compared with the pinned one.
    breaks: [...NOTHING_VERIFIED, 'RECEIVER-PUBLIC-KEY-PINNED'],
    readme: 'does not verify postbacks at all',
  },
  C11: { breaks: ['RECEIVER-REJECT-FOREIGN-KEY'], readme: 'verifies with the publicKey the postback carries' },
  C12: { breaks: ['RECEIVER-UNEXPECTED-NOT-CREDITED'], readme: 'credits postbacks of orders it never created' },
  C13: { breaks: ['RECEIVER-FLIP-APPLIED'], readme: 'ignores status flips' },
  C14: { breaks: ['RECEIVER-AMOUNT-MISMATCH-NOT-CREDITED'], readme: 'no money check: every SUCCESS credits' },
  C15: {
    breaks: ['RECEIVER-ACK-PAYMENT-SUCCESS', 'RECEIVER-ACK-PAYMENT-FAILED', 'RECEIVER-ACK-COMPLAINT'],
    readme: 'acknowledges with 204 instead of 200',
  },
  C16: { breaks: ['RECEIVER-RETRY-ACK'], readme: 'answers duplicates with 409' },
  C17: {
    breaks: ['RECEIVER-ACK-COMPLAINT'],
    readme: 'no complaint handling: its one URL takes complaint bodies for payments (400)',
  },
};

export const CHECKOUT_SHOP_NOT_PROBED: Readonly<Record<string, string>> = {
  C03: "sends the amount in minor units: the kit's preflight stops (exit 2) naming the payment the client created (amount 100 where the setup asked for 1); no sentence of the interface ties a creation's amount to the merchant's order",
  C04: "claims success when the service refuses the creation: the kit's sandbox refuses no creation the kit asks for, so the shop's answer to a refusal is never seen",
};

/** Variants whose defect is on one path only run where that path is the one URL: C17 (complaints) with the RSA one. */
const ONE_URL: ReadonlySet<string> = new Set(['C17']);

const dir = kitPath('counterparts', 'checkout-shop');

export const CHECKOUT_SHOP: ReceiverPeer = {
  name: 'checkout-shop',
  title: 'the Lantern Books checkout shop of counterparts/',
  clean: 'C00',
  variants: Object.keys(FAULTS),
  faults: FAULTS,
  configurations: CONFIGURATIONS,
  createsPayments: true,
  dir: () => (existsSync(`${dir}/shop.mjs`) ? dir : { missing: `the checkout shop is not here (${dir})` }),
  // Its test keys are committed (keys/) and its profiles name them: nothing to make.
  keys: () => ({ file: (name) => `${dir}/keys/${name}`, environment: {}, remove: () => undefined }),
  start: async (cwd, _keys, configuration, variant, serviceUrl) =>
    startPeerProcess({
      label: `checkout shop ${variant}`,
      cwd,
      program: 'node',
      args: [
        'shop.mjs',
        '--config',
        (configuration as ShopConfiguration).config,
        '--service-url',
        serviceUrl ?? 'http://127.0.0.1:9',
        '--port',
        String(await freePort()),
        '--account-id',
        '4101',
        '--payment-method-id',
        'sbx-card-in',
        '--variant',
        variant,
      ],
    }),
  receiverUrl: (base, configuration) => `${base}${(configuration as ShopConfiguration).webhook}`,
  configurationOf: (variant) =>
    ONE_URL.has(variant)
      ? (CONFIGURATIONS[1] as ShopConfiguration)
      : (CONFIGURATIONS[Number(variant.slice(1)) % CONFIGURATIONS.length] as ShopConfiguration),
};
