/**
 * `payment-conformance discover --target URL --profile FILE [--out FILE] [--max-creations N]`: probes the target and writes
 * a new profile with what it found (the input's settings kept, the decided conventions and signing settings set),
 * and beside it the evidence of every decision. Exit 0 when the probes ran (inconclusive ones included: the table
 * says which), 2 when they could not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProfile } from '../profile/load-profile.js';
import { checkCredentials } from '../certify/credentials-check.js';
import type { Decision } from './decision.js';
import { discover } from './discover.js';

export const DISCOVER_HELP = `Propose a profile's open settings by probing the target.

Usage: payment-conformance discover --target URL --profile FILE [options]

  --target URL          the target (a provider's sandbox or staging)
  --profile FILE        a profile with its paths, credentials and safety caps
  --out FILE            the proposed profile (default: FILE's name with .discovered.json, beside it);
                        the evidence goes beside it (.evidence.json)
  --max-creations N     the most payments the probes create (default: 30)
  --capture-host H      where the capture server that receives the probe's postbacks listens (default 127.0.0.1)
  --capture-port P      its port (default: a free one)
  --capture-public-url URL
                        the address the target reaches it at (a tunnel or proxy), for a target elsewhere
  --help                this text

Every decision is a proposal with the requests and answers that led to it; a probe that cannot decide says so and
leaves the setting out. Review the proposals before certifying with them.
`;

const DEFAULT_MAX_CREATIONS = 30;

class DiscoverError extends Error {}

interface DiscoverOptions {
  readonly target: string;
  readonly profile: string;
  readonly out: string;
  readonly maxCreations: number;
  readonly captureHost: string | undefined;
  readonly capturePort: number | undefined;
  readonly capturePublicUrl: string | undefined;
}

function parse(args: readonly string[]): DiscoverOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        target: { type: 'string' },
        profile: { type: 'string' },
        out: { type: 'string' },
        'max-creations': { type: 'string' },
        'capture-host': { type: 'string' },
        'capture-port': { type: 'string' },
        'capture-public-url': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new DiscoverError(`${(error as Error).message} (see --help)`);
  }
  if (values.help === true) return 'help';
  if (values.target === undefined || values.profile === undefined)
    throw new DiscoverError('--target and --profile are required (see --help)');
  const max = values['max-creations'] ?? String(DEFAULT_MAX_CREATIONS);
  if (!/^\d{1,4}$/.test(max)) throw new DiscoverError(`--max-creations must be a whole number (got ${max})`);
  const out = values.out ?? values.profile.replace(/(\.json)?$/, '.discovered.json');
  const port = values['capture-port'];
  if (port !== undefined && !/^\d{1,5}$/.test(port))
    throw new DiscoverError(`--capture-port must be a port (got ${port})`);
  const publicUrl = values['capture-public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/\S+$/.test(publicUrl)) {
    throw new DiscoverError(`--capture-public-url must be an http(s) URL (got ${publicUrl})`);
  }
  return {
    target: values.target,
    profile: values.profile,
    out,
    maxCreations: Number(max),
    captureHost: values['capture-host'],
    capturePort: port === undefined ? undefined : Number(port),
    capturePublicUrl: publicUrl,
  };
}

/** Sets `value` at a dotted key (conventions.pageSize, merchant.paymentMethods.payIn.minAmount) of a profile's JSON. */
function setAt(profile: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  const last = parts.pop();
  if (last === undefined || parts.length === 0) return;
  let holder = profile;
  for (const part of parts) {
    const next = holder[part];
    const object = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
    holder[part] = object;
    holder = object as Record<string, unknown>;
  }
  holder[last] = value;
}

/** File paths of sources and custom signing modules are relative to the profile: rebased when the new one lives elsewhere. */
function rebased(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebased(n, from, to));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      (key === 'file' || key === 'module') && typeof value === 'string' && !path.isAbsolute(value)
        ? path.relative(to, path.resolve(from, value))
        : rebased(value, from, to),
    ]),
  );
}

export function proposedProfile(
  source: string,
  decisions: readonly Decision[],
  from: string,
  to: string,
): Record<string, unknown> {
  const profile = rebased(JSON.parse(readFileSync(source, 'utf8')), from, to) as Record<string, unknown>;
  for (const decision of decisions) if (decision.value !== undefined) setAt(profile, decision.key, decision.value);
  return profile;
}

function table(decisions: readonly Decision[]): string {
  const rows = decisions.map((d) =>
    d.value !== undefined
      ? `  ${d.key}: ${JSON.stringify(d.value)} — ${d.why}`
      : `  ${d.key}: ${d.observed === true ? 'SEEN, NOT PROPOSED' : 'INCONCLUSIVE'} — ${d.why}`,
  );
  return `${rows.join('\n')}\n`;
}

export async function discoverCommand(args: readonly string[]): Promise<number> {
  try {
    const options = parse(args);
    if (options === 'help') {
      process.stdout.write(DISCOVER_HELP);
      return 0;
    }
    let profile;
    try {
      profile = await loadProfile(options.profile);
    } catch (error) {
      throw new DiscoverError((error as Error).message);
    }
    const reach = await checkCredentials(options.target, profile);
    // A 401 is what the signing probe is for; no connection at all is not.
    if (!reach.ok && reach.status !== 401) throw new DiscoverError(reach.message);
    const decisions = await discover(options.target, profile, {
      maxCreations: options.maxCreations,
      ...(options.captureHost === undefined ? {} : { captureHost: options.captureHost }),
      ...(options.capturePort === undefined ? {} : { capturePort: options.capturePort }),
      ...(options.capturePublicUrl === undefined ? {} : { capturePublicUrl: options.capturePublicUrl }),
    });
    const from = path.dirname(path.resolve(options.profile));
    const to = path.dirname(path.resolve(options.out));
    writeFileSync(options.out, `${JSON.stringify(proposedProfile(options.profile, decisions, from, to), null, 2)}\n`);
    const evidenceFile = options.out.replace(/(\.json)?$/, '.evidence.json');
    writeFileSync(evidenceFile, `${JSON.stringify({ target: options.target, decisions }, null, 2)}\n`);
    const seen = decisions.filter((d) => d.observed === true).length;
    const open = decisions.filter((d) => d.value === undefined && d.observed !== true).length;
    const decidable = decisions.length - seen;
    process.stdout.write(
      `discover: ${decidable - open} of ${decidable} settings proposed, ${open} inconclusive` +
        `${seen === 0 ? '' : `, ${seen} seen in part (not proposed)`}\n${table(decisions)}` +
        `profile: ${options.out}\nevidence: ${evidenceFile}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DiscoverError)) throw error;
    process.stderr.write(`discover: ${error.message}\n`);
    return 2;
  }
}
