import { readFileSync } from 'node:fs';
import { parseCommand } from '../args/parse-command.js';
import { verifyPackage } from './verify-package.js';

export const VERIFY_HELP = `Check a certification package (certify --package FILE): its signature and every file's hash.

Usage: payment-conformance verify-package FILE --public-key PEM

  FILE               the package (.zip) a merchant submitted
  --public-key PEM   the public key the merchant registered (a PEM file)
  --json             print the result as JSON
  --help             this text

Exit codes: 0 intact (prints the outcome it attests); 1 altered, or signed by another key; 2 unreadable (not a
package, no manifest, the key cannot be read).
`;

/** The whole command: returns the exit code. */
export function verifyPackageCommand(args: readonly string[]): number {
  let parsed;
  try {
    parsed = parseCommand(args, { 'public-key': { type: 'string' }, json: { type: 'boolean' } }, VERIFY_HELP);
  } catch (error) {
    process.stderr.write(`verify-package: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === undefined) return 0;
  const [file, ...extra] = parsed.positionals;
  const keyFile = parsed.values['public-key'];
  if (file === undefined || extra.length > 0 || keyFile === undefined) {
    process.stderr.write('verify-package: give one package FILE and --public-key PEM (see --help)\n');
    return 2;
  }
  let pem: string;
  try {
    pem = readFileSync(keyFile, 'utf8');
  } catch (error) {
    process.stderr.write(`verify-package: cannot read ${keyFile} (${(error as NodeJS.ErrnoException).code ?? ''})\n`);
    return 2;
  }
  const result = verifyPackage(file, pem);
  if (parsed.values.json === true) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else if (result.verdict === 'intact') {
    const m = result.manifest;
    const target = JSON.stringify(m.target);
    process.stdout.write(
      `Package intact (exit 0): ${m.files.length} files, signed by ${m.signer.algorithm} key ${m.signer.fingerprint}\n` +
        `  attests: ${m.outcome.toUpperCase()} for target ${target}, ${m.startedAt} – ${m.finishedAt}\n` +
        `  kit ${m.kit.name} ${m.kit.version} (${m.kit.commit}); profile ${m.profile.file} sha256 ${m.profile.sha256}\n`,
    );
  } else if (result.verdict === 'altered') {
    process.stdout.write(`Package ALTERED (exit 1):\n${result.problems.map((p) => `  ${p}`).join('\n')}\n`);
  } else {
    process.stderr.write(`verify-package: ${result.problem}\n`);
  }
  return { intact: 0, altered: 1, unreadable: 2 }[result.verdict];
}
