/**
 * The independent merchant receivers of ../shared/peers/python-receivers (design brief §9): R00 correct, R01–R15 each
 * with one realistic defect, written without the kit. The kit runs them as their README says: fresh service keys
 * from `python3 keys.py DIR`, then `python3 receiver.py --port 0 --service-public-key FILE --scheme S
 * --signing-input I --encoding E --variant Rnn`, ready when it prints "receiver listening on URL". Their profiles,
 * written from that README alone, are profiles/peers/python-receiver-*.json; they take the keys from the environment
 * (receiverKeyEnvironment), as a merchant's CI would hand them secrets.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitPath } from '../kit-root.js';
import { type RunningPeer, startPeerProcess } from './peer-process.js';
import { peersDir } from './python-service.js';

/** A signing configuration the receivers take (their README's --scheme, --signing-input, --encoding). */
export interface ReceiverConfiguration {
  readonly name: string;
  readonly scheme: 'ed25519' | 'rsa-sha256';
  readonly signingInput: 'jcs-without-hash' | 'sorted-compact-without-key-and-hash';
  readonly encoding: 'base64' | 'base64url-nopad';
  /** The kit's profile for a receiver so configured. */
  readonly profile: string;
}

/** Two of the four configurations their README verifies, as unlike as they come. */
export const RECEIVER_CONFIGURATIONS: readonly ReceiverConfiguration[] = [
  {
    name: 'ed25519-jcs-base64',
    scheme: 'ed25519',
    signingInput: 'jcs-without-hash',
    encoding: 'base64',
    profile: kitPath('profiles', 'peers', 'python-receiver-ed25519.json'),
  },
  {
    name: 'rsa-sorted-compact-base64url',
    scheme: 'rsa-sha256',
    signingInput: 'sorted-compact-without-key-and-hash',
    encoding: 'base64url-nopad',
    profile: kitPath('profiles', 'peers', 'python-receiver-rsa.json'),
  },
];

/** R00 (correct) and R01–R15, as their README lists them. */
export const RECEIVER_VARIANTS: readonly string[] = Array.from(
  { length: 16 },
  (_, n) => `R${String(n).padStart(2, '0')}`,
);

/** The receivers' folder, or why it cannot be used here (the reason a spec that needs it skips with). */
export function pythonReceiversDir(): string | { readonly missing: string } {
  const dir = path.join(peersDir(), 'python-receivers');
  return existsSync(path.join(dir, 'receiver.py'))
    ? dir
    : { missing: `the independent Python receivers are not here (${dir}): ../shared/peers is absent on this machine` };
}

/** Fresh service (and attacker) key pairs, made by the receivers' own keys.py. */
export interface ReceiverKeys {
  readonly dir: string;
  publicKeyFile(scheme: ReceiverConfiguration['scheme']): string;
  /** The environment the profiles read the service key pair from: PEER_RECEIVER_{ED25519,RSA}_{PUBLIC,PRIVATE}_KEY. */
  readonly environment: Readonly<Record<string, string>>;
  remove(): void;
}

const TAG = { ed25519: 'ed25519', 'rsa-sha256': 'rsa' } as const;

export function generateReceiverKeys(dir: string): ReceiverKeys {
  const into = mkdtempSync(path.join(tmpdir(), 'kit-receiver-keys-'));
  const made = spawnSync('python3', ['keys.py', into], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (made.status !== 0) {
    rmSync(into, { recursive: true, force: true });
    throw new Error(`python3 keys.py failed (${String(made.status)}): ${made.stderr || made.error?.message || ''}`);
  }
  const file = (scheme: ReceiverConfiguration['scheme'], part: 'public' | 'private') =>
    path.join(into, `service-${TAG[scheme]}-${part}.pem`);
  const environment: Record<string, string> = {};
  for (const scheme of ['ed25519', 'rsa-sha256'] as const) {
    const upper = TAG[scheme].toUpperCase();
    environment[`PEER_RECEIVER_${upper}_PUBLIC_KEY`] = readFileSync(file(scheme, 'public'), 'utf8');
    environment[`PEER_RECEIVER_${upper}_PRIVATE_KEY`] = readFileSync(file(scheme, 'private'), 'utf8');
  }
  return {
    dir: into,
    publicKeyFile: (scheme) => file(scheme, 'public'),
    environment,
    remove: () => {
      rmSync(into, { recursive: true, force: true });
    },
  };
}

/** Starts one receiver variant pinned to the keys' service key, in one configuration. */
export async function startPythonReceiver(
  dir: string,
  keys: ReceiverKeys,
  configuration: ReceiverConfiguration,
  variant: string,
): Promise<RunningPeer> {
  if (!RECEIVER_VARIANTS.includes(variant)) {
    throw new Error(`the peer receivers have no variant ${variant} (${RECEIVER_VARIANTS.join(', ')})`);
  }
  return startPeerProcess({
    label: `peer receiver ${variant}`,
    cwd: dir,
    args: [
      'receiver.py',
      '--port',
      '0',
      '--service-public-key',
      keys.publicKeyFile(configuration.scheme),
      '--scheme',
      configuration.scheme,
      '--signing-input',
      configuration.signingInput,
      '--encoding',
      configuration.encoding,
      '--variant',
      variant,
    ],
  });
}
