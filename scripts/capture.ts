/**
 * payment-conformance capture [--capture-host H] [--capture-port P] [--capture-public-url URL] [--evidence FILE] [--resume]
 *                    [--profile FILE] [--quiet] [--max-body-kb N] [--memory-mb N] [--evidence-mb N]
 *
 * Runs the capture server alone until SIGINT or SIGTERM: postbacks sent to {public URL}/pb/merchant (the URL to
 * register for the merchant) are acknowledged, recorded in the JSONL evidence and checked with the profile's
 * postback scheme and pinned service key; one line per attempt on stdout (none with --quiet). Prints `listening on URL` when ready.
 * Bounded (src/capture/capture-limits.ts): a body over --max-body-kb is answered 413; attempts beyond --memory-mb are
 * read back from the evidence; the evidence files hold at most --evidence-mb (the first and latest attempts of each
 * endpoint), and what they dropped is printed when it stops. Exit 2 with one line when it cannot start.
 */
import { spawn } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { parseArgs } from 'node:util';
import type { CheckedAttempt } from '../generated/capture/definitions.gen.js';
import { boundBytes, CAPTURE_LIMITS, captureHeapMb, describeBounds } from '../src/capture/capture-limits.js';
import { CaptureServer } from '../src/capture/capture-server.js';
import { summarise } from '../src/capture/mailbox.js';
import { contractOptionsFor, getContract } from '../src/contract/contract.js';
import { loadProfile } from '../src/profile/load-profile.js';

const USAGE =
  'usage: payment-conformance capture [--capture-host H] [--capture-port P] [--capture-public-url URL] [--evidence FILE] [--resume] [--profile FILE] [--quiet] [--max-body-kb N] [--memory-mb N] [--evidence-mb N]';

/** Set in the process that runs with its heap bound, so that it does not start itself again. */
const HEAP_BOUND = 'KIT_CAPTURE_HEAP_BOUND';

/**
 * The server runs in a process whose V8 heap is bounded by its memory bound (captureHeapMb): without it V8 lets the
 * heap grow far past what is live under a flood. This process starts that one, passes the signals on, and exits as
 * it does; undefined when this is that process already (or its heap is already small enough).
 */
function withBoundedHeap(memoryBytes: number): Promise<number> | undefined {
  const heapMb = captureHeapMb(memoryBytes);
  if (process.env[HEAP_BOUND] === '1' || getHeapStatistics().heap_size_limit <= heapMb * 1024 * 1024) return undefined;
  // This script as it runs now: compiled, or TypeScript through tsx (a clone). An IPC channel lets the server see this
  // process go, even killed outright, and stop (its evidence closed) instead of living on.
  const script = process.argv[1] ?? '';
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []),
      script,
      ...process.argv.slice(2),
    ],
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, [HEAP_BOUND]: '1' } },
  );
  const pass = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
    child.once('error', () => {
      resolve(2);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'capture-host': { type: 'string', default: '127.0.0.1' },
      'capture-port': { type: 'string', default: '4020' },
      'capture-public-url': { type: 'string' },
      evidence: { type: 'string', default: 'reports/capture/postbacks.jsonl' },
      resume: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      profile: { type: 'string' },
      help: { type: 'boolean', default: false },
      'max-body-kb': { type: 'string' },
      'memory-mb': { type: 'string' },
      'evidence-mb': { type: 'string' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const memoryBytes = boundBytes('--memory-mb', values['memory-mb'], 1024 * 1024, CAPTURE_LIMITS.memoryBytes);
  const bounded = withBoundedHeap(memoryBytes);
  if (bounded !== undefined) {
    process.exitCode = await bounded;
    return;
  }
  const port = Number(values['capture-port']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--capture-port must be 0 to 65535 (got ${values['capture-port']})`);
  }
  const profile = await loadProfile(values.profile);
  const { conventions } = profile.settings;
  const capture = await CaptureServer.start({
    host: values['capture-host'],
    port,
    ...(values['capture-public-url'] === undefined ? {} : { publicUrl: values['capture-public-url'] }),
    evidenceFile: values.evidence,
    resume: values.resume,
    checks: {
      contract: getContract(contractOptionsFor(conventions)),
      verification: profile.postbackVerification,
    },
    maxBodyBytes: boundBytes('--max-body-kb', values['max-body-kb'], 1024, CAPTURE_LIMITS.maxBodyBytes),
    memoryBytes,
    evidenceBytes: boundBytes('--evidence-mb', values['evidence-mb'], 1024 * 1024, CAPTURE_LIMITS.evidenceBytes),
    log: (line) => process.stderr.write(`${line}\n`),
    ...(values.quiet
      ? {}
      : {
          onAttempt: (attempt: CheckedAttempt) => {
            console.log(`${attempt.attempt.path} ${summarise(attempt)}`);
          },
        }),
  });
  console.log(`listening on ${capture.url}`);
  console.log(`register ${capture.publicUrl}/pb/merchant as the merchant's postback URL`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    capture.stop().then(
      () => {
        const bounds = capture.bounds();
        console.log(`capture: stopped; ${describeBounds(bounds) ?? 'no bound was reached'}`);
        console.log(`capture: bounds ${JSON.stringify(bounds)}`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`capture: stop failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by the process that bounds its heap: when that one goes, so does this one.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(`capture: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(2);
});
