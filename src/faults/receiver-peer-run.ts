/**
 * One certification of a receiver peer (npm run peer-receivers): a variant started in one configuration, certified by
 * URL with that configuration's profile, and stopped. Where the shop's own client creates the payments, the shop is
 * given the kit's sandbox on a port of its own when it starts, and the client report of the same run is read beside
 * the receiver's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { runReceiverRun } from '../certify/receiver-cli.js';
import { freePort } from '../free-port.js';
import { startAvoidingPort } from '../peers/peer-process.js';
import type { ReceiverPeer, ReceiverPeerConfiguration, ReceiverPeerKeys } from '../peers/receiver-peers.js';
import { EXIT_CODES } from '../report/verdicts.js';

export interface ReceiverRun {
  /** The receiver's report; undefined where the shop's client, failing the client report, created no payment. */
  readonly report: ConformanceReport | undefined;
  /** The CLIENT requirements the shop's own client FAILed in the same run (createsPayments). */
  readonly clientFails: readonly string[];
  readonly exitCode: number;
  readonly seconds: number;
}

/** One variant started in one configuration, certified by URL with that configuration's profile, and stopped. */
export async function certifyReceiverPeer(
  peer: ReceiverPeer,
  dir: string,
  keys: ReceiverPeerKeys,
  configuration: ReceiverPeerConfiguration,
  variant: string,
  out: string,
  grep: string | undefined,
): Promise<ReceiverRun> {
  const started = Date.now();
  // A shop whose client creates the payments is given the kit's sandbox when it starts, as a shop is configured.
  const servicePort = peer.createsPayments === true ? await freePort() : undefined;
  const serviceUrl = servicePort === undefined ? undefined : `http://127.0.0.1:${servicePort}`;
  const start = () => peer.start(dir, keys, configuration, variant, serviceUrl);
  // The sandbox's port is chosen, not held, until it listens: the shop must not be given it for its own.
  const receiver = servicePort === undefined ? await start() : await startAvoidingPort(servicePort, start);
  try {
    const run = await runReceiverRun(
      {
        receiver: peer.receiverUrl(receiver.url, configuration),
        serviceUrl,
        fault: undefined,
        profile: configuration.profile,
        out,
        grep,
        workers: '1',
        maxMinutes: 10,
        gate: 'profile',
      },
      'quiet',
    );
    writeFileSync(path.join(out, 'receiver.log'), receiver.log());
    const client = typeof run.client === 'object' ? run.client : undefined;
    const clientFails = (client?.requirements ?? []).filter((r) => r.verdict === 'FAIL').map((r) => r.id);
    const exits = [
      run.report === undefined ? EXIT_CODES['not-conformant'] : EXIT_CODES[run.report.outcome],
      client === undefined ? 0 : EXIT_CODES[client.outcome],
    ];
    return {
      report: run.report,
      clientFails,
      exitCode: Math.max(...exits),
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await receiver.stop();
  }
}

/** A CLIENT requirement: the shop's own client's, judged in the client report of the run. */
export const isClient = (id: string): boolean => id.startsWith('CLIENT-');

/** The tests a client's defect shows in: those that make the shop create payments. */
export const PAYMENT_CREATING = ['RECEIVER-STATUS-RECORDED'];
