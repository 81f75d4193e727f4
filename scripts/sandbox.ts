/**
 * payment-conformance sandbox --port N [--flavor reference|foreign] [--fault NAME]… [--profile FILE] [--clock virtual|real]
 *   [--host H] [--public-url URL] [--background-rate N] [--record FILE]
 * payment-conformance sandbox --flavor random --seed N [--profile-out FILE] [--port N] …
 *
 * Serves the sandbox until SIGINT or SIGTERM; prints `listening on http://127.0.0.1:N` when ready. `--flavor foreign`
 * is the service that made the other legal choices (src/sandbox/flavors), with profiles/foreign-sandbox.json.
 * `--flavor random --seed N` draws every choice the interface leaves open from the seed (src/sandbox/flavors/random)
 * and writes the profile that states them to --profile-out (else a temporary file, printed as `profile: FILE`).
 * Log lines go to stderr. Exit 2 with one line when it cannot start (bad profile, port taken, unknown fault).
 * In a container (no shell to expand variables) the defaults come from the environment: SANDBOX_PORT,
 * SANDBOX_HOST, SANDBOX_PROFILE, SANDBOX_FAULTS (comma-separated), SANDBOX_FLAVOR.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProfile, type LoadedProfile } from '../src/profile/load-profile.js';
import { type FlavorSpec, FLAVORS, isSandboxFlavor, SANDBOX_FLAVORS } from '../src/sandbox/flavors/flavors.js';
import { writeRandomFlavour } from '../src/sandbox/flavors/random/random-flavour.js';
import { recordTo } from '../src/sandbox/recording.js';
import { startSandbox } from '../src/sandbox/start-sandbox.js';

const USAGE =
  'usage: payment-conformance sandbox --port N [--flavor reference|foreign|random] [--seed N] [--profile-out FILE] [--fault NAME]... [--profile FILE] [--clock virtual|real] [--host H] [--public-url URL] [--background-rate N] [--record FILE]';

/** The random flavour of a seed: its profile written (to `out`, else a temporary file) and loaded, and its spec. */
async function randomFlavourOf(
  seedText: string | undefined,
  out: string | undefined,
): Promise<{ spec: FlavorSpec; profile: LoadedProfile; file: string; written: 'given' | 'temporary' }> {
  const seed = Number(seedText);
  if (seedText === undefined || !Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`--flavor random needs --seed, a whole number from 0 (got ${seedText ?? 'none'})`);
  }
  const file = path.resolve(out ?? path.join(mkdtempSync(path.join(tmpdir(), 'random-sandbox-')), `seed-${seed}.json`));
  const { spec } = writeRandomFlavour(seed, file);
  return { spec, profile: await loadProfile(file), file, written: out === undefined ? 'temporary' : 'given' };
}

/** A variable of the environment, unset when empty. */
function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: env('SANDBOX_PORT') ?? '4010' },
      host: { type: 'string', default: env('SANDBOX_HOST') ?? '127.0.0.1' },
      fault: { type: 'string', multiple: true, default: env('SANDBOX_FAULTS')?.split(',') ?? [] },
      profile: { type: 'string', ...(env('SANDBOX_PROFILE') === undefined ? {} : { default: env('SANDBOX_PROFILE') }) },
      clock: { type: 'string' },
      flavor: { type: 'string', default: env('SANDBOX_FLAVOR') ?? 'reference' },
      'background-rate': { type: 'string' },
      'public-url': { type: 'string' },
      record: { type: 'string' },
      seed: { type: 'string' },
      'profile-out': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0 to 65535 (got ${values.port})`);
  if (values.clock !== undefined && values.clock !== 'virtual' && values.clock !== 'real') {
    throw new Error('--clock must be virtual or real');
  }
  const random = values.flavor === 'random';
  if (!random && !isSandboxFlavor(values.flavor)) {
    throw new Error(`--flavor must be ${[...SANDBOX_FLAVORS, 'random'].join(', ')}`);
  }
  if (random && values.profile !== undefined) throw new Error('--flavor random writes its own profile: no --profile');
  if (!random && (values.seed !== undefined || values['profile-out'] !== undefined)) {
    throw new Error('--seed and --profile-out are for --flavor random');
  }
  const rate = values['background-rate'] === undefined ? undefined : Number(values['background-rate']);
  if (rate !== undefined && !(Number.isFinite(rate) && rate >= 0 && rate <= 100)) {
    throw new Error(`--background-rate must be 0 to 100 payments a second (got ${values['background-rate']})`);
  }
  const log = (line: string) => {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  const flavor = isSandboxFlavor(values.flavor) ? values.flavor : 'reference';
  const drawn = random ? await randomFlavourOf(values.seed, values['profile-out']) : undefined;
  const sandbox = await startSandbox({
    port,
    host: values.host,
    faults: values.fault,
    ...(drawn === undefined ? { flavor } : { spec: drawn.spec }),
    ...(values.clock === undefined ? {} : { clock: values.clock }),
    ...(rate === undefined ? {} : { backgroundPerSecond: rate }),
    profile: drawn?.profile ?? (await loadProfile(values.profile ?? FLAVORS[flavor].profileFile)),
    log,
    ...(values['public-url'] === undefined ? {} : { publicUrl: values['public-url'] }),
    // Every exchange of a merchant's client, for npm run report:client.
    ...(values.record === undefined ? {} : { onExchange: recordTo(values.record, { onStop: log }) }),
  });
  console.log(`listening on ${sandbox.url}`);
  if (drawn?.written === 'temporary') console.log(`profile: ${drawn.file}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stop failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(2);
});
