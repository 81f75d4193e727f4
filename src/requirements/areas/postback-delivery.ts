/**
 * §6 (and §3 for when they are sent): where postbacks go, how they are retried until the merchant answers 200, and
 * the postbacks a re-evaluation sends. Their checks drive a payment or a complaint and read the capture server.
 */
import type { Requirement } from '../requirement.js';
import { COMPLAINT_EVENT, COMPLAINT_REEVALUATION } from './complaints.js';
import { CREATION_REQUEST } from './create.js';
import { PAYMENT_EVENT, PAYMENT_REEVALUATION } from './status.js';

/** §6's delivery rules, as quotes. */
export const DELIVERY = {
  acknowledge: 'The merchant acknowledges by responding with HTTP status 200; the body may be empty.',
  only200: 'Only a 200 response counts as received.',
  retries: 'For any other response the service retries periodically until it gets 200.',
  repeated: 'A repeated postback with updated status is handled like the first.',
  schedule: 'Retry interval and maximum number of retries: not shown.',
} as const;

export const DELIVERY_REQUIREMENTS = [
  {
    id: 'PB-ROUTING',
    section: '§6',
    statement: 'A payment postback goes to the postBackUrl given at the payment creation when one was given.',
    level: 'spec',
    operations: [],
    quote: [PAYMENT_EVENT, CREATION_REQUEST.postBackUrl],
  },
  {
    id: 'PB-ROUTING-MERCHANT-URL',
    section: '§6',
    statement: "Without a postBackUrl at creation, a payment postback goes to the merchant's registered URL.",
    level: 'spec',
    operations: [],
    quote: [PAYMENT_EVENT, CREATION_REQUEST.postBackUrl],
  },
  {
    id: 'PB-COMPLAINT-ROUTING',
    section: '§6',
    statement: 'A complaint postback goes to the postback URL given at the complaint creation.',
    level: 'spec',
    operations: [],
    quote: [COMPLAINT_EVENT],
  },
  {
    id: 'PB-RETRY-UNTIL-200',
    section: '§6',
    statement:
      'A postback answered with anything but 200 (an error status, a timeout, a reset connection) is sent again, until a 200.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.only200, DELIVERY.retries],
  },
  {
    id: 'PB-ONLY-200-ACKS',
    section: '§6',
    statement: 'Only 200 acknowledges: a postback answered 201, 202 or 204 is sent again.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.acknowledge, DELIVERY.only200],
  },
  {
    id: 'PB-NO-REDIRECT',
    section: '§6',
    statement: 'A 3xx answer is not 200: the postback is sent again to the same URL, not to the Location.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.only200, DELIVERY.retries],
  },
  {
    id: 'PB-STOP-AFTER-200',
    section: '§6',
    statement: 'Once a postback is answered 200, it is not sent again.',
    level: 'spec',
    operations: [],
    quote: [DELIVERY.retries],
  },
  {
    id: 'PB-RETRY-IDENTICAL',
    section: '§6',
    statement: 'Every retry of a postback carries the same bytes as its first attempt (same body, same hash).',
    level: 'profile',
    operations: [],
  },
  {
    id: 'PB-RETRY-SCHEDULE',
    section: '§6',
    statement:
      "The intervals between attempts follow the profile's declared retry schedule (the interface shows none; the intervals are reported).",
    level: 'profile',
    operations: [],
    quote: [DELIVERY.schedule],
    conventions: ['postbackRetry'],
  },
  {
    id: 'PB-FLIP-RESENT',
    section: '§3.1, §6',
    statement:
      'A payment re-evaluated from SUCCESS to FAILED, or back, gets a new postback with its new status after the one before.',
    level: 'spec',
    operations: [],
    quote: [...PAYMENT_REEVALUATION, PAYMENT_EVENT],
  },
  {
    id: 'PB-COMPLAINT-FLIP-RESENT',
    section: '§3.2, §6',
    statement:
      'A complaint re-evaluated from COMPLETED to DECLINED, or back, gets a new postback with its new status after the one before.',
    level: 'spec',
    operations: [],
    quote: [...COMPLAINT_REEVALUATION, COMPLAINT_EVENT],
  },
  {
    id: 'PB-NO-STALE-RETRY',
    section: '§6',
    statement:
      'Once a newer postback about a payment was acknowledged, no retry of an older one (an outdated status) arrives.',
    level: 'profile',
    operations: [],
  },
] as const satisfies readonly Requirement[];
