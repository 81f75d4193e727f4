import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PostbackSigning, Profile, RequestSigning, Timing } from '../../generated/profile/profile.gen.js';
import { getContract } from '../contract/contract.js';
import { kitPath } from '../kit-root.js';
import type { Secret } from '../secrets/secret.js';
import { BodySigner } from '../signing/body-signer.js';
import { builtinScheme } from '../signing/builtin-schemes.js';
import { loadCustomScheme } from '../signing/load-custom-scheme.js';
import type { SignatureScheme, SigningCredentials, VerificationKey } from '../signing/scheme.js';
import { type SigningInputSpec, signingInputSpec } from '../signing/signing-input.js';
import { fieldName, ProfileError } from './profile-error.js';
import { crossFieldProblems } from './profile-rules.js';
import { formattedSecret, readSecretSource, readTextSource } from './sources.js';
import type { TlsSettings } from './tls-settings.js';
import { recordValidated, validatedBefore } from './validated-profiles.js';

/** The embedded sandbox's profile: what `certify` uses when no --profile is given. */
export const DEFAULT_PROFILE_FILE = kitPath('profiles', 'sandbox.json');

/** The waits every run needs, with the defaults a profile may leave out (the schema says them). */
export const DEFAULT_TIMING = { requestTimeoutMs: 10_000, postbackWaitMs: 10_000, statusChangeWaitMs: 10_000 } as const;

/** The sections a service's certification needs (certify, discover, the sandbox); a receiver's needs none of them. */
export const SERVICE_SECTIONS = ['operations', 'signing', 'merchant', 'capabilities', 'safety'] as const;
type ServiceSection = (typeof SERVICE_SECTIONS)[number];

/** A profile's settings with its defaults filled in: what a receiver's certification reads. */
export type BaseProfileSettings = Profile & {
  readonly timing: Timing & { readonly [K in keyof typeof DEFAULT_TIMING]: number };
};

/** A service's profile as written: the sections a service's certification needs, all there. */
export type ServiceProfile = Profile & Required<Pick<Profile, ServiceSection>>;

/** A service's profile, loaded: its sections there and its defaults filled in. */
export type ProfileSettings = BaseProfileSettings & ServiceProfile;

/** A profile loaded for what the postbacks need (certify-receiver: the kit signs as the service). */
export interface LoadedPostbackProfile {
  /** The profile file, as given. */
  readonly file: string;
  readonly settings: BaseProfileSettings;
  /** Verifies postbacks from the service (§2.5, §2.6): the pinned service key, its scheme and its signing input. */
  readonly postbackVerification: {
    readonly scheme: SignatureScheme;
    readonly key: VerificationKey;
    readonly input: SigningInputSpec;
  };
  /** How to reach the target and a receiver over HTTPS (profile `tls`); undefined: the system's CAs, no client certificate. */
  readonly tls: TlsSettings | undefined;
}

/** A profile checked and resolved: keys read, schemes loaded, every setting typed, defaults filled in. */
export interface LoadedProfile extends LoadedPostbackProfile {
  readonly settings: ProfileSettings;
  /** Signs requests as the merchant (§5). */
  readonly requestSigner: BodySigner;
  /** What verifies the merchant's requests: its publicKey text and, for hmac, the shared secret (the sandbox's view). */
  readonly merchantVerificationKey: VerificationKey;
  /** The profile's stranger key pair (signing.stranger), when it names one: a party the target does not know. */
  readonly stranger: SigningCredentials | undefined;
  readonly controlToken: Secret | undefined;
  /** The headers of the outcome drivers' httpHooks, by lower-case name, their values read from their sources. */
  readonly hookHeaders: ReadonlyMap<string, Secret>;
  /**
   * The waits the profile states (its timing members), as against the defaults the kit fills in: a wait the profile
   * states is a statement about the target (a postback arrives within postbackWaitMs), a default is only the kit's
   * patience, so what does not happen within it is NOT VERIFIED, never FAIL.
   */
  readonly statedTiming: ReadonlySet<string>;
}

/**
 * Reads, validates and resolves a profile. Every problem becomes one ProfileError naming the file, the field and
 * what was expected; nothing half-loaded is ever returned.
 */
export async function loadProfile(file: string = DEFAULT_PROFILE_FILE): Promise<LoadedProfile> {
  const settings = parseAndValidate(file, SERVICE_SECTIONS) as ProfileSettings;
  const baseDir = path.dirname(path.resolve(file));
  const attempt = attemptFor(file);

  const requestScheme = await attempt('signing.module', () => schemeFor(settings.signing, baseDir));
  const credentials = {
    publicKey: await attempt('signing.publicKey', () => readTextSource(settings.signing.publicKey, baseDir)),
    signingKey: await attempt('signing.signingKey', () =>
      readSecretSource(settings.signing.signingKey, baseDir, 'signing.signingKey'),
    ),
  };
  await attempt('signing', () => requestScheme.checkCredentials?.(credentials));

  const strangerSource = settings.signing.stranger;
  const stranger: SigningCredentials | undefined =
    strangerSource === undefined
      ? undefined
      : {
          publicKey: await attempt('signing.stranger.publicKey', () =>
            readTextSource(strangerSource.publicKey, baseDir),
          ),
          signingKey: await attempt('signing.stranger.signingKey', () =>
            readSecretSource(strangerSource.signingKey, baseDir, 'signing.stranger.signingKey'),
          ),
        };
  if (stranger !== undefined) await attempt('signing.stranger', () => requestScheme.checkCredentials?.(stranger));

  const postbackVerification = await postbackVerificationOf(settings, baseDir, attempt);
  const token = settings.control?.token;
  const controlToken =
    token === undefined
      ? undefined
      : await attempt('control.token', () => readSecretSource(token, baseDir, 'control.token'));

  const hookHeaders = new Map<string, Secret>();
  for (const [name, source] of Object.entries(settings.outcomes?.httpHooks?.headers ?? {})) {
    if (source === undefined) continue;
    const field = `outcomes.httpHooks.headers.${name}`;
    const { format, ...from } = source;
    const secret = await attempt(field, () => readSecretSource(from, baseDir, field));
    hookHeaders.set(name.toLowerCase(), formattedSecret(secret, format));
  }

  return {
    file,
    settings,
    tls: await tlsOf(settings, baseDir, attempt),
    requestSigner: new BodySigner(requestScheme, credentials, signingInputSpec(settings.signing)),
    merchantVerificationKey: {
      publicKey: credentials.publicKey,
      secret:
        settings.signing.scheme === 'hmac-sha256' ||
        settings.signing.scheme === 'hmac-sha512' ||
        settings.signing.scheme === 'custom'
          ? credentials.signingKey
          : undefined,
    },
    postbackVerification,
    stranger,
    controlToken,
    hookHeaders,
    statedTiming: statedTimingOf(file),
  };
}

/** The timing members the profile file itself sets. */
function statedTimingOf(file: string): ReadonlySet<string> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { timing?: Record<string, unknown> };
  return new Set(Object.keys(raw.timing ?? {}));
}

/**
 * Reads, validates and resolves what a receiver's certification needs of a profile: its postbacks (the scheme, the
 * signing input, the service key the receiver pins) and its receiver section. A profile with only those two (and a
 * name) is enough; a service's sections, when there, are checked by the schema but not required.
 */
export async function loadPostbackProfile(file: string): Promise<LoadedPostbackProfile> {
  const settings = parseAndValidate(file);
  const baseDir = path.dirname(path.resolve(file));
  const attempt = attemptFor(file);
  return {
    file,
    settings,
    postbackVerification: await postbackVerificationOf(settings, baseDir, attempt),
    tls: await tlsOf(settings, baseDir, attempt),
  };
}

/** The profile's `tls`, its files read against the profile's folder and the client key as a secret. */
async function tlsOf(
  settings: BaseProfileSettings,
  baseDir: string,
  attempt: Attempt,
): Promise<TlsSettings | undefined> {
  const tls = settings.tls;
  if (tls === undefined) return undefined;
  const { ca, clientCertificate, clientKey } = tls;
  return {
    ca: ca === undefined ? undefined : await attempt('tls.ca', () => readTextSource(ca, baseDir)),
    cert:
      clientCertificate === undefined
        ? undefined
        : await attempt('tls.clientCertificate', () => readTextSource(clientCertificate, baseDir)),
    key:
      clientKey === undefined
        ? undefined
        : await attempt('tls.clientKey', () => readSecretSource(clientKey, baseDir, 'tls.clientKey')),
    verify: tls.verify ?? true,
  };
}

type Attempt = <T>(field: string, load: () => T | Promise<T>) => Promise<T>;

/** Runs a load step; its failure becomes a ProfileError naming the field. */
function attemptFor(file: string): Attempt {
  return async (field, load) => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ProfileError) throw error;
      throw new ProfileError(file, [`${field}: ${(error as Error).message}`]);
    }
  };
}

async function postbackVerificationOf(
  settings: BaseProfileSettings,
  baseDir: string,
  attempt: Attempt,
): Promise<LoadedPostbackProfile['postbackVerification']> {
  const scheme = await attempt('postbacks.module', () => schemeFor(settings.postbacks, baseDir));
  const verificationKey = settings.postbacks.verificationKey;
  const key: VerificationKey = {
    publicKey: await attempt('postbacks.servicePublicKey', () =>
      readTextSource(settings.postbacks.servicePublicKey, baseDir),
    ),
    secret:
      verificationKey === undefined
        ? undefined
        : await attempt('postbacks.verificationKey', () =>
            readSecretSource(verificationKey, baseDir, 'postbacks.verificationKey'),
          ),
  };
  return { scheme, key, input: signingInputSpec(settings.postbacks) };
}

/**
 * The profile's settings, validated against its schema and its cross-field rules, and holding `sections` (a
 * service's certification needs its operations, signing, merchant, capabilities and safety; the schema asks only a
 * name and postbacks, all a receiver's needs): every problem of all three, one per field.
 */
function parseAndValidate(file: string, sections: readonly ServiceSection[] = []): BaseProfileSettings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ProfileError(file, [`cannot read the file (${code})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProfileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  // A text an ancestor process validated is the same JSON: only its schema check is skipped (validated-profiles.ts).
  const validation = validatedBefore(text)
    ? { ok: true as const, value: json as Profile, findings: [] }
    : getContract().validate('profile/profile', json);
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const missing = sections
    .filter((section) => record[section] === undefined)
    .map(
      (section) =>
        `${section}: required member "${section}" is missing: a service's certification needs it (a receiver's needs only postbacks and receiver)`,
    );
  if (!validation.ok || missing.length > 0) {
    const found = validation.ok ? [] : validation.findings.map((f) => `${fieldName(f.pointer)}: ${f.message}`);
    throw new ProfileError(file, [...found, ...missing].sort());
  }
  const problems = crossFieldProblems(validation.value);
  if (problems.length > 0) throw new ProfileError(file, problems);
  recordValidated(text);
  return { ...validation.value, timing: { ...DEFAULT_TIMING, ...validation.value.timing } };
}

async function schemeFor(signing: RequestSigning | PostbackSigning, baseDir: string): Promise<SignatureScheme> {
  if (signing.scheme === 'custom') {
    // The profile schema requires module when scheme is custom.
    return loadCustomScheme(path.resolve(baseDir, signing.module ?? ''));
  }
  // The schema allows only built-in names besides custom.
  return builtinScheme(signing.scheme, signingInputSpec(signing).hashEncoding);
}

/** What a party's hash covers and how it is written (signing-input.ts). */
export { signingInputSpec } from '../signing/signing-input.js';
