/**
 * The merchant receivers of ../shared/peers the kit certifies without having been built against them (design brief
 * §9): each a correct variant and faulty copies, run as its own README says, with profiles written from that README.
 * `npm run peer-receivers -- --peer NAME` certifies one (src/faults/peer-receivers-cli.ts).
 */
import type { PeerReceiverFault } from './python-receivers-faults.js';
import type { RunningPeer } from './peer-process.js';

/** One signing configuration of a receiver peer, and the kit's profile for a receiver so configured. */
export interface ReceiverPeerConfiguration {
  readonly name: string;
  readonly profile: string;
}

/** Fresh keys made by the peer's own tool: its files, and the environment its profiles read the service keys from. */
export interface ReceiverPeerKeys {
  file(name: string): string;
  readonly environment: Readonly<Record<string, string>>;
  remove(): void;
}

export interface ReceiverPeer {
  readonly name: string;
  /** How messages name it. */
  readonly title: string;
  /** The correct variant. */
  readonly clean: string;
  /** The faulty variants. */
  readonly variants: readonly string[];
  /** The requirements each faulty variant breaks, judged from the README before anything ran. */
  readonly faults: Readonly<Record<string, PeerReceiverFault>>;
  readonly configurations: readonly ReceiverPeerConfiguration[];
  /**
   * Its own client creates each payment on the service (receiver.expectedPayments.createdOnService): it is started
   * with the URL of the kit's sandbox for the run, and its client report is judged with the receiver's.
   */
  readonly createsPayments?: boolean;
  /** Its folder, or why it cannot be used here. */
  dir(): string | { readonly missing: string };
  keys(dir: string): ReceiverPeerKeys;
  start(
    dir: string,
    keys: ReceiverPeerKeys,
    configuration: ReceiverPeerConfiguration,
    variant: string,
    /** The kit's sandbox, for a peer that createsPayments. */
    serviceUrl?: string,
  ): Promise<RunningPeer>;
  /** Where payment postbacks go, from its base URL. */
  receiverUrl(base: string, configuration: ReceiverPeerConfiguration): string;
  /** The configuration a faulty variant runs in: each in turn, so each is proven to catch defects. */
  configurationOf(variant: string): ReceiverPeerConfiguration;
}
