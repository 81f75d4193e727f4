/**
 * npm run peer-receivers: the receiver certification against merchant receivers the kit was not built against
 * (design brief §9). The independent Python receivers of ../shared/peers get fresh service keys from their own
 * keys.py; R00, the correct one, is certified by URL in two signing configurations with the profiles written from
 * their README (profiles/peers/python-receiver-*.json) and must exit 0 with 0 FAIL; then each faulty variant R01–R15,
 * in one configuration or the other in turn, must exit 1 through a requirement its defect breaks
 * (src/peers/python-receivers-faults.ts, judged from the README) and make nothing else fail, compared test by test
 * with R00's run in the same configuration (src/faults/test-level.ts). Targeted by default (the tests of the
 * requirements each variant breaks), the whole suite with --full.
 *
 * Writes DIR/peer-receivers.json; exit 0 when all of that holds, 1 otherwise, 2 when it cannot be run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommand } from '../args/parse-command.js';
import { CertifyError } from '../certify/certify-cli.js';
import { CHECKOUT_SHOP } from '../peers/checkout-shop.js';
import { PYTHON_RECEIVERS } from '../peers/python-receivers-peer.js';
import type { ReceiverPeer, ReceiverPeerConfiguration, ReceiverPeerKeys } from '../peers/receiver-peers.js';
import { SHOP_RECEIVERS } from '../peers/shop-receivers.js';
import { MARKETPLACE_RECEIVER } from '../peers/marketplace-receiver.js';
import { requirementGrep } from '../requirements/requirement-grep.js';
import { inParallel } from '../runner/in-parallel.js';
import { failuresOf, judgeAgainstClean, judgementText, type TestFailure } from './test-level.js';
import { certifyReceiverPeer, isClient, PAYMENT_CREATING, type ReceiverRun } from './receiver-peer-run.js';

const PEERS: Readonly<Record<string, ReceiverPeer>> = {
  [PYTHON_RECEIVERS.name]: PYTHON_RECEIVERS,
  [SHOP_RECEIVERS.name]: SHOP_RECEIVERS,
  [MARKETPLACE_RECEIVER.name]: MARKETPLACE_RECEIVER,
  [CHECKOUT_SHOP.name]: CHECKOUT_SHOP,
};

const configurationsText = (peer: ReceiverPeer): string =>
  peer.configurations.map((c) => `${c.name} (${path.relative(process.cwd(), c.profile)})`).join(', ');

const HELP = `Certify merchant receivers the kit was not built against: the correct one passes in each signing
configuration, each faulty copy fails through the requirement its defect breaks, and nothing else.

Usage: payment-conformance peer-receivers [--peer NAME] [--variant V]… [--full] [--parallel N] [--out DIR]

  --peer NAME    ${Object.keys(PEERS).join(' or ')} (default python-receivers)
  --variant V    only this faulty variant (repeatable; default: all of them); the correct one always runs
  --full         the whole receiver suite under each variant (default: the tests of the requirements it breaks)
  --parallel N   certifications at a time, each with its own receiver (default 3)
  --out DIR      where peer-receivers.json and each run's reports go (default: reports/peer-receivers)
  --help         this text

The peers of ../shared/peers need Python 3.11 with cryptography and that folder beside the kit (KIT_PEERS_DIR names
another place); the marketplace and the checkout shop of counterparts/ run on the kit's Node.js (the shop's
own client creating its payments on the kit's sandbox, which the run starts on a port of each copy's own).
${Object.values(PEERS)
  .map((peer) => `${peer.name} (${peer.clean}, ${peer.variants.join(' ')}): ${configurationsText(peer)}.`)
  .join('\n')}
`;

export interface PeerReceiverRow {
  readonly variant: string;
  readonly configuration: string;
  readonly breaks: readonly string[];
  readonly detectedBy: readonly string[];
  readonly collateral: readonly TestFailure[];
  readonly exitCode: number;
  readonly seconds: number;
}

function cleanLine(peer: ReceiverPeer, configuration: ReceiverPeerConfiguration, run: ReceiverRun): string {
  const client = peer.createsPayments === true ? `; client ${run.clientFails.length} FAIL` : '';
  if (run.report === undefined) {
    return `[${peer.clean} ${configuration.name}] not certified: its client FAILs ${run.clientFails.join(', ')}\n`;
  }
  const { summary } = run.report;
  return (
    `[${peer.clean} ${configuration.name}] ${summary.pass} PASS, ${summary.fail} FAIL, ${summary.notVerified} NOT VERIFIED, ` +
    `${summary.unspecified} UNSPECIFIED${client}; exit ${run.exitCode}, ${run.seconds} s\n`
  );
}

export async function peerReceivers(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(
      args,
      {
        peer: { type: 'string' },
        variant: { type: 'string', multiple: true },
        full: { type: 'boolean' },
        parallel: { type: 'string' },
        out: { type: 'string' },
      },
      HELP,
      { positionals: false },
    );
  } catch (error) {
    process.stderr.write(`peer-receivers: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === undefined) return 0;
  const { values } = parsed;
  const peer = PEERS[values.peer ?? PYTHON_RECEIVERS.name];
  if (peer === undefined) {
    process.stderr.write(`peer-receivers: no receiver peer ${values.peer ?? ''} (${Object.keys(PEERS).join(', ')})\n`);
    return 2;
  }
  const dir = peer.dir();
  if (typeof dir !== 'string') {
    process.stderr.write(`peer-receivers: ${dir.missing}\n`);
    return 2;
  }
  const variants = values.variant ?? peer.variants;
  const unknown = variants.filter((variant) => peer.faults[variant] === undefined);
  if (unknown.length > 0) {
    process.stderr.write(`peer-receivers: no faulty variant ${unknown.join(', ')} (${peer.variants.join(', ')})\n`);
    return 2;
  }
  const parallel = Number(values.parallel ?? '3');
  if (!Number.isInteger(parallel) || parallel < 1) {
    process.stderr.write('peer-receivers: --parallel takes a whole number from 1\n');
    return 2;
  }
  const full = values.full === true;
  const out = path.resolve(values.out ?? 'reports/peer-receivers');
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  let keys: ReceiverPeerKeys;
  try {
    keys = peer.keys(dir);
  } catch (error) {
    process.stderr.write(`peer-receivers: ${(error as Error).message}\n`);
    return 2;
  }
  // The profiles read the service key pair from the environment, as a merchant's CI hands over secrets.
  Object.assign(process.env, keys.environment);
  try {
    const cleanRuns = await inParallel(peer.configurations, parallel, (configuration) =>
      certifyReceiverPeer(
        peer,
        dir,
        keys,
        configuration,
        peer.clean,
        path.join(out, `${peer.clean}-${configuration.name}`),
        undefined,
      ),
    );
    const clean = new Map<string, ReceiverRun>();
    const falseAlarms: (TestFailure & { configuration: string })[] = [];
    for (const [index, configuration] of peer.configurations.entries()) {
      const run = cleanRuns[index] as ReceiverRun;
      clean.set(configuration.name, run);
      process.stdout.write(cleanLine(peer, configuration, run));
      const alarms = [
        ...(run.report === undefined ? [] : failuresOf(run.report)),
        ...run.clientFails.map((requirement) => ({ requirement, test: 'client report' })),
      ];
      for (const alarm of alarms) {
        falseAlarms.push({ ...alarm, configuration: configuration.name });
        process.stdout.write(`  FALSE ALARM ${alarm.requirement} in ${alarm.test}\n`);
      }
    }
    const rows: PeerReceiverRow[] = [];
    let done = 0;
    await inParallel(variants, parallel, async (variant) => {
      const breaks = peer.faults[variant]?.breaks ?? [];
      const configuration = peer.configurationOf(variant);
      const receiverBreaks = breaks.filter((id) => !isClient(id));
      const targeted = receiverBreaks.length > 0 ? receiverBreaks : PAYMENT_CREATING;
      const grep = full ? undefined : requirementGrep(targeted).source;
      const run = await certifyReceiverPeer(peer, dir, keys, configuration, variant, path.join(out, variant), grep);
      const cleanRun = clean.get(configuration.name) as ReceiverRun;
      const judged =
        run.report === undefined || cleanRun.report === undefined
          ? { detectedBy: [], collateral: [] }
          : judgeAgainstClean(receiverBreaks, cleanRun.report, run.report);
      const row: PeerReceiverRow = {
        variant,
        configuration: configuration.name,
        breaks,
        detectedBy: [...judged.detectedBy, ...run.clientFails.filter((id) => breaks.includes(id as never))],
        collateral: [
          ...judged.collateral,
          ...run.clientFails
            .filter((id) => !breaks.includes(id as never))
            .map((requirement) => ({ requirement, test: 'client report' })),
        ],
        exitCode: run.exitCode,
        seconds: run.seconds,
      };
      rows.push(row);
      done += 1;
      process.stdout.write(
        `[${done}/${variants.length}] ${variant} (${configuration.name}): ${judgementText(breaks, row)} ` +
          `(exit ${row.exitCode}, ${row.seconds} s)\n`,
      );
    });
    rows.sort((a, b) => a.variant.localeCompare(b.variant));
    const cleanOk = cleanRuns.every(
      (run) => run.report?.outcome === 'conformant' && run.report.summary.fail === 0 && run.exitCode === 0,
    );
    const totals = {
      variants: rows.length,
      detected: rows.filter((r) => r.detectedBy.length > 0 && r.exitCode === 1).length,
      collateral: rows.reduce((sum, r) => sum + r.collateral.length, 0),
      falseAlarms: falseAlarms.length,
      wallSeconds: Math.round((Date.now() - started) / 1000),
    };
    const ok = cleanOk && falseAlarms.length === 0 && totals.detected === totals.variants && totals.collateral === 0;
    writeFileSync(
      path.join(out, 'peer-receivers.json'),
      `${JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          scope: full ? 'full' : 'targeted',
          peer: peer.name,
          clean: peer.configurations.map((configuration) => {
            const run = clean.get(configuration.name) as ReceiverRun;
            return {
              configuration: configuration.name,
              summary: run.report?.summary ?? null,
              outcome: run.report?.outcome ?? null,
              clientFails: run.clientFails,
              seconds: run.seconds,
            };
          }),
          falseAlarms,
          variants: rows,
          totals: { ...totals, ok },
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(
      `Peer receivers (${peer.name}): ${ok ? 'OK' : 'NOT OK'} — ${peer.clean} ${cleanOk ? 'conformant' : 'NOT conformant'} in ` +
        `${peer.configurations.length} configurations, ${totals.detected} of ${totals.variants} faulty variants ` +
        `detected (exit 1), ${totals.collateral} collateral, ${totals.falseAlarms} false alarm(s), ` +
        `${totals.wallSeconds} s; ${path.relative(process.cwd(), path.join(out, 'peer-receivers.json'))}\n`,
    );
    return ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof CertifyError) && !(error instanceof Error && /peer receiver|python3/.test(error.message))) {
      throw error;
    }
    process.stderr.write(`peer-receivers: ${error.message}\n`);
    return 2;
  } finally {
    keys.remove();
  }
}
