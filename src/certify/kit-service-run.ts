/**
 * The kit's sandbox for a receiver certification where the shop's own client creates the payments
 * (receiver.expectedPayments.createdOnService): started before the preflight with the client's profile (its merchant
 * key and methods), every exchange of the shop's client recorded to <out>/client/recording.jsonl, and that recording
 * judged against the CLIENT requirements into <out>/client/ once the run is over, so the client report covers the
 * same run as the receiver's.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { ClientReportError, writeClientReport } from '../client-report/client-report-cli.js';
import { RecordingError } from '../client-report/read-recording.js';
import { loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import { KIT_SERVICE_ENV, kitServiceFromEnv, type KitService } from '../receiver/service-created.js';
import type { Gate } from '../report/verdicts.js';
import { recordTo } from '../sandbox/recording.js';
import { startSandbox, type RunningSandbox } from '../sandbox/start-sandbox.js';
import { Secret } from '../secrets/secret.js';
import { CertifyError } from './certify-error.js';

export interface KitServiceRun {
  /** What the run's workers are told (KIT_SERVICE_URL, the control token and path). */
  readonly env: Readonly<Record<string, string>>;
  /** The sandbox as the preflight reaches it. */
  readonly kit: KitService;
  /** Stops the sandbox and judges the client's recording into <out>/client; the client report, or why there is none. */
  finish(gate: Gate, quiet?: boolean): Promise<ConformanceReport | string>;
  /** Stops the sandbox without a report (the run could not be carried out). */
  stop(): Promise<void>;
}

/**
 * Starts the sandbox with the client's profile, on `listenUrl` where the profile fixes it (a shop given the service's
 * URL at its start), else on a free port.
 */
export async function startKitService(
  clientProfileFile: string,
  out: string,
  listenUrl?: string,
): Promise<KitServiceRun> {
  let profile: LoadedProfile;
  try {
    profile = await loadProfile(clientProfileFile);
  } catch (error) {
    throw new CertifyError(
      `the client profile of receiver.expectedPayments.createdOnService: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const clientOut = path.join(path.resolve(out), 'client');
  mkdirSync(clientOut, { recursive: true });
  const recording = path.join(clientOut, 'recording.jsonl');
  // A token of this run alone: no report, log or attachment shows it (a Secret is redacted wherever it appears).
  const token = new Secret(randomBytes(24).toString('base64url'), 'the kit sandbox control token');
  const record = recordTo(recording);
  // The kit's own control calls (holding ids, looking payments up) are not the client's: the recording holds the
  // shop's client alone.
  let controlPath: string | undefined;
  let sandbox: RunningSandbox | undefined;
  try {
    const listen = listenUrl === undefined ? undefined : new URL(listenUrl);
    sandbox = await startSandbox({
      profile,
      ...(listen === undefined ? {} : { host: '127.0.0.1', port: Number(listen.port) }),
      controlToken: token.reveal(),
      onExchange: (exchange) => {
        if (controlPath === undefined || !exchange.path.startsWith(controlPath)) record(exchange);
      },
    });
    controlPath = `${sandbox.context.controlBasePath}/`;
  } catch (error) {
    const where = listenUrl === undefined ? '' : ` on ${listenUrl} (receiver.expectedPayments.createdOnService.url)`;
    throw new CertifyError(
      `the kit's sandbox for the shop's client could not start${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const running = sandbox;
  const env = {
    [KIT_SERVICE_ENV.url]: running.url,
    [KIT_SERVICE_ENV.token]: token.reveal(),
    [KIT_SERVICE_ENV.basePath]: running.context.controlBasePath,
  };
  const kit = kitServiceFromEnv(env);
  if (kit === undefined) throw new Error('the kit service environment is incomplete');
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await kit.control.close();
    await running.stop();
  };
  return {
    env,
    kit,
    stop,
    async finish(gate, quiet = false) {
      await stop();
      try {
        return writeClientReport(recording, profile, clientProfileFile, clientOut, gate, quiet);
      } catch (error) {
        if (error instanceof ClientReportError || error instanceof RecordingError) return error.message;
        throw error;
      }
    },
  };
}
