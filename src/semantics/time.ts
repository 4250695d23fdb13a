/**
 * Instants: what a timestamp value is, what a `$now` duration adds, and the one `asOf` of a run
 * (docs/semantics.md §4, "Instants"). Every target computes the same arithmetic: a timestamp is read
 * by its digits, never by a platform's date parser, so that memory, SQL and MongoDB agree on every string.
 */

/** The earliest and latest instants a JavaScript `Date` holds (±100,000,000 days from the epoch). */
export const MAX_INSTANT = 8.64e15;

const DAY = 86_400_000;

/** Days from 1970-01-01 to the date y-m-d of the proleptic Gregorian calendar (Hinnant's `days_from_civil`). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The days of month `m` of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

const ZERO = 48;
// Captured at load: a patched String.prototype cannot change what a timestamp is.
const code = String.prototype.charCodeAt;
const getTime = Date.prototype.getTime;
const exec = RegExp.prototype.exec;
const test = RegExp.prototype.test;

/** The value of the `n` decimal digits of `s` at `at`, or -1 if one is not a digit. */
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = code.call(s, i) - ZERO;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/**
 * The instant of an RFC 3339 timestamp, in milliseconds since the epoch: `YYYY-MM-DDTHH:MM:SS`, an
 * optional fraction of any length (truncated to milliseconds), then `Z` or `±hh:mm` (`T` and `Z` in
 * either case). NaN for anything else: another shape, a date that does not exist (`2026-02-29`), hour 24,
 * second 60 (no target can hold a leap second), an offset past 23:59.
 */
export function timestampMs(s: string): number {
  const n = s.length;
  if (n < 20) return Number.NaN;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  const t = code.call(s, 10);
  if (
    y < 0 ||
    mo < 1 ||
    mo > 12 ||
    d < 1 ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    se < 0 ||
    se > 59 ||
    code.call(s, 4) !== 45 ||
    code.call(s, 7) !== 45 ||
    (t !== 84 && t !== 116) ||
    code.call(s, 13) !== 58 ||
    code.call(s, 16) !== 58 ||
    d > daysInMonth(y, mo)
  ) {
    return Number.NaN;
  }
  let i = 19;
  let fraction = 0;
  if (code.call(s, i) === 46) {
    const start = ++i;
    while (i < n) {
      const c = code.call(s, i) - ZERO;
      if (!(c >= 0 && c <= 9)) break;
      if (i - start < 3) fraction = fraction * 10 + c;
      i++;
    }
    if (i === start) return Number.NaN;
    for (let k = i - start; k < 3; k++) fraction *= 10;
  }
  let offset = 0;
  const z = code.call(s, i);
  if (z === 90 || z === 122) {
    if (i + 1 !== n) return Number.NaN;
  } else {
    if ((z !== 43 && z !== 45) || i + 6 !== n || code.call(s, i + 3) !== 58) return Number.NaN;
    const oh = digits(s, i + 1, 2);
    const om = digits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return Number.NaN;
    offset = (z === 45 ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  return daysFromCivil(y, mo, d) * DAY + h * 3_600_000 + mi * 60_000 + se * 1000 + fraction - offset;
}

// The last string read by instantOf: a policy's status definitions often compare one field in turn.
let lastText = '';
let lastMs = Number.NaN;

/** The instant a record value stands for: a timestamp string's; NaN for every other value. */
export function instantOf(v: unknown): number {
  if (typeof v !== 'string') return Number.NaN;
  if (v !== lastText) {
    lastMs = timestampMs(v);
    lastText = v;
  }
  return lastMs;
}

/** Why a duration is refused, for the parser's message; `ms` when it is one. */
export type DurationResult =
  | { readonly ok: true; readonly ms: number }
  | { readonly ok: false; readonly why: string };

const DURATION = /^(-)?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d{1,3}))?S)?)?$/;
const UNITS = 'weeks (W), days (D), hours (H), minutes (M after T) and seconds (S, to the millisecond)';

/**
 * A signed ISO 8601 duration of fixed units, in milliseconds: `P30D`, `-P90D`, `PT12H`, `P1W2DT0.5S`,
 * `PT0S`. A day is 86,400 s. Months and years have no fixed length, so they are refused, as is a
 * fraction anywhere but in the seconds or finer than a millisecond.
 */
export function parseDuration(text: string): DurationResult {
  const m = exec.call(DURATION, text);
  if (m === null || text === 'P' || text === '-P' || code.call(text, text.length - 1) === 84) {
    // A Y, or an M before any T, after a number: a month or year.
    if (test.call(/^-?P[^T]*\d[YM]/, text)) {
      return { ok: false, why: `months and years have no fixed length; use ${UNITS}` };
    }
    return { ok: false, why: `expected a signed ISO 8601 duration of ${UNITS}, such as "P30D" or "-PT12H"` };
  }
  const frac = m[7] ?? '';
  const ms =
    Number(m[2] ?? 0) * 7 * DAY +
    Number(m[3] ?? 0) * DAY +
    Number(m[4] ?? 0) * 3_600_000 +
    Number(m[5] ?? 0) * 60_000 +
    Number(m[6] ?? 0) * 1000 +
    Number(frac || 0) * 10 ** (3 - frac.length);
  if (!(ms <= MAX_INSTANT)) {
    return { ok: false, why: 'the duration is longer than any instant a date can hold (±100,000,000 days)' };
  }
  // `-P0D` is 0, not -0: the AST holds one zero, as for number operands.
  return { ok: true, ms: m[1] === undefined || ms === 0 ? ms : -ms };
}

/** The instant an `asOf` option names, or NaN when it names none (see {@link resolveAsOf}). */
export function asOfMs(asOf: unknown): number {
  if (asOf instanceof Date) return getTime.call(asOf);
  if (typeof asOf === 'string') return timestampMs(asOf);
  if (typeof asOf === 'number' && Number.isInteger(asOf) && Math.abs(asOf) <= MAX_INSTANT) return asOf;
  return Number.NaN;
}

/** The ISO form of an instant, as explain and summaries print it (`2026-12-27T10:00:00.000Z`). */
export function isoOf(ms: number): string {
  return Math.abs(ms) <= MAX_INSTANT ? new Date(ms).toISOString() : String(ms);
}
