import type { Conventions, Profile } from '../../generated/profile/profile.gen.js';

/** A decision for what the interface leaves open (design brief §4, §8): one member of a profile's `conventions`. */
export type ConventionName = keyof Conventions;

/** What each convention decides, with the § that leaves it open: the words of a report's UNSPECIFIED reasons. */
export const CONVENTIONS: Readonly<Record<ConventionName, { readonly decides: string; readonly section: string }>> = {
  authCheckOrder: { decides: 'which check answers first, the credentials or the body', section: '§5.4, §7' },
  emptyCredentials: { decides: 'whether an empty publicKey or hash is missing or invalid', section: '§5.4' },
  nullCredentials: { decides: 'whether a null publicKey or hash is missing or invalid', section: '§5.4' },
  nullMembers: { decides: 'what a request member given as null gets', section: '§4, §7' },
  unknownRequestMembers: { decides: 'what a request member the field tables do not list gets', section: '§4, §7' },
  createdAtFormat: { decides: 'the format of createdAt and updatedAt in records', section: '§2.1, §2.4' },
  listTimestampUnit: { decides: 'the unit of createdAtFrom and createdAtTo', section: '§4.4' },
  listBoundsInclusive: { decides: 'whether the list interval includes its bounds', section: '§4.4' },
  statusWithoutLookupField: { decides: 'the status of a lookup with no lookup field', section: '§7' },
  pageSize: { decides: 'the default and the largest take', section: '§8' },
  nextId: { decides: 'what nextId names, and whether a last page carries one', section: '§4.4' },
  unknownFromId: { decides: 'the status of a list whose fromId names no payment', section: '§4.4' },
  postbackRetry: { decides: 'the postback retry schedule', section: '§6.4' },
  amountTotalsUnit: { decides: 'the unit of amounts[].total in the list', section: '§2.2' },
  unknownResponseFields: { decides: 'how unlisted members of answers are reported (the kit)', section: '§2' },
  initialPaymentStatus: { decides: 'the status of a payment right after its creation', section: '§3.1' },
  receiverUnknownMembers: {
    decides: "what the merchant's receiver does with a postback member the tables do not list",
    section: '§2.5, §2.6, §9',
  },
  receiverHashDecoding: {
    decides: "whether the merchant's receiver refuses the right signature written in a non-strict form of its encoding",
    section: '§5.3',
  },
  receiverComplaintOrder: {
    decides: "whether the merchant's receiver orders complaint postbacks by updatedAt or by arrival",
    section: '§2.6, §6',
  },
  invalidBodyStatus: {
    decides: "the status of a well-formed body that breaks its operation's field table",
    section: '§7',
  },
  nonUtf8Bodies: { decides: 'what a body whose bytes are not UTF-8 gets', section: '§4, §7' },
  creationInfo: { decides: 'whether every creation response carries info', section: '§2.3' },
  amountsCover: { decides: 'which payments of the listed set amounts[] sums', section: '§2.2' },
  statusLagMs: {
    decides: 'how long after a postback the status check may still show the status before it',
    section: '§4.3, §6',
  },
  postbackRecipientLimitCode: {
    decides: "the failedCode of a postback for a payment that failed with RECIPIENT_LIMIT, which §2.5's set lacks",
    section: '§2.1, §2.5',
  },
};

/** The design brief's per-attempt postback timeout (§4), for a wait that needs one where the profile states none. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

export const CONVENTION_NAMES = Object.keys(CONVENTIONS) as ConventionName[];

/** The profile's value for a convention, or undefined when it does not state it. */
export function conventionValue<K extends ConventionName>(settings: Profile, name: K): Conventions[K] | undefined {
  return settings.conventions?.[name];
}

/** Of these conventions, those the profile does not state. */
export function undeclaredConventions(settings: Profile, names: readonly ConventionName[]): ConventionName[] {
  return names.filter((name) => conventionValue(settings, name) === undefined);
}

/** Why a requirement resting on these undeclared conventions is UNSPECIFIED, or a check needing them did not run. */
export function notDeclaredReason(names: readonly ConventionName[]): string {
  const what = names.map((name) => `conventions.${name} (${CONVENTIONS[name].decides}, ${CONVENTIONS[name].section})`);
  return `not declared by the profile: ${what.join('; ')}`;
}
