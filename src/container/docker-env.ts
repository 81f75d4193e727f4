/**
 * Docker as the kit finds it (design brief §7): an engine with no bridge network and no registry. testcontainers
 * then needs its host given (`TESTCONTAINERS_HOST_OVERRIDE`, or it looks for the bridge gateway and fails) and Ryuk
 * switched off (its image cannot be pulled); the kit removes its containers itself, by label. Both are only
 * defaults: a user's own settings win.
 */
import { existsSync } from 'node:fs';
import { getContainerRuntimeClient, type ContainerRuntimeClient } from 'testcontainers';

/** Every container the kit starts carries these labels (its role, and the run that started it), so that nothing is
 * left behind. */
export const KIT_ROLE_LABEL = 'payment-conformance-kit.role';
export const KIT_RUN_LABEL = 'payment-conformance-kit.run';

export function applyDockerDefaults(): void {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
}

export class DockerUnavailableError extends Error {
  override readonly name = 'DockerUnavailableError';
}

/**
 * The container runtime, or a DockerUnavailableError saying why there is none (no engine, no socket…). An engine the
 * user names with DOCKER_HOST is the one used or none: testcontainers would otherwise fall back to
 * /var/run/docker.sock, another engine than the one asked for.
 */
export async function dockerClient(): Promise<ContainerRuntimeClient> {
  applyDockerDefaults();
  const named = process.env.DOCKER_HOST?.trim() ?? '';
  if (named.startsWith('unix://') && !existsSync(named.slice('unix://'.length))) {
    throw new DockerUnavailableError(`cannot reach a Docker engine (DOCKER_HOST names ${named}, which does not exist)`);
  }
  try {
    return await getContainerRuntimeClient();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DockerUnavailableError(`cannot reach a Docker engine (${reason})`);
  }
}

/** The containers with this label value, running or not. */
export async function containersLabelled(client: ContainerRuntimeClient, label: string, value: string) {
  return client.container.dockerode.listContainers({ all: true, filters: { label: [`${label}=${value}`] } });
}

/** Removes every container with this label value, running or not; returns how many. */
export async function removeContainersLabelled(
  client: ContainerRuntimeClient,
  label: string,
  value: string,
): Promise<number> {
  const containers = await containersLabelled(client, label, value);
  await Promise.all(
    containers.map((info) => client.container.dockerode.getContainer(info.Id).remove({ force: true, v: true })),
  );
  return containers.length;
}
