/** Every secret value this process has read, so that text bound for a log or a report can be scrubbed. */
const secrets = new Set<string>();

/** Shorter values would scrub innocent text; secrets of the kit (keys, tokens) are far longer. */
const MIN_REDACTED_LENGTH = 8;

export const REDACTED = '[REDACTED]';

export function rememberSecret(value: string): void {
  if (value.length < MIN_REDACTED_LENGTH) return;
  secrets.add(value);
  // A PEM key is often quoted line by line (or with its newlines escaped in JSON): scrub each base64 line too.
  for (const line of value.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.length >= 16 && !trimmed.startsWith('-----')) secrets.add(trimmed);
  }
}

/** Replaces every known secret in `text`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}
