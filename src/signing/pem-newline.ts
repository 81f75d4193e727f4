/**
 * A PEM public key whose text lost its final newline: a file written by openssl ends with one, an environment variable
 * (`export KEY="$(cat key.pem)"`, a CI secret pasted without it) often does not. The key still parses, so nothing
 * fails on the kit's side, but a counterpart that compares the publicKey member exactly with the PEM it registered
 * (§5.2: "the contents of the public key file") refuses every body. Named as the likely cause where that refusal shows.
 */
export function lostPemNewline(publicKey: string): boolean {
  return publicKey.trimStart().startsWith('-----BEGIN') && !publicKey.endsWith('\n');
}

/** A sentence naming the lost newline of `setting`'s PEM as the likely cause, or '' when it ends as a file does. */
export function pemNewlineHint(publicKey: string, setting: string): string {
  if (!lostPemNewline(publicKey)) return '';
  return (
    `; likely cause: the PEM text of ${setting} does not end with a newline, as its file does (an environment ` +
    'variable often loses it), and a counterpart that compares publicKey exactly with the key it holds refuses it: ' +
    'give the file, or the variable with its final newline'
  );
}
