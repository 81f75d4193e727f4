/**
 * A certification run (design brief §5): the conformance project (and the payment page's, where the profile declares
 * a method that has one) with the reporters of a certification, whole or as one shard; the package after it.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { writePackageOf, type PackageRequest } from '../package/package-flags.js';
import { loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import { EXIT_CODES } from '../report/verdicts.js';
import { asCertifyError, type CertifyOptions } from './certify-args.js';
import { runReportingProject, runReportingShard, type Shard } from './reporting-run.js';

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

/**
 * Runs the conformance project with the reporters of a certification; resolves with the report it wrote. `image`
 * names the container the target runs in, for the report; `onSpawn` receives the Playwright process.
 */
export async function runCertification(
  options: CertifyOptions,
  warnings: readonly string[] = [],
  image?: string,
  onSpawn?: (child: ChildProcess) => void,
  /** The profile certify loaded (read from options.profile when not given). */
  profile?: LoadedProfile,
): Promise<ConformanceReport> {
  const run = await certificationRun(options, warnings, image, profile);
  return runReportingProject(run.projects, options, run.env, onSpawn);
}

/** One shard of the certification (--shard i/n): exit 0 once its blob report is written, with how to merge. */
export async function runCertificationShard(
  options: CertifyOptions,
  shard: Shard,
  warnings: readonly string[],
  profile: LoadedProfile,
): Promise<number> {
  const run = await certificationRun(options, warnings, undefined, profile);
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
  loaded: LoadedProfile | undefined,
): Promise<{ projects: ('conformance' | 'browser')[]; env: Record<string, string> }> {
  // The payment page (suites/browser) is the service's too, where the profile declares a method that has one.
  const profile = loaded ?? (await loadProfile(options.profile).catch(() => undefined));
  const external = profile?.settings.merchant.paymentMethods.external !== undefined;
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
