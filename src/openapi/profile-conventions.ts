/**
 * What a profile's conventions add to the contract, written into the export's components (issue 40): the schemas of
 * schemas/ say what the interface says, and where it is silent a profile states the target's choice. The list's
 * bounds in the profile's unit and inclusion, its page sizes, what nextId names on the last page, the unit of the
 * list's sums, and the amounts the profile's payment methods take. A convention the profile does not state leaves
 * the component as the interface has it.
 */
import type { ServiceProfile } from '../profile/load-profile.js';
import { boundsText, type BoundsForm } from '../profile/list-time.js';

type Schema = Record<string, unknown>;
type Conventions = NonNullable<ServiceProfile['conventions']>;

/** The member `name` of a component's properties, created when missing (the components are the export's own copies). */
function property(components: Record<string, unknown>, component: string, name: string): Schema | undefined {
  const schema = components[component] as Schema | undefined;
  const properties = schema?.properties as Record<string, Schema> | undefined;
  return properties?.[name];
}

function listBound(unit: Conventions['listTimestampUnit'], form: BoundsForm | undefined, which: string): Schema {
  const bounds = `bounds ${boundsText(form)} (conventions.listBoundsInclusive)`;
  if (unit === 'iso8601') {
    return {
      type: 'string',
      format: 'date-time',
      description: `${which} of the creation-date interval: an RFC 3339 UTC date-time (conventions.listTimestampUnit); ${bounds}`,
    };
  }
  const units = { ms: 'milliseconds', s: 'seconds', us: 'microseconds' } as const;
  return {
    type: 'integer',
    description: `${which} of the creation-date interval, in ${units[unit ?? 'ms']} since the epoch (conventions.listTimestampUnit); ${bounds}`,
  };
}

const NEXT_ID: Record<NonNullable<Conventions['nextId']>, string> = {
  'first-of-next-page':
    "The id of the next page's first payment, to pass as fromId (inclusive); absent or null on the last page (conventions.nextId)",
  'last-of-page':
    "The id of this page's last payment, to pass as fromId (exclusive); a last page may carry one, and the page after it is then empty and carries none (conventions.nextId)",
  opaque: 'A cursor to pass as fromId; absent or null on the last page (conventions.nextId)',
};

function listConventions(components: Record<string, unknown>, conventions: Conventions): void {
  const request = components['payments.payments-list.request'] as Schema | undefined;
  const requestProperties = request?.properties as Record<string, Schema> | undefined;
  if (requestProperties !== undefined && conventions.listTimestampUnit !== undefined) {
    requestProperties.createdAtFrom = listBound(
      conventions.listTimestampUnit,
      conventions.listBoundsInclusive,
      'Start',
    );
    requestProperties.createdAtTo = listBound(conventions.listTimestampUnit, conventions.listBoundsInclusive, 'End');
  }
  const take = property(components, 'payments.payments-list.request', 'take');
  if (take !== undefined && conventions.pageSize !== undefined) {
    const { default: size, max } = conventions.pageSize;
    take.default = size;
    take.description = `Page size: ${size} when absent; a take above ${max} is refused or capped to ${max} (conventions.pageSize)`;
  }
  const nextId = property(components, 'payments.payments-list', 'nextId');
  if (nextId !== undefined && conventions.nextId !== undefined) nextId.description = NEXT_ID[conventions.nextId];
  const total = property(components, 'payments.payments-list.CurrencyAmount', 'total');
  if (total !== undefined && conventions.amountTotalsUnit !== undefined) {
    total.description =
      conventions.amountTotalsUnit === 'minor'
        ? 'The sum in minor units (cents: amount × 100) (conventions.amountTotalsUnit)'
        : 'The plain sum of the amounts, in major units (conventions.amountTotalsUnit)';
  }
}

/** The least and most any of the profile's payment methods takes, where every one of them states it. */
function amountBounds(profile: ServiceProfile): { minimum?: number; maximum?: number } {
  const methods = Object.values(profile.merchant.paymentMethods);
  const mins = methods.map((m) => m.minAmount);
  const maxes = methods.map((m) => m.maxAmount);
  return {
    ...(mins.every((v) => v !== undefined) && mins.length > 0 ? { minimum: Math.min(...mins) } : {}),
    ...(maxes.every((v) => v !== undefined) && maxes.length > 0 ? { maximum: Math.max(...maxes) } : {}),
  };
}

export function applyConventions(components: Record<string, unknown>, profile: ServiceProfile): void {
  listConventions(components, profile.conventions ?? {});
  const request = components['payments.create-payment.request'] as Schema | undefined;
  const properties = request?.properties as Record<string, Schema> | undefined;
  const bounds = amountBounds(profile);
  if (properties?.amount !== undefined && Object.keys(bounds).length > 0) {
    properties.amount = {
      allOf: [properties.amount, bounds],
      description:
        "Within the bounds the profile's payment methods state (merchant.paymentMethods: minAmount, maxAmount); " +
        'each method may take less',
    };
  }
}
