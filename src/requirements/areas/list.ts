import type { Requirement } from '../requirement.js';

const LIST = ['paymentsList'] as const;

/** §4.4, §2.2: the payments list. */
export const LIST_REQUIREMENTS = [
  {
    id: 'LIST-INTERVAL-REQUIRED',
    section: '§4.4',
    statement: 'A list without createdAtFrom or createdAtTo is refused with 400.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-FILTER-TYPE',
    section: '§4.4',
    statement: 'The type filter lists payments of that type only.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-FILTER-STATUS',
    section: '§4.4',
    statement: 'The status filter lists payments in that status only.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-FILTER-CURRENCY',
    section: '§4.4',
    statement: 'The currencyCode filter lists payments in that currency only.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-INTERVAL-INCLUSIVE',
    section: '§4.4',
    statement:
      "Only payments created in the interval are listed, in the profile's unit and bounds (default milliseconds, both inclusive).",
    level: 'profile',
    operations: LIST,
    conventions: ['listTimestampUnit', 'listBoundsInclusive'],
  },
  {
    id: 'LIST-PAGES-NO-DUPLICATE',
    section: '§4.4',
    statement: 'Following nextId as fromId, no payment appears on two pages.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-PAGES-NO-GAP',
    section: '§4.4',
    statement: 'Following nextId as fromId, the pages together hold every payment of the filtered set.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-TAKE',
    section: '§4.4',
    statement: 'A page holds at most take payments.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-TAKE-DEFAULT-MAX',
    section: '§4.4, §8',
    statement:
      "Without take a page holds at most the profile's default (20); above the maximum (100) take is refused or capped.",
    level: 'profile',
    operations: LIST,
    conventions: ['pageSize'],
  },
  {
    id: 'LIST-NEXTID-LAST-PAGE',
    section: '§2.2',
    statement:
      "The walk ends as the profile's nextId says: the last page carries no nextId (first-of-next-page, opaque), or the empty page after it carries none (last-of-page).",
    level: 'profile',
    operations: LIST,
    conventions: ['nextId'],
  },
  {
    id: 'LIST-TOTALS-WHOLE-SET',
    section: '§2.2',
    statement: 'total counts the whole filtered set, not the page.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-TOTAL-SUCCEED',
    section: '§2.2',
    statement: 'totalSucceed counts the SUCCESS payments of the filtered set.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-TOTAL-FAILED',
    section: '§2.2',
    statement: 'totalFailed counts the FAILED payments of the filtered set.',
    level: 'spec',
    operations: LIST,
  },
  {
    id: 'LIST-AMOUNTS-PER-CURRENCY',
    section: '§2.2',
    statement:
      "amounts holds one entry per currency of the filtered set, the sum of its amounts in the profile's unit (default minor units).",
    level: 'profile',
    operations: LIST,
    conventions: ['amountTotalsUnit'],
  },
  {
    id: 'LIST-UNKNOWN-FROMID',
    section: '§4.4, §7',
    statement: "A fromId that is no payment gets the profile's status (default 404 NOT_FOUND).",
    level: 'profile',
    operations: LIST,
    conventions: ['unknownFromId'],
  },
  {
    id: 'LIST-SHAPE',
    section: '§2.2',
    statement: 'The list has the §2.2 members with their types: payments, total, totalSucceed, totalFailed, amounts.',
    level: 'spec',
    operations: LIST,
  },
] as const satisfies readonly Requirement[];
