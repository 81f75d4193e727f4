/** The independent Python receivers (python-receivers.ts) as one of the receiver peers (receiver-peers.ts). */
import {
  generateReceiverKeys,
  pythonReceiversDir,
  RECEIVER_CONFIGURATIONS,
  RECEIVER_VARIANTS,
  type ReceiverConfiguration,
  type ReceiverKeys,
  startPythonReceiver,
} from './python-receivers.js';
import { PYTHON_RECEIVER_FAULT_MAP } from './python-receivers-faults.js';
import type { ReceiverPeer, ReceiverPeerKeys } from './receiver-peers.js';

/** Their keys, kept whole for their start (it takes ReceiverKeys). */
interface PythonKeys extends ReceiverPeerKeys {
  readonly own: ReceiverKeys;
}

export const PYTHON_RECEIVERS: ReceiverPeer = {
  name: 'python-receivers',
  title: 'the independent Python receivers',
  clean: 'R00',
  variants: RECEIVER_VARIANTS.filter((variant) => variant !== 'R00'),
  faults: PYTHON_RECEIVER_FAULT_MAP,
  configurations: RECEIVER_CONFIGURATIONS,
  dir: pythonReceiversDir,
  keys: (dir): PythonKeys => {
    const own = generateReceiverKeys(dir);
    return {
      own,
      file: (name) => `${own.dir}/${name}`,
      environment: own.environment,
      remove: () => {
        own.remove();
      },
    };
  },
  start: (dir, keys, configuration, variant) =>
    startPythonReceiver(dir, (keys as PythonKeys).own, configuration as ReceiverConfiguration, variant),
  // The README: "The receiver accepts POST on any path as a postback."
  receiverUrl: (base) => `${base}/postback`,
  configurationOf: (variant) => {
    const index = Number(variant.slice(1)) % RECEIVER_CONFIGURATIONS.length;
    return RECEIVER_CONFIGURATIONS[index === 0 ? 1 : 0] as ReceiverConfiguration;
  },
};
