/**
 * `--target container:IMAGE[:TAG]`: the target started from an image with testcontainers, in host network mode (the
 * machines here have no bridge network: design brief §7), so that it listens on a loopback port of this machine and
 * its postbacks reach the capture server over loopback. The port goes to the container as `PORT` and
 * `SANDBOX_PORT`; it is ready when its log says `listening` and it then answers HTTP. Whatever happens (a failed
 * start, a failed run, Ctrl-C), `stop()` removes it; a start that fails removes what it started before it throws.
 */
import { randomUUID } from 'node:crypto';
import { GenericContainer, ImageName, Wait, type StartedTestContainer } from 'testcontainers';
import { request } from 'undici';
import { dockerClient, KIT_ROLE_LABEL, KIT_RUN_LABEL, removeContainersLabelled } from './docker-env.js';
import { freePort } from '../free-port.js';

export { CONTAINER_TARGET_PREFIX } from './target-name.js';
export const TARGET_ROLE = 'certify-target';

/** The container could not be started or never got ready: the run cannot be carried out. */
export class ContainerTargetError extends Error {
  override readonly name = 'ContainerTargetError';
}

export interface ContainerTarget {
  readonly image: string;
  readonly url: string;
  /** Stops and removes the container; safe to call more than once. */
  stop(): Promise<void>;
}

export interface ContainerTargetOptions {
  /** Until the ready log line (default 60 s; KIT_CONTAINER_STARTUP_TIMEOUT_MS). */
  readonly startupTimeoutMs?: number;
  /** Then until it answers HTTP (default 30 s). */
  readonly readyTimeoutMs?: number;
  /** Labels the container as this run's, so that `removeRunContainers(run)` finds it even mid-start (Ctrl-C). */
  readonly run?: string;
}

/** Removes the containers a run started, whatever state they are in. */
export async function removeRunContainers(run: string): Promise<void> {
  await removeContainersLabelled(await dockerClient(), KIT_RUN_LABEL, run);
}

/** Polls until the URL answers anything over HTTP (any status: the service is up). */
async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await request(url, {
        headersTimeout: 2_000,
        bodyTimeout: 2_000,
        signal: AbortSignal.timeout(3_000),
      });
      await response.body.dump();
      return;
    } catch (error) {
      last =
        error instanceof Error
          ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
          : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ContainerTargetError(
    `it logged that it listens but ${url} did not answer within ${timeoutMs / 1000} s (${last})`,
  );
}

export async function startContainerTarget(
  image: string,
  options: ContainerTargetOptions = {},
): Promise<ContainerTarget> {
  const client = await dockerClient();
  if (!(await client.image.exists(ImageName.fromString(image)))) {
    throw new ContainerTargetError(
      `image ${image} is not on this machine (npm run image:build builds payment-sandbox:local; or docker load/pull it)`,
    );
  }
  const startupTimeoutMs = options.startupTimeoutMs ?? (Number(process.env.KIT_CONTAINER_STARTUP_TIMEOUT_MS) || 60_000);
  const run = options.run ?? randomUUID();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const removeAll = async () => {
    await removeContainersLabelled(client, KIT_RUN_LABEL, run);
  };
  let started: StartedTestContainer | undefined;
  try {
    started = await new GenericContainer(image)
      // Host networking and no exposed ports: with exposed ports in host mode start() waits for bindings that never
      // come (reference/packages.md §6.2).
      .withNetworkMode('host')
      .withEnvironment({ PORT: String(port), SANDBOX_PORT: String(port), SANDBOX_HOST: '127.0.0.1' })
      .withLabels({ [KIT_ROLE_LABEL]: TARGET_ROLE, [KIT_RUN_LABEL]: run })
      .withWaitStrategy(Wait.forLogMessage(/listening/i))
      .withStartupTimeout(startupTimeoutMs)
      .start();
    await waitForHttp(url, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    await removeAll().catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ContainerTargetError(`the container of ${image} did not get ready: ${reason}`);
  }
  let stopped = false;
  const container = started;
  return {
    image,
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await container.stop({ remove: true, timeout: 5_000 }).catch(() => undefined);
      await removeAll();
    },
  };
}
