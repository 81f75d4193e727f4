/**
 * `npm run certify` (design brief §5): parses the flags (certify-args.ts), loads the profile once, checks what it can
 * before the run (certify-preflight.ts: target reachable, the credentials read by a signed status check), runs the
 * conformance project with the conformance reporter (certify-run.ts; in a container of its own: container-run.ts),
 * and exits from the report's outcome: 0 conformant, 1 a requirement the gate counts failed (--gate profile, the
 * default: any; --gate spec: the interface's own), 2 the run could not be carried out, with one clear line and no
 * stack trace.
 */
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { ContainerTarget } from '../container/container-target.js';
import { CONTAINER_TARGET_PREFIX, imageOf } from '../container/target-name.js';
import { loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import { writeProfileVariant } from '../profile/profile-copy.js';
import { HELP, parseCertifyArgs } from './certify-args.js';
import { CertifyError } from './certify-error.js';
import { credentialsPreflight, preflight } from './certify-preflight.js';
import { finishRun, runCertification, runCertificationShard } from './certify-run.js';

export {
  asCertifyError,
  type CertifyOptions,
  DEFAULT_MAX_MINUTES,
  HELP,
  httpUrl,
  parseCertifyArgs,
  runFlags,
} from './certify-args.js';
export { CertifyError } from './certify-error.js';
export { assertReachable, preflight } from './certify-preflight.js';
export { finishRun, runCertification } from './certify-run.js';
export { runReportingProject, type ReportingRunOptions } from './reporting-run.js';

/** The profile, read once for the whole command; a profile that cannot be read is exit 2 with its message. */
async function profileOf(file: string): Promise<LoadedProfile> {
  try {
    return await loadProfile(file);
  } catch (error) {
    throw new CertifyError(error instanceof Error ? error.message : String(error));
  }
}

/** The arguments without a flag and its value (either `--flag value` or `--flag=value`). */
function withoutFlag(args: readonly string[], flag: string): string[] {
  const out: string[] = [];
  for (let n = 0; n < args.length; n++) {
    const arg = args[n] ?? '';
    if (arg === flag) n++;
    else if (!arg.startsWith(`${flag}=`) && arg !== '--profile' && !arg.startsWith('--profile=')) out.push(arg);
    else if (arg === '--profile') n++;
  }
  return out;
}

function printWarnings(warnings: readonly string[]): void {
  for (const warning of warnings) process.stderr.write(`certify: warning: ${warning}\n`);
}

/** The whole command: returns the exit code; prints one line for a run that cannot be carried out. */
export async function certify(args: readonly string[]): Promise<number> {
  try {
    const options = parseCertifyArgs(args);
    if (options === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    const profile = await profileOf(options.profile);
    if (options.postbackUrl !== undefined) {
      // The profile as written, with the merchant's registered URL of this run (--postback-url).
      const postbackUrl = options.postbackUrl;
      const variant = writeProfileVariant(options.profile, path.basename(options.profile, '.json'), (settings) => ({
        ...settings,
        merchant: { ...settings.merchant, postbackUrl },
      }));
      return await certify([...withoutFlag(args, '--postback-url'), '--profile', variant]);
    }
    const warnings = await preflight(options, profile);
    printWarnings(warnings);
    if (options.target?.startsWith(CONTAINER_TARGET_PREFIX) !== true) {
      if (options.shard !== undefined) return await runCertificationShard(options, options.shard, warnings, profile);
      return finishRun(options, await runCertification(options, warnings, undefined, undefined, profile));
    }
    // Loaded here, not at the top: testcontainers costs every other certification half a second of its start.
    const { onInterrupt, startContainer, untilInterruptExits } = await import('./container-run.js');
    const { removeRunContainers } = await import('../container/container-target.js');
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
      const more = await credentialsPreflight(container.url, profile);
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
        profile,
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
