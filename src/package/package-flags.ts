import { createPrivateKey, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import type { Profile } from '../../generated/profile/profile.gen.js';
import { readSecretSource } from '../profile/sources.js';
import { Secret } from '../secrets/secret.js';
import { readFileSync } from 'node:fs';
import { writeCertificationPackage } from './write-package.js';

/** A package that cannot be made as asked: exit 2 before the run, naming the flag to fix. */
export class PackageError extends Error {}

/** The flags of certify and certify-receiver that ask for a certification package. */
export const PACKAGE_OPTIONS = {
  package: { type: 'string' },
  'package-key': { type: 'string' },
  discovered: { type: 'string' },
} as const;

export const PACKAGE_HELP = `  --package FILE                also write a signed certification package (.zip): manifest, reports, evidence
  --package-key FILE            the PEM private key that signs it (default: the profile's signing.signingKey,
                                when the profile signs with ed25519 or rsa-sha256)
  --discovered FILE             discover's proposal the profile was written from, put in the package`;

export interface PackageRequest {
  readonly file: string;
  readonly privateKey: KeyObject;
  readonly discoveredFile: string | undefined;
}

type PackageValues = {
  package?: string | undefined;
  'package-key'?: string | undefined;
  discovered?: string | undefined;
};

function privateKeyOf(secret: Secret, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(secret.reveal());
  } catch {
    throw new PackageError(`${where} is not a PEM private key: the package cannot be signed with it`);
  }
  if (key.asymmetricKeyType === undefined) throw new PackageError(`${where} is not an asymmetric key`);
  return key;
}

/**
 * What --package asks for, its signing key read and checked before the run (a run of minutes must not end with a
 * package that cannot be signed); undefined without --package.
 */
export function packageRequest(values: PackageValues, profileFile: string): PackageRequest | undefined {
  if (values.package === undefined) {
    for (const flag of ['package-key', 'discovered'] as const) {
      if (values[flag] !== undefined) throw new PackageError(`--${flag} needs --package FILE`);
    }
    return undefined;
  }
  const discoveredFile = values.discovered;
  if (discoveredFile !== undefined) {
    try {
      JSON.parse(readFileSync(discoveredFile, 'utf8'));
    } catch (error) {
      throw new PackageError(`--discovered ${discoveredFile}: not a readable JSON file (${(error as Error).message})`);
    }
  }
  const keyFile = values['package-key'];
  if (keyFile !== undefined) {
    if (!existsSync(keyFile)) throw new PackageError(`--package-key ${keyFile}: no such file`);
    const secret = new Secret(readFileSync(keyFile, 'utf8'), `--package-key ${keyFile}`);
    return { file: values.package, privateKey: privateKeyOf(secret, `--package-key ${keyFile}`), discoveredFile };
  }
  let signing: Profile['signing'];
  try {
    signing = (JSON.parse(readFileSync(profileFile, 'utf8')) as Profile).signing;
  } catch {
    signing = undefined;
  }
  if (signing === undefined || (signing.scheme !== 'ed25519' && signing.scheme !== 'rsa-sha256')) {
    throw new PackageError(
      `--package: the profile holds no merchant private key a provider can verify (signing.scheme ${signing?.scheme ?? 'absent'}); ` +
        'give --package-key FILE, the PEM private key whose public key you registered',
    );
  }
  const secret = readSecretSource(signing.signingKey, path.dirname(path.resolve(profileFile)), 'signing.signingKey');
  return { file: values.package, privateKey: privateKeyOf(secret, 'signing.signingKey'), discoveredFile };
}

/** Writes the package of a finished run and says where; a package that cannot be written is the run's exit 2. */
export function writePackageOf(
  request: PackageRequest,
  run: { out: string; report: ConformanceReport; profileFile: string; command: readonly string[] },
): void {
  const manifest = writeCertificationPackage({ ...request, ...run });
  process.stdout.write(
    `  package: ${path.relative(process.cwd(), path.resolve(request.file))} (${manifest.files.length} files, ` +
      `signed by ${manifest.signer.algorithm} key ${manifest.signer.fingerprint.slice(0, 16)}…)\n`,
  );
}
