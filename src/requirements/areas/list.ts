import type { Requirement } from '../requirement.js';
import { ERROR_ROWS } from './errors.js';
import { LIMITS_NOT_SHOWN } from './limits-and-versions.js';

/** The rows of the payments list's request (§4.4), as quotes. */
export const LIST_REQUEST = {
  fromId: 'fromId | UUID | no | Keyset pagination id; take it from nextId of the previous response',
  take: 'take | number | no | Page size',
  type: 'type | enum PAY_IN, PAY_OUT | no | Filter by payment type',
  status: 'status | enum PENDING, NEED_CHECK, FAILED, SUCCESS | no | Filter by status',
  currencyCode: 'currencyCode | string | no | Filter by currency',
  createdAtFrom: 'createdAtFrom | number | yes | Timestamp, start of the creation-date interval',
  createdAtTo: 'createdAtTo | number | yes | Timestamp, end of the creation-date interval',
} as const;

/** The rows of the payments list (§2.2), as quotes. */
const LIST_RECORD = {
  payments: 'payments | array of Payment | Same shape as 2.1',
  total: 'total | number | Total count of payments',
  totalSucceed: 'totalSucceed | number | Count of succeeded payments',
  totalFailed: 'totalFailed | number | Count of failed payments',
  amounts: 'amounts | array of {total: bigint, currencyCode: string} | Sum of amounts per currency',
  nextId: 'nextId | string | Value to pass as fromId to get the next page',
} as const;

const LIST = ['paymentsList'] as const;

/** §4.4, §2.2: the payments list. */
export const LIST_REQUIREMENTS = [
  {
    id: 'LIST-INTERVAL-REQUIRED',
    section: '§4.4',
    statement:
      "A list without createdAtFrom or createdAtTo is refused with the profile's invalidBodyStatus (§7's 400).",
    level: 'profile',
    operations: LIST,
    conventions: ['invalidBodyStatus'],
    quote: [LIST_REQUEST.createdAtFrom, LIST_REQUEST.createdAtTo, ERROR_ROWS.unparseable],
  },
  {
    id: 'LIST-FILTER-TYPE',
    section: '§4.4',
    statement: 'The type filter lists payments of that type only.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.type],
  },
  {
    id: 'LIST-FILTER-STATUS',
    section: '§4.4',
    statement: 'The status filter lists payments in that status only.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.status],
  },
  {
    id: 'LIST-FILTER-CURRENCY',
    section: '§4.4',
    statement: 'The currencyCode filter lists payments in that currency only.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.currencyCode],
  },
  {
    id: 'LIST-INTERVAL-INCLUSIVE',
    section: '§4.4',
    statement:
      "Only payments created in the interval are listed, in the profile's unit and bounds (default milliseconds, both inclusive).",
    level: 'profile',
    operations: LIST,
    quote: [LIST_REQUEST.createdAtFrom, LIST_REQUEST.createdAtTo, 'The unit of the timestamps: not shown.'],
    conventions: ['listTimestampUnit', 'listBoundsInclusive'],
  },
  {
    id: 'LIST-PAGES-NO-DUPLICATE',
    section: '§4.4',
    statement: 'Following nextId as fromId, no payment appears on two pages.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.fromId, LIST_RECORD.nextId],
  },
  {
    id: 'LIST-PAGES-NO-GAP',
    section: '§4.4',
    statement: 'Following nextId as fromId, the pages together hold every payment of the filtered set.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.fromId, LIST_RECORD.nextId],
  },
  {
    id: 'LIST-TAKE',
    section: '§4.4',
    statement: 'take is the page size: a page holds at most take payments, and take while more of the set follow.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_REQUEST.take],
  },
  {
    id: 'LIST-TAKE-DEFAULT-MAX',
    section: '§4.4, §8',
    statement:
      "Without take a page holds at most the profile's default (20); above the maximum (100) take is refused or capped.",
    level: 'profile',
    operations: LIST,
    quote: [LIST_REQUEST.take, LIMITS_NOT_SHOWN],
    conventions: ['pageSize'],
  },
  {
    id: 'LIST-NEXTID-LAST-PAGE',
    section: '§2.2',
    statement:
      "The walk ends as the profile's nextId says: the last page carries no nextId (first-of-next-page, opaque), or the empty page after it carries none (last-of-page).",
    level: 'profile',
    operations: LIST,
    quote: [LIST_RECORD.nextId],
    conventions: ['nextId'],
  },
  {
    id: 'LIST-TOTALS-WHOLE-SET',
    section: '§2.2',
    statement: 'total counts the whole filtered set, not the page.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_RECORD.total],
  },
  {
    id: 'LIST-TOTAL-SUCCEED',
    section: '§2.2',
    statement: 'totalSucceed counts the SUCCESS payments of the filtered set.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_RECORD.totalSucceed],
  },
  {
    id: 'LIST-TOTAL-FAILED',
    section: '§2.2',
    statement: 'totalFailed counts the FAILED payments of the filtered set.',
    level: 'spec',
    operations: LIST,
    quote: [LIST_RECORD.totalFailed],
  },
  {
    id: 'LIST-AMOUNTS-PER-CURRENCY',
    section: '§2.2',
    statement:
      "amounts holds one entry per currency of the filtered set's payments it covers (all, or the succeeded ones: amountsCover), the sum of their amounts in the profile's unit (amountTotalsUnit).",
    level: 'profile',
    operations: LIST,
    quote: [LIST_RECORD.amounts],
    conventions: ['amountTotalsUnit', 'amountsCover'],
  },
  {
    id: 'LIST-UNKNOWN-FROMID',
    section: '§4.4, §7',
    statement: "A fromId that is no payment gets the profile's status (default 404 NOT_FOUND).",
    level: 'profile',
    operations: LIST,
    quote: [LIST_REQUEST.fromId],
    conventions: ['unknownFromId'],
  },
  {
    id: 'LIST-SHAPE',
    section: '§2.2',
    statement: 'The list has the §2.2 members with their types: payments, total, totalSucceed, totalFailed, amounts.',
    level: 'spec',
    operations: LIST,
    quote: [
      LIST_RECORD.payments,
      LIST_RECORD.total,
      LIST_RECORD.totalSucceed,
      LIST_RECORD.totalFailed,
      LIST_RECORD.amounts,
    ],
  },
] as const satisfies readonly Requirement[];
