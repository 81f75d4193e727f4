/**
 * `npm run certify` (design brief §5): checks what it can before the run (flags, profile, target reachable, the
 * credentials read by a signed status check), runs the
 * conformance project with the conformance reporter, and exits from the report's outcome: 0 conformant, 1 a
 * requirement the gate counts failed (--gate profile, the default: any; --gate spec: the interface's own), 2 the run
 * could not be carried out, with one clear line and no stack trace.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import {
  CONTAINER_TARGET_PREFIX,
  ContainerTargetError,
  removeRunContainers,
  startContainerTarget,
  type ContainerTarget,
} from '../container/container-target.js';
import { DockerUnavailableError } from '../container/docker-env.js';
import { DEFAULT_PROFILE_FILE, loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import { EXIT_CODES, GATES, type Gate } from '../report/verdicts.js';
import { checkCredentials } from './credentials-check.js';
import { runWarnings } from './run-warnings.js';
import {
  PACKAGE_HELP,
  PACKAGE_OPTIONS,
  PackageError,
  packageRequest,
  writePackageOf,
  type PackageRequest,
} from '../package/package-flags.js';
import { SourceError } from '../profile/sources.js';
import { describeTlsFailure, probeTls, targetDispatcher, type TlsSettings } from '../client/network.js';

export { CertifyError } from './certify-error.js';
export { runReportingProject, type ReportingRunOptions } from './reporting-run.js';
import { parseShard, runReportingProject, runReportingShard, type Shard } from './reporting-run.js';
import { CertifyError } from './certify-error.js';

/**
 * A certification of the embedded sandbox takes about 15 s and one of a staging environment minutes; an hour means a
 * target that answers too slowly to every request, and ending with a report beats being killed by CI's job timeout.
 */
export const DEFAULT_MAX_MINUTES = 60;
export const HELP = `Certify a payment service environment against its interface.

Usage: payment-conformance certify [options]

  --target URL|container:IMAGE  the target (default: the embedded reference sandbox)
  --profile FILE                its target profile (default: profiles/sandbox.json)
  --out DIR                     where the reports go (default: reports/)
  --capture-host HOST           where the postback capture server listens (default: 127.0.0.1)
  --capture-port PORT           its port (default: a free one)
  --capture-public-url URL      the URL the target posts to, when it reaches the capture server through a tunnel
  --grep PATTERN                only the tests whose title or tags match (e.g. @req:AUTH-NO-LOGIN)
  --deep                        the profile's deepNumRuns cases per property
  --workers N                   parallel workers (default: one per core)
  --max-minutes N               stop the run after N minutes and exit 2, reports written with what ran
                                (default: ${DEFAULT_MAX_MINUTES}; 0 for no limit, e.g. for real-time retries on staging)
  --gate profile|spec           what fails the run (exit 1): profile (default) any FAIL, of the interface or of
                                a convention the profile states; spec only the interface's own requirements
  --shard i/n                   run the i-th of n shards of the tests (Playwright's sharding): it writes a blob
                                report under DIR/blob/; \`payment-conformance report merge\` joins the n parts into
                                one report and gives the exit code (a shard exits 0 when it ran)
${PACKAGE_HELP}
  --help                        this text

A container target (container:IMAGE[:TAG]) is started with host networking, given its port as PORT and
SANDBOX_PORT, waited for (a log line saying "listening", then an HTTP answer) and removed after the run.

Exit codes: 0 every requirement the gate counts that was checked passed (NOT VERIFIED and UNSPECIFIED never fail
it); 1 one failed; 2 the run could not be carried out (bad flags or profile, unreachable target, no Docker, a
missing image, a container that never gets ready, a run stopped at its time limit).

Examples:
  npm run certify
  payment-conformance certify --target https://sandbox.example.test --profile profiles/examples/staging.example.json
  payment-conformance certify --grep @req:PB- --out reports/postbacks
  payment-conformance certify --deep --workers 2 --max-minutes 120
  payment-conformance image build && payment-conformance certify --target container:payment-sandbox:local
`;

export interface CertifyOptions {
  readonly target: string | undefined;
  readonly profile: string;
  readonly out: string;
  readonly captureHost: string | undefined;
  readonly capturePort: string | undefined;
  readonly capturePublicUrl: string | undefined;
  readonly grep: string | undefined;
  readonly deep: boolean;
  readonly workers: string | undefined;
  /** The run's time limit in minutes; 0 for none. */
  readonly maxMinutes: number;
  readonly gate: Gate;
  /** --package: the signed certification package to write after the run, its key already read. */
  readonly package: PackageRequest | undefined;
  /** The flags as given, for the package's manifest. */
  readonly argv: readonly string[];
  /** --shard i/n: one part of the run, for report merge. */
  readonly shard: Shard | undefined;
}

export function parseCertifyArgs(args: readonly string[]): CertifyOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        profile: { type: 'string' },
        out: { type: 'string' },
        'capture-host': { type: 'string' },
        'capture-port': { type: 'string' },
        'capture-public-url': { type: 'string' },
        grep: { type: 'string' },
        deep: { type: 'boolean' },
        workers: { type: 'string' },
        'max-minutes': { type: 'string' },
        gate: { type: 'string' },
        shard: { type: 'string' },
        ...PACKAGE_OPTIONS,
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CertifyError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.help === true) return 'help';
  const port = values['capture-port'];
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) <= 65_535)) {
    throw new CertifyError(`--capture-port must be a port number (got ${port})`);
  }
  const { workers, maxMinutes, gate } = runFlags(values, DEFAULT_MAX_MINUTES);
  const publicUrl = values['capture-public-url'];
  if (publicUrl !== undefined) httpUrl('--capture-public-url', publicUrl);
  const profile = values.profile ?? DEFAULT_PROFILE_FILE;
  return {
    target: values.target,
    profile,
    out: values.out ?? 'reports',
    captureHost: values['capture-host'],
    capturePort: port,
    capturePublicUrl: publicUrl,
    grep: values.grep,
    deep: values.deep === true,
    workers,
    maxMinutes,
    gate,
    package: asCertifyError(() => packageRequest(values, profile)),
    argv: [...args],
    shard: shardOf(values.shard, values.target, values.package),
  };
}

function shardOf(value: string | undefined, target: string | undefined, pack: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  if (target?.startsWith(CONTAINER_TARGET_PREFIX) === true) {
    throw new CertifyError(
      '--shard applies to a URL or the embedded sandbox: start the container once and give its URL',
    );
  }
  if (pack !== undefined) throw new CertifyError('--package packages a whole run: not a shard of it');
  return parseShard(value);
}

/** Runs `make`; a PackageError (a package that cannot be made as asked) becomes the run's exit 2. */
export function asCertifyError<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof PackageError || error instanceof SourceError) throw new CertifyError(error.message);
    throw error;
  }
}

/** Writes the package when --package asked for it; returns the run's exit code. */
export function finishRun(
  options: Pick<CertifyOptions, 'out' | 'profile'> & {
    readonly package?: PackageRequest | undefined;
    readonly argv?: readonly string[] | undefined;
  },
  report: ConformanceReport,
): number {
  if (options.package !== undefined) {
    const request = options.package;
    asCertifyError(() => {
      writePackageOf(request, {
        out: path.resolve(options.out),
        report,
        profileFile: options.profile,
        command: options.argv ?? [],
      });
    });
  }
  return EXIT_CODES[report.outcome];
}

/** The flags every reporting run takes (certify, certify-receiver), checked: a bad one is exit 2 with one line. */
export function runFlags(
  values: { workers?: string | undefined; 'max-minutes'?: string | undefined; gate?: string | undefined },
  defaultMaxMinutes: number,
): { workers: string | undefined; maxMinutes: number; gate: Gate } {
  const workers = values.workers;
  if (workers !== undefined && !/^[1-9]\d{0,2}$/.test(workers)) {
    throw new CertifyError(`--workers must be a positive whole number (got ${workers})`);
  }
  const maxMinutes = values['max-minutes'] ?? String(defaultMaxMinutes);
  if (!/^\d{1,5}(\.\d{1,3})?$/.test(maxMinutes)) {
    throw new CertifyError(`--max-minutes must be a number of minutes, 0 for no limit (got ${maxMinutes})`);
  }
  const gate = GATES.find((g) => g === (values.gate ?? 'profile'));
  if (gate === undefined) throw new CertifyError(`--gate must be profile or spec (got ${values.gate ?? ''})`);
  return { workers, maxMinutes: Number(maxMinutes), gate };
}

export function httpUrl(flag: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CertifyError(`${flag} must be an http(s) URL (got ${value})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CertifyError(`${flag} must be an http(s) URL (got ${value})`);
  }
  return url;
}

/** Any HTTP answer means the target is there; no answer within the deadline means the run cannot be carried out. */
export async function assertReachable(target: URL, tls: TlsSettings | undefined): Promise<void> {
  const dispatcher = targetDispatcher(tls, 1);
  try {
    const response = await request(target, {
      dispatcher,
      method: 'GET',
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
      signal: AbortSignal.timeout(6_000),
    });
    await response.body.dump();
  } catch (error) {
    const reason =
      describeTlsFailure(error) ??
      (await probeTls(target, tls)) ??
      (error instanceof Error
        ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
        : String(error));
    throw new CertifyError(`cannot reach the target at ${target.origin}: ${reason}`);
  } finally {
    await dispatcher.close();
  }
}

/**
 * What must hold before a run is worth starting; each failure is one clear message. Returns the warnings the run
 * starts with (a user's usual mistakes on a target elsewhere).
 */
export async function preflight(options: CertifyOptions): Promise<string[]> {
  let profile: LoadedProfile;
  try {
    profile = await loadProfile(options.profile);
  } catch (error) {
    throw new CertifyError(error instanceof Error ? error.message : String(error));
  }
  const warnings = runWarnings(profile, options);
  if (options.target === undefined) return warnings;
  if (options.target.startsWith(CONTAINER_TARGET_PREFIX)) {
    // Reachable once started: startContainer waits for it, and the credentials are checked then.
    if (imageOf(options.target) === '') {
      throw new CertifyError('--target container: needs an image (e.g. container:payment-sandbox:local)');
    }
    return warnings;
  }
  await assertReachable(httpUrl('--target', options.target), profile.tls);
  return [...warnings, ...(await credentialsPreflight(options.target, profile))];
}

/** The signed status check of an unknown id: a 401 or no answer stops the run before any suite (exit 2). */
async function credentialsPreflight(target: string, profile: LoadedProfile): Promise<string[]> {
  const check = await checkCredentials(target, profile);
  if (!check.ok) throw new CertifyError(check.message);
  return check.warning === undefined ? [] : [check.warning];
}

function printWarnings(warnings: readonly string[]): void {
  for (const warning of warnings) process.stderr.write(`certify: warning: ${warning}\n`);
}

function imageOf(target: string): string {
  return target.slice(CONTAINER_TARGET_PREFIX.length).trim();
}

/** Starts the container of `--target container:IMAGE`; a failure is one line (exit 2) and leaves nothing behind. */
async function startContainer(target: string, run: string): Promise<ContainerTarget> {
  try {
    return await startContainerTarget(imageOf(target), { run });
  } catch (error) {
    if (error instanceof ContainerTargetError || error instanceof DockerUnavailableError) {
      throw new CertifyError(error.message);
    }
    throw error;
  }
}

/** Waits for the interrupt handler, which exits the process once the container is gone. */
function untilInterruptExits(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * Until the returned function is called, SIGINT and SIGTERM run `cleanup` (stop the Playwright run, remove the
 * target's container) before the process exits, as a shell would expect (130, 143).
 */
function onInterrupt(cleanup: () => Promise<void>): () => void {
  const handler = (signal: NodeJS.Signals): void => {
    process.stderr.write(`certify: ${signal}: stopping the run and the target's container\n`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/**
 * Runs the conformance project with the reporters of a certification; resolves with the report it wrote. `image`
 * names the container the target runs in, for the report; `onSpawn` receives the Playwright process.
 */
export async function runCertification(
  options: CertifyOptions,
  warnings: readonly string[] = [],
  image?: string,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ConformanceReport> {
  const run = await certificationRun(options, warnings, image);
  return runReportingProject(run.projects, options, run.env, onSpawn);
}

/** One shard of the certification (--shard i/n): exit 0 once its blob report is written, with how to merge. */
async function runCertificationShard(
  options: CertifyOptions,
  shard: Shard,
  warnings: readonly string[],
): Promise<number> {
  const run = await certificationRun(options, warnings, undefined);
  const dir = await runReportingShard(run.projects, options, run.env, shard);
  process.stdout.write(
    `certify: shard ${shard.index}/${shard.total} written to ${path.relative(process.cwd(), dir) || '.'}; ` +
      `when all ${shard.total} are done: payment-conformance report merge --out DIR <each shard's --out>\n`,
  );
  return 0;
}

/** The projects a certification runs and what its reporters are told. */
async function certificationRun(
  options: CertifyOptions,
  warnings: readonly string[],
  image: string | undefined,
): Promise<{ projects: ('conformance' | 'browser')[]; env: Record<string, string> }> {
  // The payment page (suites/browser) is the service's too, where the profile declares a method that has one.
  const external = await loadProfile(options.profile).then(
    (profile) => profile.settings.merchant.paymentMethods.external !== undefined,
    () => false,
  );
  return {
    projects: external ? ['conformance', 'browser'] : ['conformance'],
    env: {
      KIT_TARGET: options.target ?? '',
      KIT_TARGET_IMAGE: image ?? '',
      KIT_DEEP: options.deep ? '1' : '',
      // The reporter writes them at the top of the report.
      KIT_RUN_WARNINGS: JSON.stringify(warnings),
      ...(options.captureHost === undefined ? {} : { KIT_CAPTURE_HOST: options.captureHost }),
      ...(options.capturePort === undefined ? {} : { KIT_CAPTURE_PORT: options.capturePort }),
      ...(options.capturePublicUrl === undefined ? {} : { KIT_CAPTURE_PUBLIC_URL: options.capturePublicUrl }),
    },
  };
}

/** The whole command: returns the exit code; prints one line for a run that cannot be carried out. */
export async function certify(args: readonly string[]): Promise<number> {
  try {
    const options = parseCertifyArgs(args);
    if (options === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    const warnings = await preflight(options);
    printWarnings(warnings);
    if (options.target?.startsWith(CONTAINER_TARGET_PREFIX) !== true) {
      if (options.shard !== undefined) return await runCertificationShard(options, options.shard, warnings);
      return finishRun(options, await runCertification(options, warnings));
    }
    // Interrupts are handled from before the start: a container caught mid-start is removed by its run's label.
    const run = randomUUID();
    let child: ChildProcess | undefined;
    // An object, not a let: set by the signal handler while the steps below await.
    const stop = { interrupted: false };
    const release = onInterrupt(async () => {
      stop.interrupted = true;
      child?.kill('SIGINT');
      await removeRunContainers(run).catch(() => undefined);
    });
    let container: ContainerTarget | undefined;
    try {
      process.stdout.write(`certify: starting ${imageOf(options.target)}…\n`);
      container = await startContainer(options.target, run);
      process.stdout.write(`certify: ${container.image} started at ${container.url}\n`);
      const more = await credentialsPreflight(container.url, await loadProfile(options.profile));
      if (stop.interrupted) return await untilInterruptExits();
      printWarnings(more);
      const report = await runCertification(
        { ...options, target: container.url },
        [...warnings, ...more],
        container.image,
        (spawned) => {
          child = spawned;
          if (stop.interrupted) spawned.kill('SIGINT');
        },
      );
      return finishRun(options, report);
    } catch (error) {
      // The interrupt removed the container under a step that then failed: its handler ends the process (130).
      if (stop.interrupted) return await untilInterruptExits();
      throw error;
    } finally {
      release();
      if (!stop.interrupted) await container?.stop();
    }
  } catch (error) {
    if (!(error instanceof CertifyError)) throw error;
    process.stderr.write(`certify: ${error.message}\n`);
    return 2;
  }
}
