/**
 * The certification package (certify --package FILE): one zip archive a merchant submits and a provider verifies.
 * It holds manifest.json, which names every other file with its SHA-256, and manifest.sig, a detached signature of
 * manifest.json's exact bytes by the merchant's private key (base64). Verifying the signature and then each hash
 * proves every byte of the package is what the key holder wrote.
 */
export const PACKAGE_FORMAT = 'payment-conformance-package/1';
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';

export interface PackageFile {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

export interface PackageManifest {
  readonly format: typeof PACKAGE_FORMAT;
  readonly kit: { readonly name: string; readonly version: string; readonly commit: string };
  /** The command as typed, after the command name (no secret is ever a flag's value). */
  readonly command: readonly string[];
  readonly target: unknown;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly outcome: string;
  readonly summary: unknown;
  /** The profile as the report shows it (sources of secrets, never their values) and the SHA-256 of its file. */
  readonly profile: { readonly file: string; readonly sha256: string; readonly settings: unknown };
  /** Settings `discover` proposed, when the run was given them (--discovered FILE). */
  readonly discovered: unknown;
  /** The signer: its algorithm and public key (PEM), and the key's SHA-256 fingerprint (of its SPKI DER). */
  readonly signer: { readonly algorithm: string; readonly publicKey: string; readonly fingerprint: string };
  readonly files: readonly PackageFile[];
}
