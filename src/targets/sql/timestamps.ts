import { regexpTest, stringStartsWith } from '../../builtins.js';

/**
 * ISO instants as a timestamp column holds them: the operands of comparisons with a timestamptz column
 * (filter.ts), which must be exactly what `Date.prototype.toISOString` gives for years 0001–9999.
 */

/** The exact form `Date.prototype.toISOString` gives for years 0001–9999. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** The ISO instant one millisecond after an ISO instant of years 0001–9999; none after the last. */
export function nextMillisecond(instant: string): string | undefined {
  const next = Date.parse(instant) + 1;
  return next > LAST_INSTANT ? undefined : new Date(next).toISOString();
}

function isRoundTrip(iso: string): boolean {
  const time = Date.parse(iso);
  return !Number.isNaN(time) && new Date(time).toISOString() === iso;
}

/** Whether `value` is an ISO instant of years 0001–9999 as `toISOString` writes it. */
export function isIsoInstant(value: string): boolean {
  return regexpTest(ISO_INSTANT, value) && !stringStartsWith.call(value, '0000') && isRoundTrip(value);
}
