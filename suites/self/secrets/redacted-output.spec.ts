/**
 * Secrets never appear in logs (developers' guide). A test's output reaches the terminal through Playwright's line
 * reporter as it is printed, before the secret scrubber reporter sees the finished result, so the conformance
 * fixtures scrub it in the worker, as it is written (src/secrets/redacted-output.ts).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runNode } from '../../../fixtures/self/kit-command.js';
import { kitPath, kitRoot } from '../../../src/kit-root.js';
import { DEFAULT_PROFILE_FILE, loadProfile } from '../../../src/profile/load-profile.js';
import { redactOutputOf } from '../../../src/secrets/redacted-output.js';
import { REDACTED } from '../../../src/secrets/redaction.js';
import { Secret } from '../../../src/secrets/secret.js';

/** A stream that keeps what is written to it and calls back as Node's streams do. */
function recordingStream(): { stream: NodeJS.WriteStream; chunks: unknown[]; callbacks: number } {
  const record = { chunks: [] as unknown[], callbacks: 0 };
  const stream = {
    write(chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
      record.chunks.push(chunk);
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof done === 'function') {
        record.callbacks += 1;
        (done as () => void)();
      }
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return Object.assign(record, { stream });
}

test('should redact known secrets from strings and bytes written to a stream, and pass the rest through', () => {
  const recording = recordingStream();
  redactOutputOf(recording.stream);
  redactOutputOf(recording.stream);
  // Learnt after the stream was wrapped: the registry is read at each write.
  const token = new Secret('output-canary-token-5d1e9a77', 'test').reveal();
  const clean = Buffer.from([0xff, 0x00, 0x41]);

  recording.stream.write(`printed ${token}\n`);
  recording.stream.write(Buffer.from(`bytes ${token}\n`), () => undefined);
  recording.stream.write(`encoded ${token}`, 'utf8', () => undefined);
  recording.stream.write(clean);

  expect(recording.chunks.map(String)).toEqual([
    `printed ${REDACTED}\n`,
    `bytes ${REDACTED}\n`,
    `encoded ${REDACTED}`,
    clean.toString(),
  ]);
  // Bytes with no secret are the very same bytes, not a re-encoded copy; callbacks still run, once each.
  expect(recording.chunks[3]).toBe(clean);
  expect(recording.callbacks).toBe(2);
});

test('should keep the profile secrets a conformance test prints out of the live terminal output', async () => {
  test.setTimeout(60_000);
  const profile = await loadProfile(DEFAULT_PROFILE_FILE);
  const token = profile.controlToken?.reveal();
  if (token === undefined) throw new Error(`${DEFAULT_PROFILE_FILE} has no control token`);
  const config = kitPath('fixtures', 'self', 'printing-suite', 'playwright.config.ts');
  const cli = path.join(kitRoot, 'node_modules', '@playwright', 'test', 'cli.js');

  const run = await runNode([cli, 'test', '--config', config], { KIT_PROFILE: '' }, 50_000);

  const terminal = run.stdout + run.stderr;
  expect(run.code, terminal).toBe(0);
  // The output did travel, with the token in its place, redacted, by each way of printing.
  for (const way of ['marker-log', 'marker-error', 'marker-buffer']) expect(terminal).toContain(`${way} ${REDACTED}`);
  expect(terminal).not.toContain(token);
});
