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
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { CertifyError } from '../certify/certify-cli.js';
import { runReceiverCertification } from '../certify/receiver-cli.js';
import { PYTHON_RECEIVER_FAULT_MAP } from '../peers/python-receivers-faults.js';
import {
  generateReceiverKeys,
  pythonReceiversDir,
  RECEIVER_CONFIGURATIONS,
  RECEIVER_VARIANTS,
  type ReceiverConfiguration,
  type ReceiverKeys,
  startPythonReceiver,
} from '../peers/python-receivers.js';
import { requirementGrep } from '../requirements/requirement-grep.js';
import { EXIT_CODES } from '../report/verdicts.js';
import { inParallel } from '../runner/in-parallel.js';
import { failuresOf, judgeAgainstClean, judgementText, type TestFailure } from './test-level.js';

const FAULTY = RECEIVER_VARIANTS.filter((variant) => variant !== 'R00');

const HELP = `Certify the independent Python receivers: R00 passes in two signing configurations, each of R01–R15 fails
through the requirement its defect breaks, and nothing else.

Usage: payment-conformance peer-receivers [--variant Rnn]… [--full] [--parallel N] [--out DIR]

  --variant Rnn  only this faulty variant (repeatable; default: all ${FAULTY.length}); R00 always runs
  --full         the whole receiver suite under each variant (default: the tests of the requirements it breaks)
  --parallel N   certifications at a time, each with its own receiver (default 3)
  --out DIR      where peer-receivers.json and each run's reports go (default: reports/peer-receivers)
  --help         this text

Needs Python 3.11 with cryptography and ../shared/peers beside the kit (KIT_PEERS_DIR names another place).
Configurations: ${RECEIVER_CONFIGURATIONS.map((c) => `${c.name} (${path.relative(process.cwd(), c.profile)})`).join(', ')}.
`;

interface ReceiverRun {
  readonly report: ConformanceReport;
  readonly seconds: number;
}

/** One variant started in one configuration, certified by URL with that configuration's profile, and stopped. */
async function certifyReceiverPeer(
  dir: string,
  keys: ReceiverKeys,
  configuration: ReceiverConfiguration,
  variant: string,
  out: string,
  grep: string | undefined,
): Promise<ReceiverRun> {
  const started = Date.now();
  const receiver = await startPythonReceiver(dir, keys, configuration, variant);
  try {
    const report = await runReceiverCertification(
      {
        // The README: "The receiver accepts POST on any path as a postback."
        receiver: `${receiver.url}/postback`,
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
    return { report, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await receiver.stop();
  }
}

export interface PeerReceiverRow {
  readonly variant: string;
  readonly configuration: string;
  readonly breaks: readonly string[];
  readonly detectedBy: readonly string[];
  readonly collateral: readonly TestFailure[];
  readonly exitCode: number;
  readonly seconds: number;
}

/** The configuration a faulty variant runs in: the two in turn, so each is proven to catch defects. */
export function configurationOf(variant: string): ReceiverConfiguration {
  const index = Number(variant.slice(1)) % RECEIVER_CONFIGURATIONS.length;
  return RECEIVER_CONFIGURATIONS[index === 0 ? 1 : 0] as ReceiverConfiguration;
}

function cleanLine(configuration: ReceiverConfiguration, run: ReceiverRun): string {
  const { summary, outcome } = run.report;
  return (
    `[R00 ${configuration.name}] ${summary.pass} PASS, ${summary.fail} FAIL, ${summary.notVerified} NOT VERIFIED, ` +
    `${summary.unspecified} UNSPECIFIED; exit ${EXIT_CODES[outcome]}, ${run.seconds} s\n`
  );
}

export async function peerReceivers(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(
      args,
      {
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
  const dir = pythonReceiversDir();
  if (typeof dir !== 'string') {
    process.stderr.write(`peer-receivers: ${dir.missing}\n`);
    return 2;
  }
  const variants = values.variant ?? FAULTY;
  const unknown = variants.filter((variant) => PYTHON_RECEIVER_FAULT_MAP[variant] === undefined);
  if (unknown.length > 0) {
    process.stderr.write(`peer-receivers: no faulty variant ${unknown.join(', ')} (${FAULTY.join(', ')})\n`);
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
  let keys: ReceiverKeys;
  try {
    keys = generateReceiverKeys(dir);
  } catch (error) {
    process.stderr.write(`peer-receivers: ${(error as Error).message}\n`);
    return 2;
  }
  // The profiles read the service key pair from the environment, as a merchant's CI hands over secrets.
  Object.assign(process.env, keys.environment);
  try {
    const cleanRuns = await inParallel(RECEIVER_CONFIGURATIONS, parallel, (configuration) =>
      certifyReceiverPeer(dir, keys, configuration, 'R00', path.join(out, `R00-${configuration.name}`), undefined),
    );
    const clean = new Map<string, ReceiverRun>();
    const falseAlarms: (TestFailure & { configuration: string })[] = [];
    for (const [index, configuration] of RECEIVER_CONFIGURATIONS.entries()) {
      const run = cleanRuns[index] as ReceiverRun;
      clean.set(configuration.name, run);
      process.stdout.write(cleanLine(configuration, run));
      for (const alarm of failuresOf(run.report)) {
        falseAlarms.push({ ...alarm, configuration: configuration.name });
        process.stdout.write(`  FALSE ALARM ${alarm.requirement} in ${alarm.test}\n`);
      }
    }
    const rows: PeerReceiverRow[] = [];
    let done = 0;
    await inParallel(variants, parallel, async (variant) => {
      const breaks = PYTHON_RECEIVER_FAULT_MAP[variant]?.breaks ?? [];
      const configuration = configurationOf(variant);
      const grep = full ? undefined : requirementGrep(breaks).source;
      const run = await certifyReceiverPeer(dir, keys, configuration, variant, path.join(out, variant), grep);
      const cleanRun = clean.get(configuration.name) as ReceiverRun;
      const judged = judgeAgainstClean(breaks, cleanRun.report, run.report);
      const row: PeerReceiverRow = {
        variant,
        configuration: configuration.name,
        breaks,
        detectedBy: judged.detectedBy,
        collateral: judged.collateral,
        exitCode: EXIT_CODES[run.report.outcome],
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
    const cleanOk = cleanRuns.every((run) => run.report.outcome === 'conformant' && run.report.summary.fail === 0);
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
          clean: RECEIVER_CONFIGURATIONS.map((configuration) => {
            const run = clean.get(configuration.name) as ReceiverRun;
            return {
              configuration: configuration.name,
              summary: run.report.summary,
              outcome: run.report.outcome,
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
      `Peer receivers: ${ok ? 'OK' : 'NOT OK'} — R00 ${cleanOk ? 'conformant' : 'NOT conformant'} in ` +
        `${RECEIVER_CONFIGURATIONS.length} configurations, ${totals.detected} of ${totals.variants} faulty variants ` +
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
