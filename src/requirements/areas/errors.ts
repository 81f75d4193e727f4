import type { Requirement } from '../requirement.js';
import { ALL_OPERATIONS } from './scope.js';

/** §4's first sentence: every body, request or answer, is a JSON object. */
export const JSON_BODIES = 'All bodies are JSON objects.';

/** The rows of §7's table, as quotes (a row's cells joined by ' | '). */
export const ERROR_ROWS = {
  unparseable:
    '400 | free text | Body or query parameters could not be parsed (typically wrong formatting) | all operations',
  serverFailure: '500 | free text | Unexpected server-side failure | all operations',
} as const;

/** §7: the error body and the codes that apply to every operation. */
export const ERROR_REQUIREMENTS = [
  {
    id: 'BODY-JSON-MEDIA-TYPE',
    section: '§4',
    statement:
      'All bodies are JSON objects: an answer with a JSON body says so in its Content-Type (application/json, or a +json type).',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: [JSON_BODIES],
  },
  {
    id: 'ERROR-BODY-SHAPE',
    section: '§7',
    statement:
      'Every error answer carries a JSON object with a string member error; for 401, 403 and 404, one of the codes §7 gives that status.',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: ['Error body: a JSON object with a string member error. Codes below are exact.'],
  },
  {
    id: 'ERROR-MALFORMED-400',
    section: '§7',
    statement: 'A body that cannot be parsed (not JSON, not an object) is refused with 400.',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: [JSON_BODIES, ERROR_ROWS.unparseable],
  },
  {
    id: 'ERROR-NOT-UTF8',
    section: '§4, §7',
    statement:
      "A body whose bytes are not UTF-8 gets what the profile's nonUtf8Bodies says: refused with 400, or read with the bad bytes replaced.",
    level: 'profile',
    operations: ALL_OPERATIONS,
    quote: [JSON_BODIES, ERROR_ROWS.unparseable],
    conventions: ['nonUtf8Bodies'],
  },
  {
    id: 'ERROR-INVALID-BODY-400',
    section: '§4, §7',
    statement:
      "A body that breaks the operation's field table (a required member missing, a member of the wrong type, a value outside its set) is refused with the profile's invalidBodyStatus (§7's 400 speaks of a body that could not be parsed).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    quote: [ERROR_ROWS.unparseable],
    conventions: ['invalidBodyStatus'],
  },
  {
    id: 'ERROR-500-BODY',
    section: '§7',
    statement: 'An unexpected server-side failure answers 500 with an error body (checked with an injected failure).',
    level: 'spec',
    operations: ALL_OPERATIONS,
    quote: ['Error body: a JSON object with a string member error.', ERROR_ROWS.serverFailure],
  },
  {
    id: 'ERROR-NO-5XX-FOR-INPUT',
    section: '§7',
    statement:
      'No request body, valid or not, gets a 5xx: a 500 is an unexpected server-side failure (§7), which input must not cause (checked with generated bodies).',
    level: 'profile',
    operations: ALL_OPERATIONS,
    quote: [ERROR_ROWS.serverFailure],
  },
  {
    id: 'ERROR-NULL-MEMBERS',
    section: '§4, §7',
    statement:
      "A request member given as null where its field table allows no null gets what the profile's nullMembers says: 400 (refused), or the answer the body without it gets (absent).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    conventions: ['nullMembers'],
  },
  {
    id: 'ERROR-UNKNOWN-MEMBERS',
    section: '§4, §7',
    statement:
      "A request member the field tables do not list gets what the profile's unknownRequestMembers says: 400 (refused), or the answer the body without it gets (ignored).",
    level: 'profile',
    operations: ALL_OPERATIONS,
    conventions: ['unknownRequestMembers'],
  },
] as const satisfies readonly Requirement[];
