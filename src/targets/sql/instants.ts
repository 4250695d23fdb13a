/**
 * The arithmetic of `timestampMs` (semantics/time.ts) in plain SQL, shared by the dialects: each reads
 * a timestamp's digits its own way (a regular expression, GLOB) into integer columns, and this turns
 * them into the instant, or `NULL` for a date or time that does not exist. Integers only, never a
 * date type, so no value makes the database raise.
 */

/** SQL expressions of a timestamp's parts as integers, all `NULL` when the text has not its shape. */
export interface InstantParts {
  readonly y: string;
  readonly mo: string;
  readonly d: string;
  readonly h: string;
  readonly mi: string;
  readonly s: string;
  /** The fraction's first three digits, padded with zeros (0 without a fraction). */
  readonly ms: string;
  /** -1 for a `-hh:mm` offset, 1 for `+hh:mm`, 0 for `Z`. */
  readonly sign: string;
  /** The offset's hours and minutes (0 for `Z`). */
  readonly oh: string;
  readonly om: string;
}

/**
 * The instant (epoch ms) of valid parts, else `NULL`. Days from the civil date as `daysFromCivil`,
 * computed on the year plus 400 (the era before year 0 adds 146,097 days) so that every division is of
 * non-negative integers, which truncating and flooring divisions agree on. `bigint` casts an integer
 * expression to 64 bits where the dialect's integers are narrower.
 */
export function instantOfParts(x: InstantParts, bigint: (expr: string) => string): string {
  const { y, mo, d, h, mi, s } = x;
  const leap = `(${y} % 4 = 0 AND (${y} % 100 <> 0 OR ${y} % 400 = 0))`;
  const monthDays = `(CASE WHEN ${mo} = 2 THEN (CASE WHEN ${leap} THEN 29 ELSE 28 END) WHEN ${mo} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`;
  const valid =
    `${mo} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${monthDays} AND ${h} <= 23 AND ${mi} <= 59 ` +
    `AND ${s} <= 59 AND ${x.oh} <= 23 AND ${x.om} <= 59`;
  const era = `(${y} + (CASE WHEN ${mo} <= 2 THEN 399 ELSE 400 END))`;
  const dayOfYear = `((153 * (${mo} + (CASE WHEN ${mo} > 2 THEN -3 ELSE 9 END)) + 2) / 5 + ${d} - 1)`;
  // 719,468 days from 0000-03-01 to the epoch, and 146,097 for the 400 years added.
  const days = `(365 * ${era} + ${era} / 4 - ${era} / 100 + ${era} / 400 + ${dayOfYear} - 865565)`;
  const time = `${h} * 3600000 + ${mi} * 60000 + ${s} * 1000 + ${x.ms} - ${x.sign} * (${x.oh} * 60 + ${x.om}) * 60000`;
  return `(CASE WHEN ${valid} THEN ${bigint(days)} * 86400000 + ${time} END)`;
}

/** The first and last instants whose `toISOString()` is a timestamp (years 0000–9999), for typed columns. */
export const FIRST_ISO_INSTANT = -62_167_219_200_000;
export const LAST_ISO_INSTANT = 253_402_300_799_999;
