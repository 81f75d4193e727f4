/**
 * certify's command line (design brief §5): the flags, checked, as CertifyOptions; a bad one is a CertifyError
 * (exit 2, one line). certify-receiver shares runFlags, httpUrl and asCertifyError.
 */
import { parseArgs } from 'node:util';
import { CONTAINER_TARGET_PREFIX } from '../container/target-name.js';
import {
  PACKAGE_HELP,
  PACKAGE_OPTIONS,
  PackageError,
  packageRequest,
  type PackageRequest,
} from '../package/package-flags.js';
import { DEFAULT_PROFILE_FILE } from '../profile/load-profile.js';
import { SourceError } from '../profile/sources.js';
import { GATES, type Gate } from '../report/verdicts.js';
import { CertifyError } from './certify-error.js';
import { parseShard, type Shard } from './reporting-run.js';

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
  --postback-url URL            the merchant's registered postback URL for this run, in place of the profile's
                                merchant.postbackUrl (a second run after the provider registered another one)
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

/** The flags of every reporting run (certify, certify-receiver): checked by runFlags, the package's by packageRequest. */
export const REPORTING_RUN_OPTIONS = {
  grep: { type: 'string' },
  workers: { type: 'string' },
  'max-minutes': { type: 'string' },
  gate: { type: 'string' },
  ...PACKAGE_OPTIONS,
  help: { type: 'boolean' },
} as const;

export interface CertifyOptions {
  readonly target: string | undefined;
  readonly profile: string;
  readonly out: string;
  readonly captureHost: string | undefined;
  readonly capturePort: string | undefined;
  readonly capturePublicUrl: string | undefined;
  /** --postback-url: the merchant's registered postback URL in place of the profile's merchant.postbackUrl. */
  readonly postbackUrl: string | undefined;
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
        'postback-url': { type: 'string' },
        deep: { type: 'boolean' },
        shard: { type: 'string' },
        ...REPORTING_RUN_OPTIONS,
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
  const postbackUrl = values['postback-url'];
  if (postbackUrl !== undefined) httpUrl('--postback-url', postbackUrl);
  const profile = values.profile ?? DEFAULT_PROFILE_FILE;
  return {
    target: values.target,
    profile,
    out: values.out ?? 'reports',
    captureHost: values['capture-host'],
    capturePort: port,
    capturePublicUrl: publicUrl,
    postbackUrl,
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
