/**
 * A shop made to expect a payment by a command (receiver.expectedPayments.setup.command): its admin tool or a script
 * that writes the order where the shop keeps it. Run without a shell, in the profile's folder, within the receiver's
 * timeout; exit 0 means done. Its output is evidence, bounded and with the run's secrets redacted.
 */
import { execFile } from 'node:child_process';
import { redactSecrets } from '../secrets/redaction.js';

export interface CommandOutcome {
  /** The exit code; undefined when it did not exit by itself (not found, killed at the timeout). */
  readonly code: number | undefined;
  readonly output: string;
}

/** The most of a command's output kept as evidence. */
const OUTPUT_BYTES = 2_000;

export function runSetupCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
  cwd: string,
  timeoutMs: number,
): Promise<CommandOutcome> {
  const [program, ...args] = argv;
  return new Promise((resolve) => {
    if (program === undefined) {
      resolve({ code: undefined, output: 'no command' });
      return;
    }
    execFile(
      program,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const text = `${stdout}${stderr}`.trim();
        const output = redactSecrets(text.length > OUTPUT_BYTES ? `${text.slice(0, OUTPUT_BYTES)}…` : text);
        if (error === null) {
          resolve({ code: 0, output });
          return;
        }
        const code = typeof error.code === 'number' ? error.code : undefined;
        const why = error.killed ? `killed after ${timeoutMs} ms` : error.message.split('\n')[0];
        resolve({
          code,
          output: code === undefined ? `${why ?? 'did not run'}${output === '' ? '' : `: ${output}`}` : output,
        });
      },
    );
  });
}
