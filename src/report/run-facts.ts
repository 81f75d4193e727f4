/**
 * What the run's environment tells the conformance reporter (design brief §5): certify and certify-receiver set
 * KIT_* variables for the Playwright run they start (src/certify/reporting-run.ts, REPORTED_SETTINGS); the reporter
 * reads them here, and the kit's own facts (name, version, interface revision) from its files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { kitPath, kitRoot } from '../kit-root.js';
import type { CertificationScope } from '../requirements/registry.js';
import { GATES, type Gate } from './verdicts.js';

export const env = (name: string): string => process.env[name]?.trim() ?? '';

/** What the run certifies (KIT_SCOPE, set by certify-receiver): the service, or a merchant's postback receiver. */
/** The scopes a Playwright run certifies (a client is judged from a recording, src/client-report). */
export type RunScope = Exclude<CertificationScope, 'client'>;

export const scopeOf = (): RunScope => (env('KIT_SCOPE') === 'receiver' ? 'receiver' : 'service');

/** Playwright's global timeout, which certify sets from --max-minutes (KIT_MAX_MINUTES). */
export function timeLimitReason(): string {
  const minutes = env('KIT_MAX_MINUTES');
  return `the run was stopped by its time limit${minutes === '' ? '' : ` (--max-minutes ${minutes})`}`;
}

export function kitFacts(): ConformanceReport['kit'] {
  const pkg = JSON.parse(readFileSync(kitPath('package.json'), 'utf8')) as { name: string; version: string };
  const revision = JSON.parse(readFileSync(kitPath('schemas', 'interface-revision.json'), 'utf8')) as {
    sha256: string;
    recordedAt: string;
  };
  return {
    name: pkg.name,
    version: pkg.version,
    interfaceRevision: `${revision.recordedAt} (sha256 ${revision.sha256.slice(0, 12)})`,
  };
}

export function targetOf(scope: RunScope): ConformanceReport['target'] {
  if (scope === 'receiver') {
    const prefix = env('KIT_RUN_ID');
    return {
      kind: 'receiver',
      url: env('KIT_RECEIVER') || null,
      ...(prefix === '' ? {} : { merchantPaymentIdPrefix: prefix }),
    };
  }
  const image = env('KIT_TARGET_IMAGE');
  if (image !== '') return { kind: 'container', url: env('KIT_TARGET') || null, image };
  return env('KIT_TARGET') === '' ? { kind: 'embedded-sandbox', url: null } : { kind: 'url', url: env('KIT_TARGET') };
}

/** The gate certify was given (KIT_GATE); the profile's, the default, for anything else. */
export function gateOf(text: string): Gate {
  return GATES.find((g) => g === text) ?? 'profile';
}

/** The warnings certify started the run with (KIT_RUN_WARNINGS, a JSON array of strings); none when unreadable. */
export function runWarningsOf(text: string): string[] {
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/** The folder the user ran the command in (the run itself works in the kit's folder). */
export function callerDir(): string {
  return env('KIT_CALLER_CWD') || process.cwd();
}

/** A profile of the kit's own (profiles/…) by its path in the kit; the user's relative to where they ran the command. */
export function profileShownAs(file: string): string {
  const absolute = path.resolve(file);
  const inKit = path.relative(kitRoot, absolute);
  if (!inKit.startsWith('..') && !path.isAbsolute(inKit) && inKit.startsWith('profiles')) return inKit;
  return path.relative(callerDir(), absolute);
}
