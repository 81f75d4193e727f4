import { loadProfile, type LoadedProfile } from '../profile/load-profile.js';
import type { SigningCredentials } from '../signing/scheme.js';
import { type ClockMode, SandboxClock } from './clock/sandbox-clock.js';
import { sandboxConventions } from './config/sandbox-conventions.js';
import { sandboxMerchant, sandboxMethods } from './config/sandbox-merchant.js';
import { newId } from './domain/new-id.js';
import { SandboxConfigError, serviceSigner, strangerSigner } from './config/service-signers.js';
import { FaultSet } from './faults/fault-set.js';
import { SandboxServer, type ServedExchange } from './http/sandbox-server.js';
import { DeliveryEngine } from './postbacks/delivery-engine.js';
import type { PostbackHosts } from './postbacks/destination.js';
import { PostbackSender } from './postbacks/postback-sender.js';
import type { SandboxContext } from './sandbox-context.js';
import { startBackgroundTraffic } from './flavors/background-traffic.js';
import { type FlavorSpec, FLAVORS, type SandboxFlavor } from './flavors/flavors.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { ComplaintStore } from './store/complaint-store.js';
import { HeldPayments } from './store/held-payments.js';
import { MediaStore } from './store/media-store.js';
import { PaymentStore } from './store/payment-store.js';

export interface SandboxOptions {
  /** The reference sandbox (default), or the foreign flavour that made the other legal choices (flavors.ts). */
  readonly flavor?: SandboxFlavor;
  /** A flavour of its own in place of `flavor`'s: the random flavour's, drawn from a seed (flavors/random/). */
  readonly spec?: FlavorSpec;
  /** Payments a second another client of the merchant creates; default the flavour's (foreign: 4, reference: 0). */
  readonly backgroundPerSecond?: number;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Merchant keys, methods, conventions and control token; default the flavour's (profiles/sandbox.json). */
  readonly profile?: LoadedProfile;
  readonly faults?: readonly string[];
  readonly clock?: ClockMode;
  /** The URL clients reach the sandbox at, when not its listen address (formUrl and media URLs use it). */
  readonly publicUrl?: string;
  /** Where postbacks may go; loopback hosts only by default. */
  readonly postbackHosts?: PostbackHosts;
  /** Per delivery attempt, in real ms; default the profile's conventions.postbackRetry.attemptTimeoutMs. */
  readonly attemptTimeoutMs?: number;
  /** The control API's token, in place of the profile's control.token (a merchant's client profile names none). */
  readonly controlToken?: string;
  /** Credentials to sign postbacks with, for schemes without test keys in fixtures/keys. */
  readonly serviceCredentials?: SigningCredentials;
  readonly log?: (line: string) => void;
  /** Told of every exchange the sandbox served (src/sandbox/recording.ts writes them as JSON Lines). */
  readonly onExchange?: (exchange: ServedExchange) => void;
}

export interface RunningSandbox {
  readonly url: string;
  readonly port: number;
  /** The sandbox's state, for in-process tools (benchmarks); tests go through HTTP. */
  readonly context: SandboxContext;
  /** Stops accepting, finishes requests in flight, drops pending deliveries (and says how many). */
  stop(): Promise<{ droppedDeliveries: number }>;
}

/** Starts the sandbox: the whole interface, postbacks, and for the reference flavour its control API and virtual clock. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const flavor = options.spec ?? FLAVORS[options.flavor ?? 'reference'];
  const flavorName = options.spec === undefined ? (options.flavor ?? 'reference') : 'given';
  const profile = options.profile ?? (await loadProfile(flavor.profileFile));
  const log = options.log ?? (() => undefined);
  const token = flavor.controlApi ? (options.controlToken ?? profile.controlToken?.reveal()) : undefined;
  if (flavor.controlApi && token === undefined)
    throw new SandboxConfigError('the profile names no control.token for the sandbox control API');
  if (flavor.clock !== undefined && options.clock !== undefined && options.clock !== flavor.clock) {
    throw new SandboxConfigError(`the ${flavorName} sandbox runs on a ${flavor.clock} clock only`);
  }
  const clock = new SandboxClock(flavor.clock ?? options.clock ?? 'virtual', (error) => {
    log(`timer failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  const faults = new FaultSet(options.faults ?? []);
  const conventions = sandboxConventions(profile.settings.conventions);
  if (conventions.initialPaymentStatus !== 'PENDING') {
    throw new SandboxConfigError(
      'the sandbox creates payments PENDING: the profile states otherwise (conventions.initialPaymentStatus)',
    );
  }
  const engine = new DeliveryEngine(
    clock,
    faults,
    {
      schedule: conventions.postbackRetry,
      attemptTimeoutMs: options.attemptTimeoutMs ?? conventions.postbackRetry.attemptTimeoutMs,
      hosts: options.postbackHosts ?? 'loopback',
      ...(flavor.random === undefined ? {} : { random: flavor.random }),
    },
    log,
  );
  const methods = sandboxMethods(flavor.methods);
  const merchant = sandboxMerchant(profile, methods);
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const context: SandboxContext = {
    clock,
    payments: new PaymentStore(),
    complaints: new ComplaintStore(),
    media: new MediaStore(),
    held: new HeldPayments(),
    postbacks: new PostbackSender(
      engine,
      serviceSigner(profile, options.serviceCredentials),
      strangerSigner(profile),
      faults,
      conventions.postbackRecipientLimitCode,
    ),
    faults,
    merchants: new Map([[merchant.publicKey, merchant]]),
    methods,
    conventions,
    magic: flavor.magic,
    ...(flavor.recordStyle === undefined ? {} : { recordStyle: flavor.recordStyle }),
    publicBaseUrl: () => publicUrl,
    controlBasePath: (flavor.pagesBasePath ?? profile.settings.control?.basePath ?? '/sandbox/v1').replace(/\/+$/, ''),
    newId,
    log,
  };
  const registeredUrl = merchant.postbackUrl;
  const reset = () => {
    context.payments.clear();
    context.complaints.clear();
    context.media.clear();
    context.held.clear();
    engine.clear();
    merchant.postbackUrl = registeredUrl;
    log('reset');
  };
  const helperKey = flavor.helperKey ?? profile.hookHeaders.get(flavor.helpers.header)?.reveal();
  const helpers = helperKey === undefined ? undefined : { api: flavor.helpers, key: helperKey };
  const server = new SandboxServer(
    sandboxRoutes(context, profile.settings.operations, token, reset, helpers, flavor.pagesBasePath !== undefined),
    log,
    options.onExchange,
  );
  const stopBackground = startBackgroundTraffic(
    context,
    merchant,
    flavor.methods.filter((m) => merchant.allowedMethodIds.has(m.method.id)),
    options.backgroundPerSecond ?? flavor.backgroundPerSecond,
  );
  const host = options.host ?? '127.0.0.1';
  const port = await server.listen(options.port ?? 0, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (publicUrl === '') publicUrl = url;
  if (faults.names.length > 0) log(`faults: ${faults.names.join(', ')}`);
  return {
    url,
    port,
    context,
    async stop() {
      stopBackground();
      await server.close();
      const droppedDeliveries = engine.dropPending();
      await engine.close();
      const droppedTimers = await clock.stop();
      log(`stopped: ${droppedDeliveries} pending postback deliveries dropped (${droppedTimers} timers)`);
      return { droppedDeliveries };
    },
  };
}
