/**
 * `npm run certify-receiver` (§4.6, §6): the kit plays the service toward a merchant's postback receiver — signs
 * postbacks with the profile's service key and signing input, sends them, reads the merchant's state back — and
 * reports per RECEIVER requirement, in certify's formats and exit codes: 0 conformant, 1 a requirement the gate
 * counts failed (a critical one under either gate), 2 the run could not be carried out.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { faultyReceiver, FAULTY_RECEIVERS } from '../../examples/receivers/faulty-receivers.js';
import { DEFAULT_PROFILE_FILE, loadPostbackProfile, type LoadedPostbackProfile } from '../profile/load-profile.js';
import { embeddedReceiverProblem } from '../receiver/embedded-receiver.js';
import { receiverPreflight } from '../receiver/receiver-preflight.js';
import { newRunId } from '../receiver/expected-payments.js';
import { receiverSettings, ReceiverSettingsError, type ReceiverSettings } from '../receiver/receiver-settings.js';
import { asCertifyError, httpUrl, REPORTING_RUN_OPTIONS, runFlags } from './certify-args.js';
import { finishRun } from './certify-run.js';
import { runReportingProject, type ReportingRunOptions } from './reporting-run.js';
import { CertifyError } from './certify-error.js';
import { startKitService } from './kit-service-run.js';
import type { KitService } from '../receiver/service-created.js';
import { EXIT_CODES } from '../report/verdicts.js';
import { packageRequest, type PackageRequest } from '../package/package-flags.js';

/** A receiver certification is a few dozen postbacks: minutes mean a receiver that answers nothing in time. */
const DEFAULT_MAX_MINUTES = 15;

export const RECEIVER_HELP = `Certify a merchant's postback receiver: the kit plays the service (§4.6, §6).

Usage: payment-conformance certify-receiver [options]

  --receiver URL      where payment postbacks go (default: the profile's receiver.url, else the embedded
                      reference receiver of examples/receivers)
  --profile FILE      the profile: postbacks (scheme, signing input, servicePublicKey) and receiver
                      (complaintUrl, timeoutMs, serviceSigningKey, readBack) (default: profiles/sandbox.json)
  --out DIR           where the reports go (default: reports/receiver)
  --grep PATTERN      only the tests whose title or tags match (e.g. @req:RECEIVER-REJECT-)
  --workers N         parallel workers (default: 1, one postback at a time)
  --max-minutes N     stop the run after N minutes and exit 2 (default: ${DEFAULT_MAX_MINUTES}; 0 for no limit)
  --gate profile|spec what fails the run (exit 1): profile (default) any FAIL; spec the interface's own
                      requirements (the critical ones are all of the interface)
  --package FILE      also write a signed certification package (.zip): manifest, reports, evidence
  --package-key FILE  the PEM private key that signs it (default: the profile's signing.signingKey, when
                      the profile has a merchant signing section with ed25519 or rsa-sha256)
  --service-url URL   where the kit's sandbox listens when the shop's own client creates the payments
                      (http://127.0.0.1:PORT; default the profile's receiver.expectedPayments.createdOnService.url,
                      else a free port told to the setup as {{serviceUrl}})
  --fault NAME        certify the embedded reference receiver with one of its faults on (the receiver
                      fault matrix, npm run receiver-faults): ${FAULTY_RECEIVERS.length} faults
  --help              this text

The receiver must trust postbacks signed with the private key of postbacks.servicePublicKey: by default the
kit's test-only service keys (fixtures/keys), or receiver.serviceSigningKey. Without receiver.readBack, the
requirements about the merchant's state (applied, credited once, a refused postback changes nothing) are NOT
VERIFIED, naming that setting.

With receiver.expectedPayments.createdOnService the shop's own client creates each payment on the kit's
sandbox, started for the run ({{serviceUrl}} in the setup, KIT_SERVICE_URL for a command); its requests are
judged into <out>/client/, and the exit code is the worse of the receiver's and the client's.

Before any check, a receiver given by URL gets one signed SUCCESS postback of a throwaway payment
(id kit-preflight-…): no answer within receiver.timeoutMs (12 s at most) that the merchant's read-back
does not show taken either, 401 or 403 (it does not trust the kit's service key, or verifies
another signing input), or 404/405 (no postbacks there) stops the run at once with the likely cause.

Exit codes: 0 every requirement the gate counts that was checked passed; 1 one failed; 2 the run could not be
carried out (bad flags or profile, keys the kit cannot sign with, a receiver the preflight postback did not reach
or that refused it).

Examples:
  npm run certify-receiver
  payment-conformance certify-receiver --receiver https://merchant.example.test/postbacks --profile my-receiver.json
`;

export interface ReceiverCertifyOptions extends ReportingRunOptions {
  readonly receiver: string | undefined;
  /** --service-url: where the kit's sandbox listens for the shop's client (createdOnService). */
  readonly serviceUrl?: string | undefined;
  readonly fault: string | undefined;
  /** --package: the signed certification package to write after the run, its key already read. */
  readonly package?: PackageRequest | undefined;
  /** The flags as given, for the package's manifest. */
  readonly argv?: readonly string[] | undefined;
}

export function parseReceiverArgs(args: readonly string[]): ReceiverCertifyOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        receiver: { type: 'string' },
        'service-url': { type: 'string' },
        profile: { type: 'string' },
        out: { type: 'string' },
        fault: { type: 'string' },
        ...REPORTING_RUN_OPTIONS,
      },
    }));
  } catch (error) {
    throw new CertifyError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.help === true) return 'help';
  const { workers, maxMinutes, gate } = runFlags({ ...values, workers: values.workers ?? '1' }, DEFAULT_MAX_MINUTES);
  if (values.receiver !== undefined) httpUrl('--receiver', values.receiver);
  const serviceUrl = values['service-url'];
  if (serviceUrl !== undefined && !/^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/?$/.test(serviceUrl)) {
    throw new CertifyError(`--service-url must be http://127.0.0.1:PORT or http://localhost:PORT (got ${serviceUrl})`);
  }
  if (values.fault !== undefined) {
    if (values.receiver !== undefined)
      throw new CertifyError('--fault applies to the embedded receiver: drop --receiver');
    if (faultyReceiver(values.fault) === undefined) {
      throw new CertifyError(
        `no faulty receiver is named ${values.fault} (one of: ${FAULTY_RECEIVERS.map((f) => f.name).join(', ')})`,
      );
    }
  }
  const profile = values.profile ?? DEFAULT_PROFILE_FILE;
  return {
    receiver: values.receiver,
    serviceUrl,
    fault: values.fault,
    profile,
    out: values.out ?? 'reports/receiver',
    grep: values.grep,
    workers,
    maxMinutes,
    gate,
    package: asCertifyError(() => packageRequest(values, profile)),
    argv: [...args],
  };
}

/** The profile and the receiver's settings, or a CertifyError saying why they cannot be used. */
async function receiverProfile(
  options: ReceiverCertifyOptions,
): Promise<{ profile: LoadedPostbackProfile; settings: ReceiverSettings }> {
  let profile: LoadedPostbackProfile;
  try {
    profile = await loadPostbackProfile(options.profile);
  } catch (error) {
    throw new CertifyError(error instanceof Error ? error.message : String(error));
  }
  try {
    return { profile, settings: receiverSettings(profile, options.receiver) };
  } catch (error) {
    if (error instanceof ReceiverSettingsError) throw new CertifyError(error.message);
    throw error;
  }
}

/**
 * What must hold before the run: the kit can sign as the service, and a receiver given by URL takes one signed
 * postback (receiver-preflight.ts), its payment created by the shop's own client where the profile says so.
 */
async function preflight(
  profile: LoadedPostbackProfile,
  settings: ReceiverSettings,
  service: KitService | undefined,
): Promise<string | undefined> {
  const { url } = settings;
  if (url === undefined) {
    const problem = embeddedReceiverProblem(profile);
    if (problem !== undefined) throw new CertifyError(problem);
    return undefined;
  }
  httpUrl('--receiver', url);
  const problem = await receiverPreflight(url, settings, profile, service);
  if (problem !== undefined) throw new CertifyError(problem);
  return url;
}

/** A receiver certification's report, and where the shop's own client created the payments, its client report. */
export type ReceiverRun =
  | {
      readonly report: ConformanceReport;
      /** <out>/client's report of the shop's client (createdOnService), or why it could not be written. */
      readonly client?: ConformanceReport | string;
    }
  | {
      /** The receiver was not certified: the shop's client, which FAILs the client report, created no payment. */
      readonly report: undefined;
      readonly client: ConformanceReport;
      readonly blockedBy: string;
    };

/**
 * A receiver certification as the command runs it: the preflight, then the receiver project (and, where the shop's
 * client creates the payments, the kit's sandbox around both and the client report after); resolves with the reports
 * it wrote, rejects with a CertifyError when the run cannot be carried out. A preflight that the shop's client broke
 * (its requests FAIL the client report, so no payment could be created) is that finding, not a setup problem: the
 * run resolves with the client report and no receiver report. `quiet` keeps the run's output off the terminal (a
 * matrix prints a line per run).
 */
export async function runReceiverRun(
  options: ReceiverCertifyOptions,
  output: 'inherit' | 'quiet' = 'inherit',
): Promise<ReceiverRun> {
  const { profile, settings } = await receiverProfile(options);
  const clientProfile = settings.expected?.clientProfile;
  const service =
    clientProfile === undefined
      ? undefined
      : await startKitService(clientProfile, options.out, options.serviceUrl ?? settings.expected?.serviceUrl);
  try {
    let url: string | undefined;
    try {
      url = await preflight(profile, settings, service?.kit);
    } catch (error) {
      if (!(error instanceof CertifyError) || service === undefined) throw error;
      // What the shop's client sent, judged: a FAIL there is why its payment was not created.
      const client = await service.finish(options.gate, output === 'quiet');
      if (typeof client === 'string' || client.summary.fail === 0) throw error;
      const judged = path.join(options.out, 'client', 'conformance.md');
      const failed = client.requirements.filter((r) => r.verdict === 'FAIL').map((r) => r.id);
      return {
        report: undefined,
        client,
        blockedBy: `${error.message}; the shop's client FAILs ${failed.join(', ')} (${judged}), so the receiver was not certified`,
      };
    }
    const report = await runReportingProject(
      ['receiver'],
      options,
      {
        KIT_SCOPE: 'receiver',
        KIT_RECEIVER: url ?? '',
        KIT_RECEIVER_FAULT: options.fault ?? '',
        KIT_RUN_ID: newRunId(),
        ...service?.env,
      },
      undefined,
      output,
    );
    return service === undefined
      ? { report }
      : { report, client: await service.finish(options.gate, output === 'quiet') };
  } finally {
    await service?.stop();
  }
}

/** The receiver's report of a certification (runReceiverRun without the client report). */
export async function runReceiverCertification(
  options: ReceiverCertifyOptions,
  output: 'inherit' | 'quiet' = 'inherit',
): Promise<ConformanceReport> {
  const run = await runReceiverRun(options, output);
  if (run.report === undefined) throw new CertifyError(run.blockedBy);
  return run.report;
}

/**
 * The exit code of a run: the receiver's, or the client's where it is worse (the shop's client broke a sentence of
 * §4–§5 while it created the payments). A run whose client made no request (a --grep without payment postbacks) has
 * no client report, and says so.
 */
function exitOf(receiverExit: number, client: ConformanceReport | string | undefined): number {
  if (client === undefined) return receiverExit;
  if (typeof client === 'string') {
    process.stdout.write(`certify-receiver: no client report: ${client}\n`);
    return receiverExit;
  }
  return Math.max(receiverExit, EXIT_CODES[client.outcome]);
}

/** The whole command: returns the exit code; prints one line for a run that cannot be carried out. */
export async function certifyReceiver(args: readonly string[]): Promise<number> {
  try {
    const options = parseReceiverArgs(args);
    if (options === 'help') {
      process.stdout.write(RECEIVER_HELP);
      return 0;
    }
    const run = await runReceiverRun(options);
    if (run.report === undefined) {
      process.stderr.write(`certify-receiver: ${run.blockedBy}\n`);
      return exitOf(EXIT_CODES['not-conformant'], run.client);
    }
    return exitOf(finishRun(options, run.report), run.client);
  } catch (error) {
    if (!(error instanceof CertifyError)) throw error;
    process.stderr.write(`certify-receiver: ${error.message}\n`);
    return 2;
  }
}
