import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Flags a command cannot use: one line naming the problem and --help, exit 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** What parseArgs gives for these options, with positionals allowed and strict checks. */
export type ParsedCommand<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; strict: true; allowPositionals: true; options: O }>
>;

/**
 * A command's flags and positionals, strictly parsed; undefined after printing `help` when `--help` is among them.
 * A bad flag is a UsageError that points to --help. `positionals: false` refuses any word that is not a flag's (an
 * unknown flag is then named as such, not as a misplaced positional).
 */
export function parseCommand<const O extends Options>(
  args: readonly string[],
  options: O,
  help: string,
  { positionals = true }: { positionals?: boolean } = {},
): ParsedCommand<O> | undefined {
  if (args.includes('--help')) {
    process.stdout.write(help);
    return undefined;
  }
  try {
    return parseArgs({ args: [...args], strict: true, allowPositionals: positionals as true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see --help)`);
  }
}
