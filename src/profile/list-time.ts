/**
 * How a target counts time in the payments list (§4.4: "createdAtFrom | number | yes | Timestamp, start of the
 * creation-date interval"; "The unit of the timestamps: not shown"): the forms real providers use, as the profile's
 * conventions.listTimestampUnit and listBoundsInclusive state them. The kit builds intervals in "ticks" of the unit
 * (seconds, milliseconds or microseconds since the epoch; milliseconds for iso8601) and writes them on the wire as
 * the unit says; the sandbox reads them back with the same module.
 */
import type { Conventions } from '../../generated/profile/profile.gen.js';

export type ListUnit = NonNullable<Conventions['listTimestampUnit']>;
export type BoundsForm = NonNullable<Conventions['listBoundsInclusive']>;

/** Ticks of the unit in one millisecond. */
export function ticksPerMs(unit: ListUnit): number {
  switch (unit) {
    case 's':
      return 1 / 1000;
    case 'us':
      return 1000;
    case 'ms':
    case 'iso8601':
      return 1;
  }
}

/** Milliseconds of one tick (at least 1: the kit's own waits count in whole milliseconds). */
export function tickMs(unit: ListUnit): number {
  return Math.max(1, 1 / ticksPerMs(unit));
}

/** The tick an instant in milliseconds falls in. */
export function ticksOfMs(ms: number, unit: ListUnit): number {
  return Math.floor(ms * ticksPerMs(unit));
}

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The ticks a record's createdAt (RFC 3339 text) may stand for: `lo` its own value, `hi` the last tick its precision
 * leaves open (a timestamp written in milliseconds stands for a thousand microseconds). Undefined when it is no
 * timestamp. Microseconds are read from the text itself: Date.parse keeps milliseconds only.
 */
export function ticksOfText(text: string, unit: ListUnit): { lo: number; hi: number } | undefined {
  const match = ISO.exec(text.trim());
  if (match === null) {
    // Another form Date.parse reads (the profile's createdAtFormat may allow it): milliseconds at best.
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) return undefined;
    const lo = ticksOfMs(ms, unit);
    return { lo, hi: Math.max(lo, ticksOfMs(ms + 1, unit) - 1) };
  }
  const seconds = Date.parse(`${match[1] ?? ''}${match[3] ?? ''}`);
  if (Number.isNaN(seconds)) return undefined;
  const fraction = match[2] ?? '';
  const micros = Number((fraction + '000000').slice(0, 6));
  const digits = Math.min(fraction.length, 6);
  const atMicros = seconds * 1000 + micros;
  const perTick = unit === 's' ? 1_000_000 : unit === 'us' ? 1 : 1000;
  const lo = Math.floor(atMicros / perTick);
  // The record's precision, in microseconds: 10^(6 - digits).
  const precision = 10 ** (6 - digits);
  const hi = Math.floor((atMicros + precision - 1) / perTick);
  return { lo, hi };
}

/** A bound as the target takes it on the wire: a number of ticks, or ISO 8601 text for iso8601. */
export function wireBound(ticks: number, unit: ListUnit): number | string {
  return unit === 'iso8601' ? new Date(ticks).toISOString() : ticks;
}

/** A bound as it came on the wire, in ticks; undefined when it is not one of the unit's form. */
export function boundFromWire(value: unknown, unit: ListUnit): number | undefined {
  if (unit === 'iso8601') {
    if (typeof value !== 'string' || !ISO.test(value)) return undefined;
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Whether createdAtFrom is inclusive under this form (undefined when the profile does not say). */
export function fromInclusive(form: BoundsForm | undefined): boolean | undefined {
  return form === undefined ? undefined : form === true || form === 'from';
}

/** Whether createdAtTo is inclusive under this form (undefined when the profile does not say). */
export function toInclusive(form: BoundsForm | undefined): boolean | undefined {
  return form === undefined ? undefined : form === true || form === 'to';
}

/** Whether a tick lies in [from, to] as the form reads the bounds. */
export function inInterval(at: number, from: number, to: number, form: BoundsForm): boolean {
  return (fromInclusive(form) === true ? at >= from : at > from) && (toInclusive(form) === true ? at <= to : at < to);
}

/** The form in words, for messages: "[from, to)". */
export function boundsText(form: BoundsForm | undefined): string {
  if (form === undefined) return 'bounds as the profile does not say';
  return `${fromInclusive(form) === true ? '[' : '('}createdAtFrom, createdAtTo${toInclusive(form) === true ? ']' : ')'}`;
}
