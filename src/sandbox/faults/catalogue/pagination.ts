/** Sandbox faults of §2.2, §4.4: the payments list, its filters, pages and totals (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const PAGINATION_FAULTS = [
  // §4.4, §2.2: the payments list.
  {
    name: 'list-page-overlap',
    area: 'pagination',
    breaks: ['LIST-PAGES-NO-DUPLICATE'],
    description: 'nextId is the last payment of the page, so it appears again on the next page.',
  },
  {
    name: 'list-page-skip',
    area: 'pagination',
    breaks: ['LIST-PAGES-NO-GAP'],
    description: 'nextId is one payment too far, so one payment per page boundary is never listed.',
  },
  {
    name: 'list-next-id-unhyphenated',
    area: 'pagination',
    breaks: ['LIST-PAGES-NO-GAP'],
    description: 'nextId is written as 32 hex digits without hyphens, which fromId (a UUID) refuses with 400.',
  },
  {
    name: 'list-totals-page-only',
    area: 'pagination',
    breaks: ['LIST-TOTALS-WHOLE-SET'],
    description: 'total, totalSucceed, totalFailed and amounts count the page, not the filtered set.',
  },
  {
    name: 'list-ignores-currency-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-CURRENCY'],
    description: 'The currencyCode filter is ignored.',
  },
  {
    name: 'list-currency-ignored-with-status',
    area: 'pagination',
    breaks: ['LIST-FILTER-CURRENCY'],
    description: 'The currencyCode filter is ignored when a status filter is also given (alone it works).',
  },
  {
    name: 'list-interval-end-exclusive',
    area: 'pagination',
    breaks: ['LIST-INTERVAL-INCLUSIVE'],
    description: 'A payment created exactly at createdAtTo is left out (the profile says bounds are inclusive).',
  },
  {
    name: 'list-interval-optional',
    area: 'pagination',
    breaks: ['LIST-INTERVAL-REQUIRED'],
    description: 'A list without createdAtFrom or createdAtTo is answered (over all time) instead of refused with 400.',
  },
  {
    name: 'list-ignores-type-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-TYPE'],
    description: 'The type filter is ignored.',
  },
  {
    name: 'list-ignores-status-filter',
    area: 'pagination',
    breaks: ['LIST-FILTER-STATUS'],
    description: 'The status filter is ignored.',
  },
  {
    name: 'list-status-ignored-with-type',
    area: 'pagination',
    breaks: ['LIST-FILTER-STATUS'],
    description: 'The status filter is ignored when a type filter is also given (alone it works).',
  },
  {
    name: 'list-amounts-ignore-type-filter',
    area: 'pagination',
    breaks: ['LIST-AMOUNTS-PER-CURRENCY'],
    description: 'amounts sums the payments of both types when the list is filtered by type.',
  },
  {
    name: 'list-take-off-by-one',
    area: 'pagination',
    breaks: ['LIST-TAKE'],
    description: 'Pages hold take + 1 payments.',
  },
  {
    name: 'list-page-short',
    area: 'pagination',
    breaks: ['LIST-TAKE'],
    description: 'Pages hold take - 1 payments whenever more follow (take is no longer the page size).',
  },
  {
    name: 'list-take-default-50',
    area: 'pagination',
    breaks: ['LIST-TAKE-DEFAULT-MAX'],
    description: 'Without take, pages hold 50 payments instead of 20.',
  },
  {
    name: 'list-next-id-on-last-page',
    area: 'pagination',
    breaks: ['LIST-NEXTID-LAST-PAGE'],
    description: 'The last page carries a nextId that names no payment.',
  },
  {
    name: 'list-succeed-counts-final',
    area: 'pagination',
    breaks: ['LIST-TOTAL-SUCCEED'],
    description: 'totalSucceed counts SUCCESS and FAILED payments.',
  },
  {
    name: 'list-failed-counts-need-check',
    area: 'pagination',
    breaks: ['LIST-TOTAL-FAILED'],
    description: 'totalFailed counts FAILED and NEED_CHECK payments.',
  },
  {
    name: 'list-amounts-one-currency',
    area: 'pagination',
    breaks: ['LIST-AMOUNTS-PER-CURRENCY'],
    description: 'amounts holds one entry summing every currency under the first one.',
  },
  {
    name: 'list-unknown-from-id-empty',
    area: 'pagination',
    breaks: ['LIST-UNKNOWN-FROMID'],
    description: 'A fromId that is no payment gets 200 with an empty page instead of 404.',
  },
] as const satisfies readonly FaultDefinition[];
