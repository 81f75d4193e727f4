/**
 * The independent Python payment service of ../shared/peers/python-service (design brief §9), one of the peer services
 * of peer-services.ts: the names the kit's own tests and benches use for it.
 */
import { PEER_SERVICES, type PeerOptions, type RunningPeer, startPeerService } from './peer-services.js';

export { peerConfigCopy, peersDir, type PeerOptions, type RunningPeer } from './peer-services.js';

const PYTHON = PEER_SERVICES['python-service'];

export const PYTHON_SERVICE_PROFILE = PYTHON.profileFile();

/** The peer service's folder, or why it cannot be used here (the reason a spec that needs it skips with). */
export function pythonServiceDir(): string | { readonly missing: string } {
  return PYTHON.dir();
}

/** Its faults, as its README lists them: FX01 to FX20. */
export const PYTHON_SERVICE_FAULTS: readonly string[] = Object.keys(PYTHON.faults);

/** Starts the peer service; rejects with what it printed when it does not say it listens in time. */
export function startPythonService(options: PeerOptions = {}): Promise<RunningPeer> {
  return startPeerService(PYTHON, options);
}
