/**
 * How a provider's engineer reproduces a FAIL without the kit (developers' guide: "the provider's engineer reproduces
 * it without the kit"): the last request of the failing test as a self-contained curl command, with the exact body the
 * kit signed and sent; and how anyone with the kit installed (not only in its clone) runs the same check again.
 */

/** A word for a POSIX shell, in single quotes. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The longest body quoted in full: past it the curl command says where the whole body is. */
export const CURL_BODY_LIMIT = 64 * 1024;

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly body: string;
}

/**
 * The request as a curl command: its method, URL, headers and body byte for byte (printf '%s' keeps the body without
 * a trailing newline, which a signature over the exact bytes would not survive). Undefined for a body too large to
 * quote, or one that was not text (raw bytes the evidence keeps only lossily).
 */
export function curlOf(request: RecordedRequest): string | undefined {
  if (request.body.length > CURL_BODY_LIMIT || request.body.includes('\uFFFD')) return undefined;
  const headers = Object.entries(request.headers ?? {})
    .filter(([, value]) => typeof value === 'string')
    .map(([name, value]) => `-H ${shellQuote(`${name}: ${String(value)}`)}`);
  return [
    `printf '%s' ${shellQuote(request.body)} |`,
    `  curl -sS -i -X ${request.method} ${shellQuote(request.url)} ${headers.join(' ')} --data-binary @-`,
  ].join('\n');
}

export interface ReplaySetting {
  /** The test's full title (its describe blocks and its own, separated by ' › '). */
  readonly title: string;
  /** The run's target (KIT_TARGET); empty for the embedded sandbox. */
  readonly target: string;
  /** The run's profile file (KIT_PROFILE); empty for the default. */
  readonly profile: string;
  /** The failure's message, for a property's seed and path (KIT_FC_SEED, KIT_FC_PATH). */
  readonly message: string;
}

/** A regular expression matching exactly this text. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The kit command that runs this check again, as installed (`npx payment-conformance certify`; in a clone, `npm run
 * certify --` takes the same flags): the same target and profile, the test by its title, a property's failing case
 * by its seed and path.
 */
export function replayOf(setting: ReplaySetting): string {
  const seed = /KIT_FC_SEED=(-?\d+) KIT_FC_PATH=("[^"]*")(?: KIT_FC_REPLAY_PATH=("[^"]*"))?/.exec(setting.message);
  const env =
    seed === null
      ? []
      : [`KIT_FC_SEED=${seed[1]}`, `KIT_FC_PATH=${seed[2]}`, ...(seed[3] ? [`KIT_FC_REPLAY_PATH=${seed[3]}`] : [])];
  const leaf = setting.title.split(' › ').at(-1) ?? setting.title;
  return [
    ...env,
    'npx payment-conformance certify',
    ...(setting.target === '' ? [] : ['--target', shellQuote(setting.target)]),
    ...(setting.profile === '' ? [] : ['--profile', shellQuote(setting.profile)]),
    '--workers 1 --grep',
    shellQuote(literal(leaf)),
  ].join(' ');
}
