import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { MANIFEST_FILE, PACKAGE_FORMAT, SIGNATURE_FILE, type PackageManifest } from './package-format.js';
import { fingerprintOf, sha256Hex, verifyBytes } from './package-signature.js';

/** What verify-package found: `intact` (exit 0), `altered` (exit 1) or `unreadable` (exit 2), and why. */
export type PackageVerification =
  | { readonly verdict: 'intact'; readonly manifest: PackageManifest }
  | {
      readonly verdict: 'altered';
      readonly problems: readonly string[];
      readonly manifest: PackageManifest | undefined;
    }
  | { readonly verdict: 'unreadable'; readonly problem: string };

function readManifest(bytes: Uint8Array): PackageManifest | string {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    return `${MANIFEST_FILE} is not JSON (${(error as Error).message})`;
  }
  const manifest = json as Partial<PackageManifest> | null;
  if (typeof manifest !== 'object' || manifest === null || manifest.format !== PACKAGE_FORMAT) {
    return `${MANIFEST_FILE} is not a ${PACKAGE_FORMAT} manifest`;
  }
  const files: unknown[] = Array.isArray(manifest.files) ? manifest.files : [];
  const wellFormed = (entry: unknown): boolean =>
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as { path?: unknown }).path === 'string' &&
    typeof (entry as { sha256?: unknown }).sha256 === 'string';
  if (!Array.isArray(manifest.files) || !files.every(wellFormed)) return `${MANIFEST_FILE} lists no files`;
  const signer: unknown = manifest.signer;
  if (typeof signer !== 'object' || signer === null) return `${MANIFEST_FILE} names no signer`;
  return manifest as PackageManifest;
}

/**
 * Checks a certification package against the public key the merchant registered: the signature of manifest.json,
 * then every file's SHA-256, and that the archive holds no file the manifest does not name.
 */
export function verifyPackage(file: string, publicKeyPem: string): PackageVerification {
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey(publicKeyPem);
  } catch (error) {
    return { verdict: 'unreadable', problem: `the public key is not a PEM public key (${(error as Error).message})` };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { verdict: 'unreadable', problem: `cannot read ${file} (${code})` };
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    return { verdict: 'unreadable', problem: `${file} is not a zip archive (${(error as Error).message})` };
  }
  const manifestBytes = entries[MANIFEST_FILE];
  const signature = entries[SIGNATURE_FILE];
  if (manifestBytes === undefined) return { verdict: 'unreadable', problem: `${file} holds no ${MANIFEST_FILE}` };
  // The signature first: a manifest changed by one byte may no longer parse, and is then altered, not unreadable.
  const signed =
    signature !== undefined && verifyBytes(manifestBytes, Buffer.from(signature).toString('utf8'), publicKey);
  const manifest = readManifest(manifestBytes);
  if (typeof manifest === 'string') {
    return signed
      ? { verdict: 'unreadable', problem: manifest }
      : { verdict: 'altered', problems: [`${MANIFEST_FILE} does not verify: ${manifest}`], manifest: undefined };
  }
  const problems: string[] = [];
  if (signature === undefined) problems.push(`no ${SIGNATURE_FILE}: the package is not signed`);
  else if (!signed) {
    const given = fingerprintOf(publicKey);
    problems.push(
      `${SIGNATURE_FILE} does not verify with the given key (fingerprint ${given}): ` +
        'the manifest was changed or another key signed it' +
        (manifest.signer.fingerprint === given ? '' : ` (it names signer ${manifest.signer.fingerprint})`),
    );
  }
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    listed.add(entry.path);
    // Own entries only: a manifest naming `constructor` or `__proto__` must not reach the object's prototype.
    const bytes = Object.hasOwn(entries, entry.path) ? entries[entry.path] : undefined;
    if (bytes === undefined) problems.push(`${entry.path}: listed in the manifest, missing from the archive`);
    else if (sha256Hex(bytes) !== entry.sha256) problems.push(`${entry.path}: its SHA-256 differs from the manifest's`);
  }
  for (const name of Object.keys(entries)) {
    if (name !== MANIFEST_FILE && name !== SIGNATURE_FILE && !listed.has(name) && !name.endsWith('/')) {
      problems.push(`${name}: in the archive, not in the manifest`);
    }
  }
  return problems.length === 0 ? { verdict: 'intact', manifest } : { verdict: 'altered', problems, manifest };
}
