import type { SandboxClock } from './clock/sandbox-clock.js';
import type { Merchant } from './config/merchant.js';
import type { SandboxConventions } from './config/sandbox-conventions.js';
import type { SandboxMethod } from './config/payment-methods.js';
import type { RecordStyle } from './domain/record-style.js';
import type { FaultSet } from './faults/fault-set.js';
import type { MagicRules } from './flavors/magic-rules.js';
import type { PostbackSender } from './postbacks/postback-sender.js';
import type { ComplaintStore } from './store/complaint-store.js';
import type { HeldPayments } from './store/held-payments.js';
import type { MediaStore } from './store/media-store.js';
import type { PaymentStore } from './store/payment-store.js';

/** Everything the sandbox's operations share: its clock, its stores, its merchants, its faults. */
export interface SandboxContext {
  readonly clock: SandboxClock;
  readonly payments: PaymentStore;
  readonly complaints: ComplaintStore;
  readonly media: MediaStore;
  /** Payments the kit drives: their ids named before a merchant's client creates them (store/held-payments.ts). */
  readonly held: HeldPayments;
  readonly postbacks: PostbackSender;
  readonly faults: FaultSet;
  /** By the publicKey text their requests carry. */
  readonly merchants: ReadonlyMap<string, Merchant>;
  readonly methods: ReadonlyMap<string, SandboxMethod>;
  /** The profile's conventions, the sandbox's own where it states none. */
  readonly conventions: SandboxConventions;
  /** How payments settle by themselves: the flavour's magic values. */
  readonly magic: MagicRules;
  /** How records write createdAt and order clientFieldsValues; default the sandbox's own (record-style.ts). */
  readonly recordStyle?: RecordStyle;
  /** The URL the sandbox is reached at, for formUrl and media URLs. */
  readonly publicBaseUrl: () => string;
  readonly controlBasePath: string;
  readonly newId: () => string;
  readonly log: (line: string) => void;
}
