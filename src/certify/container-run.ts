/**
 * `--target container:IMAGE`: the target's container started for the run and removed after it, also when the run is
 * interrupted (SIGINT, SIGTERM: 130, 143).
 */
import { ContainerTargetError, startContainerTarget, type ContainerTarget } from '../container/container-target.js';
import { imageOf } from '../container/target-name.js';
import { DockerUnavailableError } from '../container/docker-env.js';
import { CertifyError } from './certify-error.js';

/** Starts the container of `--target container:IMAGE`; a failure is one line (exit 2) and leaves nothing behind. */
export async function startContainer(target: string, run: string): Promise<ContainerTarget> {
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
export function untilInterruptExits(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * Until the returned function is called, SIGINT and SIGTERM run `cleanup` (stop the Playwright run, remove the
 * target's container) before the process exits, as a shell would expect (130, 143).
 */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
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
