import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretSource, TextSource } from '../../generated/profile/profile.gen.js';
import { Secret } from '../secrets/secret.js';

export class SourceError extends Error {
  override readonly name = 'SourceError';
}

function readFile(file: string, baseDir: string): string {
  const absolute = path.resolve(baseDir, file);
  try {
    return readFileSync(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SourceError(`cannot read file ${file} (${code})`);
  }
}

function readEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new SourceError(`environment variable ${name} is not set`);
  return value;
}

/** A non-secret text, such as a public key: a file's entire contents (§5.2), an env variable or a value. */
export function readTextSource(source: TextSource, baseDir: string): string {
  if ('file' in source) return readFile(source.file, baseDir);
  if ('env' in source) return readEnv(source.env);
  return source.value;
}

/**
 * A secret, from a file (one final line break dropped: editors add it, and a secret with a stray newline is a
 * classic signature mismatch) or an env variable. `field` names where the profile asked for it.
 */
export function readSecretSource(source: SecretSource, baseDir: string, field: string): Secret {
  if ('file' in source) {
    return new Secret(readFile(source.file, baseDir).replace(/\r?\n$/, ''), `${field} (file ${source.file})`);
  }
  return new Secret(readEnv(source.env), `${field} (env ${source.env})`);
}

/**
 * A header's secret as the header takes it ("Bearer {{secret}}"): the secret stays remembered for redaction, and the
 * header's whole value is a secret of its own.
 */
export function formattedSecret(secret: Secret, format: string | undefined): Secret {
  return format === undefined
    ? secret
    : new Secret(
        format.replace(/\{\{\s*secret\s*\}\}/g, () => secret.reveal()),
        secret.origin,
      );
}
