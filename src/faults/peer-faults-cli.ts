/**
 * npm run peer-faults: the kit against a service it was not built against (design brief §9). A peer service of
 * src/peers/peer-services.ts (--peer: the independent Python service by default, PayGate, Orbipay) is started clean and
 * certified by URL with its profile, then once under each of its faults: each must be detected through a requirement
 * it breaks (its fault map, judged from its README) and make nothing else fail, compared test by test with the clean
 * run (src/faults/test-level.ts). Targeted by default (the tests of the requirements the chosen faults break), the
 * whole suite with --full. `--certify` makes the clean run the whole certification, held to 0 FAIL and to the share
 * of testable spec-level requirements that must PASS, and runs no fault unless `--with-faults` asks for them too (then
 * targeted, compared with that whole clean run: one peer start less than a certification and a matrix apart).
 *
 * Writes DIR/peer-faults.json; exit 0 when all of that holds, 1 otherwise, 2 when it cannot be run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommand } from '../args/parse-command.js';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { CertifyError, runReportingProject } from '../certify/certify-cli.js';
import { PEER_SERVICE_NAMES, type PeerService, peerServiceNamed, startPeerService } from '../peers/peer-services.js';
import { writeProfileVariant } from '../profile/profile-copy.js';
import { requirementGrep } from '../requirements/requirement-grep.js';
import { REQUIREMENTS } from '../requirements/registry.js';
import { freePort } from '../free-port.js';
import { startAvoidingPort } from '../peers/peer-process.js';
import { inParallel } from '../runner/in-parallel.js';
import { failuresOf, judgeAgainstClean, judgementText, type TestFailure } from './test-level.js';

/** The share of testable spec-level requirements a clean certification of the peer must PASS. */
const MIN_SPEC_PASS = 0.9;

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}

const HELP = `Certify a peer service and prove the kit catches each of its faults, and nothing else.

Usage: payment-conformance peer-faults [--peer NAME] [--fault NAME]… [--full] [--certify [--with-faults]]
                                       [--workers N] [--parallel N] [--out DIR]

  --peer NAME    the peer service: ${PEER_SERVICE_NAMES.join(', ')} (default python-service), or random-SEED:
                 the sandbox's random legal flavour of that seed, under a sample of the sandbox's faults
  --fault NAME   only this fault (repeatable; default: all of the peer's)
  --full         the whole suite under each fault (default: the tests of the requirements it breaks)
  --certify      only the clean certification: 0 FAIL, and at least ${percent(MIN_SPEC_PASS)} of the testable
                 spec-level requirements PASS
  --with-faults  with --certify: then each fault too (targeted unless --full), judged against that whole clean run
  --workers N    Playwright workers per run (default 2)
  --parallel N   runs at a time, each with its own peer and capture server (default 2)
  --out DIR      where peer-faults.json and each run's reports go (default: reports/peer-faults)
  --help         this text

The Python peers need Python 3.11 with cryptography and ../shared/peers beside the kit (KIT_PEERS_DIR names another
place); Orbipay runs on the kit's own Node.js, from counterparts/.
`;

interface PeerRun {
  readonly report: ConformanceReport;
  readonly seconds: number;
}

/**
 * The peer started (clean or with a fault) with the capture server's URL as its merchant's registered one, certified
 * by URL with the peer's profile (a copy naming that capture port), and stopped.
 */
async function certifyPeer(
  service: PeerService,
  fault: string | undefined,
  out: string,
  grep: string | undefined,
  workers: string,
): Promise<PeerRun> {
  const started = Date.now();
  const capturePort = await freePort();
  const registered = `http://127.0.0.1:${capturePort}/pb/merchant`;
  const profile = writeProfileVariant(service.profileFile(), service.name, (settings) =>
    service.registersPostbackUrl
      ? { ...settings, merchant: { ...settings.merchant, postbackUrl: registered } }
      : settings,
  );
  // The capture port is chosen, not held, until the run's capture server listens on it: a CI run's peer was given
  // that very port by the OS, and the fault's run certified nothing (EADDRINUSE).
  const peer = await startAvoidingPort(capturePort, () =>
    startPeerService(service, { ...(fault === undefined ? {} : { fault }), registeredPostbackUrl: registered }),
  );
  try {
    const report = await runReportingProject(
      ['conformance'],
      { profile, out, grep, workers, maxMinutes: 30, gate: 'profile' },
      { KIT_TARGET: peer.url, KIT_CAPTURE_PORT: String(capturePort) },
      undefined,
      'quiet',
    );
    writeFileSync(path.join(out, 'peer-service.log'), peer.log());
    return { report, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await peer.stop();
  }
}

/** The testable spec-level requirements (neither UNSPECIFIED nor untestable by nature) and those that PASSed. */
export function specShare(report: ConformanceReport): { pass: number; testable: number } {
  const untestable = new Set<string>(REQUIREMENTS.filter((r) => r.untestable !== undefined).map((r) => r.id));
  const testable = report.requirements.filter(
    (r) => r.level === 'spec' && r.verdict !== 'UNSPECIFIED' && !untestable.has(r.id),
  );
  return { pass: testable.filter((r) => r.verdict === 'PASS').length, testable: testable.length };
}

export interface PeerFaultRow {
  readonly name: string;
  readonly breaks: readonly string[];
  readonly detectedBy: readonly string[];
  readonly collateral: readonly TestFailure[];
  readonly outcome: ConformanceReport['outcome'];
  readonly seconds: number;
}

function summaryLine(label: string, run: PeerRun): string {
  const { summary, outcome } = run.report;
  const share = specShare(run.report);
  return (
    `[${label}] ${summary.pass} PASS, ${summary.fail} FAIL, ${summary.notVerified} NOT VERIFIED, ` +
    `${summary.unspecified} UNSPECIFIED; spec-level ${share.pass} of ${share.testable} testable PASS ` +
    `(${percent(share.pass / Math.max(1, share.testable))}); ${outcome}, ${run.seconds} s\n`
  );
}

export async function peerFaults(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(
      args,
      {
        peer: { type: 'string' },
        fault: { type: 'string', multiple: true },
        full: { type: 'boolean' },
        certify: { type: 'boolean' },
        'with-faults': { type: 'boolean' },
        workers: { type: 'string' },
        parallel: { type: 'string' },
        out: { type: 'string' },
      },
      HELP,
      { positionals: false },
    );
  } catch (error) {
    process.stderr.write(`peer-faults: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === undefined) return 0;
  const { values } = parsed;
  const peerName = values.peer ?? 'python-service';
  const service = peerServiceNamed(peerName);
  if (service === undefined) {
    process.stderr.write(`peer-faults: no peer service ${peerName} (${PEER_SERVICE_NAMES.join(', ')}, random-SEED)\n`);
    return 2;
  }
  const dir = service.dir();
  if (typeof dir !== 'string') {
    process.stderr.write(`peer-faults: ${dir.missing}\n`);
    return 2;
  }
  const names = values.fault ?? Object.keys(service.faults);
  const unknown = names.filter((name) => service.faults[name] === undefined);
  if (unknown.length > 0) {
    process.stderr.write(`peer-faults: ${service.label} has no fault ${unknown.join(', ')}\n`);
    return 2;
  }
  const workers = values.workers ?? '2';
  const parallel = Number(values.parallel ?? '2');
  if (!/^[1-9]\d*$/.test(workers) || !Number.isInteger(parallel) || parallel < 1) {
    process.stderr.write('peer-faults: --workers and --parallel take a whole number from 1\n');
    return 2;
  }
  const out = path.resolve(values.out ?? 'reports/peer-faults');
  mkdirSync(out, { recursive: true });
  if (values['with-faults'] === true && values.certify !== true) {
    process.stderr.write('peer-faults: --with-faults goes with --certify (without it the faults run anyway)\n');
    return 2;
  }
  const certifyOnly = values.certify === true && values['with-faults'] !== true;
  // The clean run is the whole suite under --certify; each fault's run, only under --full.
  const wholeClean = values.full === true || values.certify === true;
  const full = values.full === true;
  const started = Date.now();
  try {
    const breaksOf = (name: string) => service.faults[name]?.breaks ?? [];
    const cleanGrep = wholeClean ? undefined : requirementGrep(names.flatMap(breaksOf)).source;
    const clean = await certifyPeer(service, undefined, path.join(out, 'clean'), cleanGrep, workers);
    process.stdout.write(summaryLine('clean', clean));
    const falseAlarms = failuresOf(clean.report);
    for (const alarm of falseAlarms) process.stdout.write(`  FALSE ALARM ${alarm.requirement} in ${alarm.test}\n`);
    const share = specShare(clean.report);
    const shareOk = !wholeClean || share.pass >= MIN_SPEC_PASS * share.testable;
    const rows: PeerFaultRow[] = [];
    if (!certifyOnly) {
      let done = 0;
      await inParallel(names, parallel, async (name) => {
        const breaks = breaksOf(name);
        const grep = full ? undefined : requirementGrep(breaks).source;
        const run = await certifyPeer(service, name, path.join(out, name), grep, workers);
        const judged = judgeAgainstClean(breaks, clean.report, run.report);
        const row: PeerFaultRow = {
          name,
          breaks,
          detectedBy: judged.detectedBy,
          collateral: judged.collateral,
          outcome: run.report.outcome,
          seconds: run.seconds,
        };
        rows.push(row);
        done += 1;
        process.stdout.write(`[${done}/${names.length}] ${name}: ${judgementText(breaks, row)} (${row.seconds} s)\n`);
      });
    }
    rows.sort((a, b) => a.name.localeCompare(b.name));
    const totals = {
      faults: rows.length,
      detected: rows.filter((r) => r.detectedBy.length > 0).length,
      collateral: rows.reduce((sum, r) => sum + r.collateral.length, 0),
      falseAlarms: falseAlarms.length,
      specPass: share.pass,
      specTestable: share.testable,
      wallSeconds: Math.round((Date.now() - started) / 1000),
    };
    const ok =
      falseAlarms.length === 0 &&
      clean.report.outcome === 'conformant' &&
      shareOk &&
      totals.detected === totals.faults &&
      totals.collateral === 0;
    writeFileSync(
      path.join(out, 'peer-faults.json'),
      `${JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          scope: full ? 'full' : 'targeted',
          workers: Number(workers),
          clean: {
            scope: wholeClean ? 'whole' : 'targeted',
            summary: clean.report.summary,
            outcome: clean.report.outcome,
            falseAlarms,
            seconds: clean.seconds,
          },
          faults: rows,
          totals: { ...totals, ok },
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(
      `${service.label}: ${ok ? 'OK' : 'NOT OK'} — ${certifyOnly ? 'clean certification only' : `${totals.detected} of ${totals.faults} faults detected, ${totals.collateral} collateral`}, ` +
        `${totals.falseAlarms} false alarm(s)${shareOk ? '' : `, spec-level PASS below ${percent(MIN_SPEC_PASS)}`}, ` +
        `${totals.wallSeconds} s; ${path.relative(process.cwd(), path.join(out, 'peer-faults.json'))}\n`,
    );
    return ok ? 0 : 1;
  } catch (error) {
    const peerFailure =
      error instanceof Error && (error.message.startsWith(service.label) || /could not be started/.test(error.message));
    if (!(error instanceof CertifyError) && !peerFailure) {
      throw error;
    }
    process.stderr.write(`peer-faults: ${error.message}\n`);
    return 2;
  }
}
