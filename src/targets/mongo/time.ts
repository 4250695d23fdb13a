import { option } from '../../builtins.js';
import { resolveAsOf } from '../../compile/filter.js';

/**
 * Instants in MongoDB aggregation expressions, with the arithmetic of semantics/time.ts: a timestamp
 * string is read by its digits, never by `$dateFromString` (which accepts other shapes, and raises on
 * bad input unless told otherwise), and a BSON date by its milliseconds. Nothing here raises, whatever
 * the value: `$regexMatch` sits behind a `$type` guard, and `$toInt`/`$substrCP` only ever see the
 * digits of a string the shape check accepted.
 */

/** An aggregation expression. */
type Expr = unknown;

/**
 * The shape of an RFC 3339 timestamp, with the ranges of each part but the day's upper bound, which
 * depends on the month and year (checked by arithmetic). `(?![\s\S])`, not `$`: PCRE's `$` also
 * matches before a final newline. ASCII digits only, as `[0-9]` is in PCRE and JavaScript alike.
 */
export const TIMESTAMP_SHAPE =
  '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]' +
  '(?:\\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])(?![\\s\\S])';

/** The instants a `Date` reads as in memory: its ISO string has a four-digit year (0000–9999). */
export const FIRST_DATE_INSTANT = -62_167_219_200_000;
export const LAST_DATE_INSTANT = 253_402_300_799_999;

const DAY = 86_400_000;
/** `daysFromCivil(1970, 3, 1)`'s constant: days from 0000-03-01 to 1970-01-01. */
const EPOCH_DAYS = 719_468;

const isType = (v: string, type: string) => ({ $eq: [{ $type: v }, type] });
const floorDiv = (a: Expr, b: number) => ({ $floor: { $divide: [a, b] } });
const isZero = (e: Expr) => ({ $eq: [e, 0] });
const let1 = (name: string, value: Expr, body: Expr) => ({ $let: { vars: { [name]: value }, in: body } });

/**
 * The instant (ms since the epoch) of the value in `v`, or null when it is none: a string in the shape
 * of `timestampMs`, or a BSON date in the years a `Date`'s ISO string reads. `next` names variables.
 */
export function instantExpr(v: string, next: () => string): Expr {
  const [s, y, m, d, n, z] = [next(), next(), next(), next(), next(), next()];
  const S = `$$${s}`;
  const [Y, M, D, N, Z] = [`$$${y}`, `$$${m}`, `$$${d}`, `$$${n}`, `$$${z}`];
  const int = (at: Expr, count: number) => ({ $toInt: { $substrCP: [S, at, count] } });
  // Hinnant's days_from_civil over a year starting in March, in the form without eras (its floors are
  // mathematical, so a year of -1, January of year 0, needs no special case).
  const yy = { $subtract: [Y, { $cond: [{ $lte: [M, 2] }, 1, 0] }] };
  const t = next();
  const T = `$$${t}`;
  const days = let1(t, yy, {
    $add: [
      { $multiply: [365, T] },
      floorDiv(T, 4),
      { $multiply: [-1, floorDiv(T, 100)] },
      floorDiv(T, 400),
      floorDiv({ $add: [{ $multiply: [153, { $add: [M, { $cond: [{ $gt: [M, 2] }, -3, 9] }] }] }, 2] }, 5),
      D,
      -1 - EPOCH_DAYS,
    ],
  });
  const leap = {
    $and: [
      isZero({ $mod: [Y, 4] }),
      { $or: [{ $not: [isZero({ $mod: [Y, 100] })] }, isZero({ $mod: [Y, 400] })] },
    ],
  };
  const monthDays = {
    $cond: [
      { $eq: [M, 2] },
      { $cond: [leap, 29, 28] },
      { $cond: [{ $in: [M, { $literal: [4, 6, 9, 11] }] }, 30, 31] },
    ],
  };
  // The zone is `Z` (one character) or `±hh:mm` (six); the fraction, if any, lies between the seconds
  // and the zone, and counts to the millisecond, truncated: its first three digits, padded with zeros.
  const zoneAt = { $subtract: [N, { $cond: [Z, 1, 6] }] };
  const fraction = {
    $cond: [
      { $eq: [{ $substrCP: [S, 19, 1] }, '.'] },
      {
        $toInt: {
          $substrCP: [{ $concat: [{ $substrCP: [S, 20, { $subtract: [zoneAt, 20] }] }, '000'] }, 0, 3],
        },
      },
      0,
    ],
  };
  const offset = {
    $cond: [
      Z,
      0,
      {
        $multiply: [
          { $cond: [{ $eq: [{ $substrCP: [S, { $subtract: [N, 6] }, 1] }, '-'] }, -60_000, 60_000] },
          {
            $add: [{ $multiply: [int({ $subtract: [N, 5] }, 2), 60] }, int({ $subtract: [N, 2] }, 2)],
          },
        ],
      },
    ],
  };
  const ms = {
    $subtract: [
      {
        $add: [
          { $multiply: [days, DAY] },
          { $multiply: [int(11, 2), 3_600_000] },
          { $multiply: [int(14, 2), 60_000] },
          { $multiply: [int(17, 2), 1000] },
          fraction,
        ],
      },
      offset,
    ],
  };
  const fromString = {
    $let: {
      vars: {
        [y]: int(0, 4),
        [m]: int(5, 2),
        [d]: int(8, 2),
        [n]: { $strLenCP: S },
        [z]: { $in: [{ $substrCP: [S, { $subtract: [{ $strLenCP: S }, 1] }, 1] }, { $literal: ['Z', 'z'] }] },
      },
      in: { $cond: [{ $lte: [D, monthDays] }, ms, null] },
    },
  };
  const date = next();
  const fromDate = let1(
    date,
    { $toLong: v },
    {
      $cond: [
        { $and: [{ $gte: [`$$${date}`, FIRST_DATE_INSTANT] }, { $lte: [`$$${date}`, LAST_DATE_INSTANT] }] },
        `$$${date}`,
        null,
      ],
    },
  );
  return {
    $cond: [
      isType(v, 'string'),
      let1(s, v, {
        $cond: [{ $regexMatch: { input: S, regex: { $literal: TIMESTAMP_SHAPE } } }, fromString, null],
      }),
      { $cond: [isType(v, 'date'), fromDate, null] },
    ],
  };
}

/** The instant (ms) `$now` operands count from in one translation: the option, or the clock read once. */
export function translationAsOf(options: { readonly asOf?: unknown } | undefined): number {
  return resolveAsOf(option(options, 'asOf'), '/asOf');
}
