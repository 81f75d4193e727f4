import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { redactSecrets } from '../secrets/redaction.js';
import { kitCommit, kitNameAndVersion } from './kit-identity.js';
import {
  MANIFEST_FILE,
  PACKAGE_FORMAT,
  SIGNATURE_FILE,
  type PackageFile,
  type PackageManifest,
} from './package-format.js';
import { algorithmOf, fingerprintOf, publicKeyPem, sha256Hex, signBytes } from './package-signature.js';

export interface PackageInput {
  /** The archive to write. */
  readonly file: string;
  /** The run's output folder: its reports and evidence go in under reports/. */
  readonly out: string;
  readonly report: ConformanceReport;
  readonly profileFile: string;
  readonly command: readonly string[];
  readonly discoveredFile: string | undefined;
  readonly privateKey: KeyObject;
}

/** Text a secret could slip into: scrubbed once more, whatever the reporters already did. */
const TEXT = /\.(json|jsonl|md|html|xml|txt|log|csv)$/i;

function filesUnder(dir: string, skip: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => path.resolve(file) !== skip)
    .sort();
}

function contentOf(file: string): Uint8Array {
  const bytes = readFileSync(file);
  return TEXT.test(file) ? Buffer.from(redactSecrets(bytes.toString('utf8')), 'utf8') : bytes;
}

/** Writes the signed certification package (package-format.ts); returns its manifest. */
export function writeCertificationPackage(input: PackageInput): PackageManifest {
  const archive = path.resolve(input.file);
  const entries = new Map<string, Uint8Array>();
  for (const file of filesUnder(input.out, archive)) {
    entries.set(`reports/${path.relative(input.out, file).split(path.sep).join('/')}`, contentOf(file));
  }
  let discovered: unknown = null;
  if (input.discoveredFile !== undefined) {
    const bytes = contentOf(input.discoveredFile);
    entries.set(`discovered/${path.basename(input.discoveredFile)}`, bytes);
    discovered = JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  }
  const files: PackageFile[] = [...entries].map(([name, bytes]) => ({
    path: name,
    sha256: sha256Hex(bytes),
    bytes: bytes.byteLength,
  }));
  const signer = createPublicKey(input.privateKey);
  const manifest: PackageManifest = {
    format: PACKAGE_FORMAT,
    kit: { ...kitNameAndVersion(), commit: kitCommit() },
    command: input.command.map(redactSecrets),
    target: input.report.target,
    startedAt: input.report.startedAt,
    finishedAt: input.report.finishedAt,
    outcome: input.report.outcome,
    summary: input.report.summary,
    profile: {
      file: input.report.profile.file,
      sha256: sha256Hex(readFileSync(input.profileFile)),
      settings: input.report.profile.settings,
    },
    discovered,
    signer: {
      algorithm: algorithmOf(input.privateKey),
      publicKey: publicKeyPem(signer),
      fingerprint: fingerprintOf(signer),
    },
    files,
  };
  const manifestBytes = Buffer.from(redactSecrets(`${JSON.stringify(manifest, null, 2)}\n`), 'utf8');
  const zippable: Zippable = {
    [MANIFEST_FILE]: manifestBytes,
    [SIGNATURE_FILE]: Buffer.from(signBytes(manifestBytes, input.privateKey)),
  };
  for (const [name, bytes] of entries) zippable[name] = bytes;
  writeFileSync(archive, zipSync(zippable, { level: 6 }));
  return manifest;
}
