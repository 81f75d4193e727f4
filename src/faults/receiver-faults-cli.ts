/**
 * npm run receiver-faults: the receiver certification's detection power. The embedded reference receiver is
 * certified clean (every RECEIVER requirement must pass) and with each faulty receiver of examples/receivers on: each
 * must fail (exit 1) through every requirement it declares it breaks, and through no other (collateral: zero).
 * Writes DIR/receiver-faults.json; exit 0 when all of that holds, 1 otherwise, 2 when the matrix cannot be run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { FAULTY_RECEIVERS, type FaultyReceiver } from '../../examples/receivers/faulty-receivers.js';
import { CertifyError, runReportingProject } from '../certify/certify-cli.js';
import { DEFAULT_PROFILE_FILE } from '../profile/load-profile.js';
import { parseShard, ShardError } from '../runner/shard.js';
import { mergeReceiverParts, writeReceiverPart, type CleanRun } from './receiver-fault-shards.js';

const HELP = `Prove the receiver certification catches every faulty receiver and nothing else.

Usage: payment-conformance receiver-faults [--fault NAME]… [--out DIR]

  --fault NAME   only this faulty receiver (repeatable; default: all ${FAULTY_RECEIVERS.length})
  --out DIR      where receiver-faults.json and each run's reports go (default: reports/receiver-faults)
  --shard i/n    only every n-th faulty receiver from the i-th (the clean run in shard 1): writes
                 DIR/receiver-faults-part-i-of-n.json, exit 0 when it ran
  --merge DIR... join the parts of all n shards (their --out folders) into receiver-faults.json and its exit code
  --help         this text
`;

export interface ReceiverFaultRow {
  readonly name: string;
  readonly breaks: readonly string[];
  /** The requirements that FAILed under it. */
  readonly failed: readonly string[];
  /** Declared and FAILed. */
  readonly detectedBy: readonly string[];
  /** Declared and not FAILed. */
  readonly missed: readonly string[];
  /** FAILed and not declared. */
  readonly collateral: readonly string[];
  readonly exitCode: number;
}

const failedOf = (report: ConformanceReport): string[] =>
  report.requirements.filter((r) => r.verdict === 'FAIL').map((r) => r.id);

/** One faulty receiver's row: what its certification failed, against what it declares. */
export function judgeReceiverFault(
  fault: Pick<FaultyReceiver, 'name' | 'breaks'>,
  report: ConformanceReport,
  exitCode: number,
): ReceiverFaultRow {
  const failed = failedOf(report);
  return {
    name: fault.name,
    breaks: fault.breaks,
    failed,
    detectedBy: fault.breaks.filter((id) => failed.includes(id)),
    missed: fault.breaks.filter((id) => !failed.includes(id)),
    collateral: failed.filter((id) => !fault.breaks.includes(id)),
    exitCode,
  };
}

const EXIT: Readonly<Record<ConformanceReport['outcome'], number>> = {
  conformant: 0,
  'not-conformant': 1,
  incomplete: 2,
};

async function certifyEmbedded(out: string, fault: string | undefined): Promise<ConformanceReport> {
  return runReportingProject(
    ['receiver'],
    { profile: DEFAULT_PROFILE_FILE, out, grep: undefined, workers: '1', maxMinutes: 10, gate: 'profile' },
    { KIT_SCOPE: 'receiver', KIT_RECEIVER: '', KIT_RECEIVER_FAULT: fault ?? '' },
    undefined,
    'quiet',
  );
}

export async function receiverFaults(args: readonly string[]): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: args.includes('--merge'),
      options: {
        fault: { type: 'string', multiple: true },
        out: { type: 'string' },
        shard: { type: 'string' },
        merge: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`receiver-faults: ${(error as Error).message} (see --help)\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(HELP);
    return 0;
  }
  const names = values.fault ?? [];
  const unknown = names.filter((n) => !FAULTY_RECEIVERS.some((f) => f.name === n));
  if (unknown.length > 0) {
    process.stderr.write(`receiver-faults: no faulty receiver is named ${unknown.join(', ')}\n`);
    return 2;
  }
  const chosen = names.length === 0 ? FAULTY_RECEIVERS : FAULTY_RECEIVERS.filter((f) => names.includes(f.name));
  const out = path.resolve(values.out ?? 'reports/receiver-faults');
  const started = Date.now();
  try {
    if (values.merge === true) {
      const merged = mergeReceiverParts(positionals);
      return judgeMatrix(out, merged, merged.wallSeconds, ` (the longest of ${merged.shards} shards)`);
    }
    if (positionals.length > 0) throw new ShardError(`unexpected ${positionals.join(' ')} (see --help)`);
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    const mine = shard === undefined ? chosen : chosen.filter((_, k) => k % shard.total === shard.index - 1);
    // The clean run once per matrix: in the first shard.
    let clean: CleanRun | undefined;
    if (shard === undefined || shard.index === 1) {
      const report = await certifyEmbedded(path.join(out, 'clean'), undefined);
      clean = { failed: failedOf(report), outcome: report.outcome, pass: report.summary.pass };
      process.stdout.write(
        `[clean] reference receiver: ${report.summary.pass} PASS, ${report.summary.fail} FAIL, ` +
          `${report.summary.notVerified} NOT VERIFIED (exit ${EXIT[report.outcome]})\n`,
      );
    }
    const rows: ReceiverFaultRow[] = [];
    for (const [index, fault] of mine.entries()) {
      const report = await certifyEmbedded(path.join(out, fault.name), fault.name);
      const row = judgeReceiverFault(fault, report, EXIT[report.outcome]);
      rows.push(row);
      const verdict =
        row.missed.length > 0 ? `MISSED ${row.missed.join(', ')}` : `detected by ${row.detectedBy.join(', ')}`;
      const collateral = row.collateral.length > 0 ? `; COLLATERAL ${row.collateral.join(', ')}` : '';
      process.stdout.write(
        `[${index + 1}/${mine.length}] ${fault.name}: ${verdict}${collateral} (exit ${row.exitCode})\n`,
      );
    }
    if (shard !== undefined) {
      const wallSeconds = Math.round((Date.now() - started) / 1000);
      const file = writeReceiverPart(out, shard, { names: chosen.map((f) => f.name), clean, rows, wallSeconds });
      process.stdout.write(
        `receiver faults: shard ${shard.index}/${shard.total}: ${rows.length} faulty receivers in ` +
          `${path.relative(process.cwd(), file)}; judge all with receiver-faults --merge <each shard's --out>\n`,
      );
      return 0;
    }
    if (clean === undefined) throw new ShardError('no clean run');
    return judgeMatrix(out, { clean, rows }, Math.round((Date.now() - started) / 1000));
  } catch (error) {
    if (error instanceof ShardError) {
      process.stderr.write(`receiver-faults: ${error.message}\n`);
      return 2;
    }
    if (!(error instanceof CertifyError)) throw error;
    process.stderr.write(`receiver-faults: ${error.message}\n`);
    return 2;
  }
}

/** Writes receiver-faults.json from the clean run and each faulty receiver's row; returns the exit code. */
function judgeMatrix(
  out: string,
  matrix: { clean: CleanRun; rows: readonly ReceiverFaultRow[] },
  wallSeconds: number,
  /** What the time is, where it is not this process's own run. */
  timeNote = '',
): number {
  const { clean, rows } = matrix;
  const cleanFailed = clean.failed;
  const totals = {
    faults: rows.length,
    detected: rows.filter((r) => r.missed.length === 0 && r.exitCode === 1).length,
    collateral: rows.reduce((sum, r) => sum + r.collateral.length, 0),
    cleanFail: cleanFailed.length,
    cleanPass: clean.pass,
    wallSeconds,
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'receiver-faults.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), clean: { failed: cleanFailed, outcome: clean.outcome }, faults: rows, totals }, null, 2)}\n`,
  );
  process.stdout.write(
    `receiver faults: ${totals.detected} of ${totals.faults} detected, ${totals.collateral} collateral FAIL, ` +
      `clean ${totals.cleanPass} PASS / ${totals.cleanFail} FAIL, ${totals.wallSeconds} s${timeNote}; ` +
      `${path.relative(process.cwd(), path.join(out, 'receiver-faults.json'))}\n`,
  );
  const ok =
    totals.cleanFail === 0 &&
    clean.outcome === 'conformant' &&
    totals.detected === totals.faults &&
    totals.collateral === 0;
  return ok ? 0 : 1;
}
