/**
 * The commands of `payment-conformance <command>`: each is one entry script of scripts/, which reads its own flags
 * (and prints them with --help). The npm scripts of a clone are aliases of these.
 */
export interface KitCommand {
  /** As typed after `payment-conformance`: one word, or two for the report commands. */
  readonly name: string;
  /** The entry script under scripts/, without extension. */
  readonly script: string;
  readonly summary: string;
  /** Who runs it: a merchant or a provider certifying, or the kit's own maintainers (fault matrices, peers). */
  readonly audience: 'certify' | 'maintain';
}

export const KIT_COMMANDS: readonly KitCommand[] = [
  { name: 'certify', script: 'certify', summary: 'certify a payment service environment', audience: 'certify' },
  {
    name: 'certify-receiver',
    script: 'certify-receiver',
    summary: "certify a merchant's postback receiver (the kit plays the service)",
    audience: 'certify',
  },
  {
    name: 'discover',
    script: 'discover',
    summary: "probe a target and propose its profile's open settings",
    audience: 'certify',
  },
  {
    name: 'verify-package',
    script: 'verify-package',
    summary: 'check a certification package: every hash and its signature',
    audience: 'certify',
  },
  {
    name: 'report client',
    script: 'report-client',
    summary: "judge a recording of a merchant's client",
    audience: 'certify',
  },
  {
    name: 'report merge',
    script: 'report-merge',
    summary: 'join the shards of a certification (certify --shard i/n) into one report',
    audience: 'certify',
  },
  { name: 'report diff', script: 'report-diff', summary: 'compare two conformance reports', audience: 'certify' },
  { name: 'openapi', script: 'openapi', summary: "export the kit's contract as OpenAPI 3.1", audience: 'certify' },
  {
    name: 'sign',
    script: 'sign',
    summary: "sign a request body from standard input with the profile's scheme",
    audience: 'certify',
  },
  { name: 'sandbox', script: 'sandbox', summary: 'run the reference sandbox on a port', audience: 'certify' },
  { name: 'capture', script: 'capture', summary: 'run the postback capture server on its own', audience: 'certify' },
  {
    name: 'image build',
    script: 'image-build',
    summary: "build the sandbox's image without a registry",
    audience: 'maintain',
  },
  { name: 'faults', script: 'faults', summary: 'the sandbox fault matrix', audience: 'maintain' },
  { name: 'receiver-faults', script: 'receiver-faults', summary: 'the faulty receivers matrix', audience: 'maintain' },
  { name: 'peer', script: 'peer', summary: 'run the independent Python service', audience: 'maintain' },
  { name: 'peer-faults', script: 'peer-faults', summary: "the Python service's fault matrix", audience: 'maintain' },
  {
    name: 'peer-receivers',
    script: 'peer-receivers',
    summary: 'the independent Python receivers matrix',
    audience: 'maintain',
  },
];

/** The command `argv` names and the arguments that follow it; undefined when it names none. */
export function findCommand(argv: readonly string[]): { command: KitCommand; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = KIT_COMMANDS.find((c) => c.name === name);
    if (command !== undefined && argv.length >= words) return { command, rest: argv.slice(words) };
  }
  return undefined;
}
