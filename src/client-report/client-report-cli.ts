/**
 * `payment-conformance report client FILE`: a recording of a merchant's client against the sandbox (`payment-conformance sandbox
 * --record FILE`) judged against the CLIENT requirements, in certify's report formats and exit codes: 0 no
 * requirement the gate counts failed, 1 one did, 2 the recording could not be judged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommand } from '../args/parse-command.js';
import type { ConformanceReport, RequirementResult } from '../../generated/report/conformance.gen.js';
import { DEFAULT_PROFILE_FILE, loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import { kitFacts } from '../report/conformance-reporter.js';
import { renderHtml } from '../report/render-html.js';
import { renderMarkdown } from '../report/render-markdown.js';
import { EXIT_CODES, GATES, type Gate, outcomeOf, summarise } from '../report/verdicts.js';
import { CLIENT_REGISTRY } from '../requirements/registry.js';
import type { Requirement } from '../requirements/requirement.js';
import { redactSecrets } from '../secrets/redaction.js';
import { judgeClient, type ClientJudgement } from './client-judge.js';
import { readRecording, RecordingError } from './read-recording.js';

export const CLIENT_REPORT_HELP = `Judge a recording of a merchant's client against the CLIENT requirements.

Usage: payment-conformance report client FILE [options]

  FILE                 a recording: payment-conformance sandbox --record FILE, then run the client against that sandbox
  --profile FILE       the profile the client was run with: its operations' paths, signing (scheme, key,
                       signing input) and client.minStatusIntervalMs (default: profiles/sandbox.json)
  --out DIR            where the reports go (default: reports/client)
  --gate profile|spec  what fails the run (exit 1): profile (default) any FAIL; spec the interface's own
  --help               this text

Exit codes: 0 no requirement the gate counts failed; 1 one did; 2 the recording could not be judged (unreadable,
no exchange of the interface in it, a bad profile).
`;

const MAX_EVIDENCE = 5;

export class ClientReportError extends Error {}

/** What NOT VERIFIED says when the recording had nothing a requirement looks at. */
const NOTHING_TO_JUDGE: Readonly<Record<string, string>> = {
  'CLIENT-REQUEST-SCHEMA': 'the recording holds no request to an operation of the profile',
  'CLIENT-SIGNATURE': 'the recording holds no JSON request to an operation of the profile',
  'CLIENT-NEXT-ID': 'no list answer with a nextId was followed by another request of the same list',
  'CLIENT-MERCHANT-PAYMENT-ID': 'the recording holds no payment creation',
  'CLIENT-PAYOUT-IDEMPOTENT': 'the recording holds no payout with a merchantPaymentId',
  'CLIENT-STATUS-POLLING': 'the recording holds no status check by paymentId or merchantPaymentId',
};

function resultOf(requirement: Requirement, judgement: ClientJudgement, profile: LoadedProfile): RequirementResult {
  const base = {
    id: requirement.id,
    section: requirement.section,
    statement: requirement.statement,
    level: requirement.level,
    tests: [],
  };
  if (requirement.id === 'CLIENT-STATUS-POLLING' && profile.settings.client?.minStatusIntervalMs === undefined) {
    return {
      ...base,
      verdict: 'UNSPECIFIED',
      reason:
        'not declared by the profile: client.minStatusIntervalMs (the shortest time between two status checks of ' +
        'one payment; §4.3 states none)',
      evidence: [],
    };
  }
  const findings = judgement.findings.get(requirement.id as never) ?? [];
  if (findings.length > 0) {
    return {
      ...base,
      verdict: 'FAIL',
      evidence: findings.slice(0, MAX_EVIDENCE).map((f) => ({
        test: f.test,
        message: `${f.problem}: ${f.detail} (${f.count} time${f.count === 1 ? '' : 's'} in the recording)`,
        ...(f.request === undefined ? {} : { request: f.request }),
        ...(f.response === undefined ? {} : { response: f.response }),
      })),
      findings: [...findings],
    };
  }
  if ((judgement.looked.get(requirement.id as never) ?? 0) > 0) return { ...base, verdict: 'PASS', evidence: [] };
  return {
    ...base,
    verdict: 'NOT VERIFIED',
    reason: NOTHING_TO_JUDGE[requirement.id] ?? 'nothing to judge',
    evidence: [],
  };
}

/**
 * Judges the recording `file` of a client that ran with `profile` and writes conformance.{json,md,html} to `out`;
 * prints the summary (unless `quiet`) and returns the report. Throws ClientReportError or RecordingError when it cannot
 * be judged.
 */
export function writeClientReport(
  file: string,
  profile: LoadedProfile,
  profileFile: string,
  out: string,
  gate: Gate,
  quiet = false,
): ConformanceReport {
  const startedAt = new Date();
  const recording = readRecording(file);
  if (recording.exchanges.length === 0) {
    throw new ClientReportError(
      `${file} holds no recorded exchange${recording.problems.length > 0 ? ` (${recording.problems[0] ?? ''})` : ''}`,
    );
  }
  const judgement = judgeClient(recording.exchanges, profile);
  const results = CLIENT_REGISTRY.map((r) => resultOf(r, judgement, profile));
  const summary = summarise(results, []);
  const warnings = [
    ...(recording.badLines > 0
      ? [
          `${recording.badLines} line(s) of the recording were not recorded exchanges and were skipped: ${recording.problems.join('; ')}`,
        ]
      : []),
    ...(recording.stopped === undefined
      ? []
      : [
          `the sandbox stopped recording at line ${recording.stopped.line} (${recording.stopped.mark.stopped === 'size-cap' ? `its cap of ${recording.stopped.mark.capBytes} bytes` : 'the file could not be written'}, ${recording.stopped.mark.at}): what the client did after it is not judged`,
        ]),
    ...(judgement.unrecognised > 0
      ? [`${judgement.unrecognised} request(s) went to paths the profile names for no operation (not judged)`]
      : []),
  ];
  const report: ConformanceReport = {
    kit: kitFacts(),
    target: { kind: 'client-recording', url: path.relative(process.cwd(), path.resolve(file)) },
    profile: { file: path.relative(process.cwd(), path.resolve(profileFile)), settings: profile.settings },
    conventions: [],
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    outcome: outcomeOf(summary, [], gate),
    gate,
    deep: false,
    seeds: [],
    ...(warnings.length === 0 ? {} : { warnings }),
    summary,
    requirements: results,
  };
  mkdirSync(out, { recursive: true });
  const write = (name: string, text: string): void => {
    writeFileSync(path.join(out, name), redactSecrets(text));
  };
  write('conformance.json', `${JSON.stringify(report, null, 2)}\n`);
  write('conformance.md', renderMarkdown(report));
  write('conformance.html', renderHtml(report));
  if (!quiet) printSummary(report, recording.exchanges.length, out);
  return report;
}

function printSummary(report: ConformanceReport, exchanges: number, out: string): void {
  const { summary, gate, requirements: results } = report;
  process.stdout.write(
    [
      `Client conformance: ${report.outcome.toUpperCase()} (exit ${EXIT_CODES[report.outcome]})`,
      `  requirements: ${summary.pass} PASS, ${summary.fail} FAIL, ${summary.notVerified} NOT VERIFIED, ` +
        `${summary.unspecified} UNSPECIFIED; ${exchanges} exchanges judged; gate: ${gate}`,
      ...results
        .filter((r) => r.verdict === 'FAIL')
        .flatMap((r) =>
          (r.findings ?? []).map((f) => `  FAIL ${r.id}: ${f.problem} (${f.count}×, first at ${f.test})`),
        ),
      `  reports: ${path.relative(process.cwd(), path.join(out, 'conformance.{json,md,html}')) || '.'}`,
      '',
    ].join('\n'),
  );
}

export async function reportClient(args: readonly string[]): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseCommand(
        args,
        { profile: { type: 'string' }, out: { type: 'string' }, gate: { type: 'string' } },
        CLIENT_REPORT_HELP,
      );
    } catch (error) {
      throw new ClientReportError((error as Error).message);
    }
    if (parsed === undefined) return 0;
    const { values, positionals } = parsed;
    const [file, ...more] = positionals;
    if (file === undefined || more.length > 0) throw new ClientReportError('give one recording FILE (see --help)');
    const gate: Gate | undefined = GATES.find((g) => g === (values.gate ?? 'profile'));
    if (gate === undefined) throw new ClientReportError(`--gate must be profile or spec (got ${values.gate ?? ''})`);
    const profileFile = values.profile ?? DEFAULT_PROFILE_FILE;
    let profile: LoadedProfile;
    try {
      profile = await loadProfile(profileFile);
    } catch (error) {
      throw new ClientReportError((error as Error).message);
    }
    const report = writeClientReport(file, profile, profileFile, path.resolve(values.out ?? 'reports/client'), gate);
    return EXIT_CODES[report.outcome];
  } catch (error) {
    if (!(error instanceof ClientReportError) && !(error instanceof RecordingError)) throw error;
    process.stderr.write(`report:client: ${error.message}\n`);
    return 2;
  }
}
