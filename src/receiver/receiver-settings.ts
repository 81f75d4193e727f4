/**
 * What `certify-receiver` needs from a profile (its `receiver` section and its `postbacks` signing): where the
 * receiver is, how long it has, the service key the kit signs with, and how the merchant's state is read back.
 */
import type { Dispatcher } from 'undici';
import { targetDispatcher } from '../client/network.js';
import path from 'node:path';
import type { Profile } from '../../generated/profile/profile.gen.js';
import type { LoadedPostbackProfile } from '../profile/load-profile.js';
import { readSecretSource, readTextSource } from '../profile/sources.js';
import { serviceSigner, strangerSigner } from '../sandbox/config/service-signers.js';
import type { Secret } from '../secrets/secret.js';
import { BodySigner } from '../signing/body-signer.js';
import { type ExpectedPayments, expectedPaymentsOf } from './expected-payments.js';
import { type MoneyShape, moneyShapeOf } from './merchant-state.js';

/** The design brief's per-attempt postback timeout (§4), for a receiver whose profile states none. */
export const DEFAULT_RECEIVER_TIMEOUT_MS = 10_000;

type ReadBackSettings = NonNullable<NonNullable<Profile['receiver']>['readBack']>;

/** How one kind of record is read back: its URL template, its status and the shop's words for it. */
interface RecordReadBack {
  /** GET it, placeholders ({{paymentId}}, {{complaintId}}, {{member}} of the postback) filled in from the postback. */
  readonly url: string;
  /** Where the status is: a state pointer (state-pointer.ts). */
  readonly statusAt: string;
  readonly statusWords: Readonly<Record<string, string | undefined>> | undefined;
}

export interface ReadBackTarget {
  readonly headers: ReadonlyMap<string, Secret>;
  /**
   * A payment's record, and how it shows the money its postbacks moved (merchant-state.ts); its statusAt null where
   * the shop keeps no status a read-back shows (a wallet keeps balances).
   */
  readonly payment?: Omit<RecordReadBack, 'statusAt'> & {
    readonly statusAt: string | null;
    readonly money: MoneyShape;
  };
  readonly complaint?: RecordReadBack;
}

export interface ReceiverSettings {
  /** Where payment postbacks go; undefined: the embedded reference receiver. */
  readonly url: string | undefined;
  /** Where complaint postbacks go, as given (a path is on the payment URL's origin); undefined: the same URL. */
  readonly complaintUrl: string | undefined;
  readonly timeoutMs: number;
  /** Signs postbacks as the service, with the key the receiver pins (postbacks.servicePublicKey). */
  readonly service: BodySigner;
  /** Another party, with keys of its own (the forged-key postback). */
  readonly stranger: BodySigner;
  /** The service's other environments, each signing with its own key (receiver.otherEnvironmentKeys). */
  readonly otherEnvironments: readonly BodySigner[];
  /** How the merchant's state is read back; undefined when the profile names no receiver.readBack. */
  readonly readBack: ReadBackTarget | undefined;
  /** How postbacks and read-backs reach the merchant: the profile's `tls` and the environment's proxies. */
  readonly network: Dispatcher;
  /** How the shop is made to expect a payment before its postbacks; undefined when the profile names no setup. */
  readonly expected: ExpectedPayments | undefined;
}

export class ReceiverSettingsError extends Error {
  override readonly name = 'ReceiverSettingsError';
}

function readBackOf(settings: ReadBackSettings | undefined, baseDir: string): ReadBackTarget | undefined {
  if (settings === undefined || (settings.payment === undefined && settings.complaint === undefined)) return undefined;
  const headers = new Map<string, Secret>();
  for (const [name, source] of Object.entries(settings.headers ?? {})) {
    if (source === undefined) continue;
    headers.set(name.toLowerCase(), readSecretSource(source, baseDir, `receiver.readBack.headers.${name}`));
  }
  return {
    headers,
    ...(settings.payment === undefined
      ? {}
      : {
          payment: {
            url: settings.payment.url,
            statusAt: settings.payment.statusAt === undefined ? '/status' : settings.payment.statusAt,
            statusWords: settings.payment.statusWords,
            money: moneyShapeOf(settings.payment.money, settings.payment.creditedAt),
          },
        }),
    ...(settings.complaint === undefined
      ? {}
      : {
          complaint: {
            url: settings.complaint.url,
            statusAt: settings.complaint.statusAt ?? '/status',
            statusWords: settings.complaint.statusWords,
          },
        }),
  };
}

/** The receiver settings of a loaded profile; `url` (the --receiver flag) overrides the profile's. */
export function receiverSettings(profile: LoadedPostbackProfile, url?: string): ReceiverSettings {
  const section = profile.settings.receiver ?? {};
  const baseDir = path.dirname(path.resolve(profile.file));
  let service: BodySigner;
  try {
    const source = section.serviceSigningKey;
    service = serviceSigner(
      profile,
      source === undefined
        ? undefined
        : {
            publicKey: profile.postbackVerification.key.publicKey,
            signingKey: readSecretSource(source, baseDir, 'receiver.serviceSigningKey'),
          },
    );
  } catch (error) {
    throw new ReceiverSettingsError(
      `cannot sign postbacks as the service: ${(error as Error).message} (set receiver.serviceSigningKey to the ` +
        'private key of postbacks.servicePublicKey)',
    );
  }
  let expected: ExpectedPayments | undefined;
  try {
    expected = expectedPaymentsOf(profile);
  } catch (error) {
    throw new ReceiverSettingsError(`receiver.expectedPayments: ${(error as Error).message}`);
  }
  const readBack = readBackOf(section.readBack, baseDir);
  if (readBack?.payment?.money.kind === 'balance' && expected?.payment.merchantUserId !== undefined) {
    throw new ReceiverSettingsError(
      'receiver.readBack.payment.money reads a balance, which sums every payment of its user: the kit gives each ' +
        'payment a merchantUserId of its own, so receiver.expectedPayments.payment.merchantUserId cannot be stated',
    );
  }
  return {
    expected,
    url: url ?? section.url,
    complaintUrl: section.complaintUrl,
    timeoutMs: section.timeoutMs ?? DEFAULT_RECEIVER_TIMEOUT_MS,
    service,
    stranger: strangerSigner(profile),
    otherEnvironments: (section.otherEnvironmentKeys ?? []).map((pair, n) => {
      const field = `receiver.otherEnvironmentKeys[${n}]`;
      try {
        return new BodySigner(
          profile.postbackVerification.scheme,
          {
            publicKey: readTextSource(pair.publicKey, baseDir),
            signingKey: readSecretSource(pair.signingKey, baseDir, `${field}.signingKey`),
          },
          profile.postbackVerification.input,
        );
      } catch (error) {
        throw new ReceiverSettingsError(`${field}: ${(error as Error).message}`);
      }
    }),
    readBack,
    network: targetDispatcher(profile.tls, 4),
  };
}

/** A URL of the profile's receiver section: absolute as given, or a path on the receiver's origin. */
export function resolveOnReceiver(template: string, receiverUrl: string): string {
  return new URL(template, receiverUrl).toString();
}

/**
 * The read-back URL of the record a postback is about, its placeholders filled from the postback as the shop keys its
 * records: `{{paymentId}}` (a payment postback's id, a complaint's paymentId), `{{complaintId}}` (a complaint
 * postback's id), and `{{member}}` for any other text or number member of the postback (`{{merchantPaymentId}}`,
 * `{{merchantUserId}}` for a wallet keyed by user, `{{currency}}` for a balance per currency). Resolved on the
 * receiver's origin; the placeholder the postback does not carry when it lacks a member the URL is keyed by.
 */
export function readBackUrl(
  template: string,
  kind: 'payment' | 'complaint',
  about: Readonly<Record<string, unknown>>,
  receiverUrl: string,
): { readonly url: string } | { readonly missing: string } {
  const special: Readonly<Record<string, unknown>> = {
    paymentId: kind === 'payment' ? about.id : about.paymentId,
    complaintId: kind === 'complaint' ? about.id : undefined,
  };
  let missing: string | undefined;
  const filled = template.replaceAll(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(special, name) ? special[name] : Object.hasOwn(about, name) ? about[name] : undefined;
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || text === '') {
      missing ??= placeholder;
      return placeholder;
    }
    return encodeURIComponent(text);
  });
  return missing === undefined ? { url: resolveOnReceiver(filled, receiverUrl) } : { missing };
}

/** The headers of the read-back's requests, their secrets revealed for the request only. */
export function readBackHeaders(readBack: ReadBackTarget | undefined): Record<string, string> {
  return Object.fromEntries([...(readBack?.headers.entries() ?? [])].map(([name, secret]) => [name, secret.reveal()]));
}
