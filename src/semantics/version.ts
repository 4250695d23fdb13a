/**
 * Versions, for the version operators (`$veq`, `$vne`, `$vgt`, `$vgte`, `$vlt`, `$vlte`). The grammar
 * and the order are docs/semantics.md §4 "Version operators"; this module is their one statement in
 * code: the parser of operands, the comparison of record values used by both in-memory compilers (a
 * numeric key read without allocating, for all but rare values), and the sortable key that the SQL and
 * MongoDB targets compute from a record value with the same rules.
 */

import { charCodeAt, freeze, regexpTest, stringIndexOf, stringStartsWith } from '../builtins.js';

const SUFFIX_PATTERN = '(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$';

/**
 * The grammar as a regular expression, also used verbatim by PostgreSQL and MongoDB. No backslash and
 * no quote in it, so it reads the same in every engine; `$` is end of input in JavaScript and
 * PostgreSQL, and MongoDB's PCRE `$` (which also matches before a final newline) is guarded apart.
 */
export const VERSION_PATTERN = `^v?[0-9]+([.][0-9]+)*${SUFFIX_PATTERN}`;

const VERSION_RE = new RegExp(VERSION_PATTERN);

/**
 * What may follow the numeric parts: a pre-release, then build metadata. Sticky, for
 * {@link plainVersionKey} to check a suffix where the parts end (its `lastIndex` is set before each
 * test, which runs to completion: no other call can see it in between).
 */
const SUFFIX_RE = new RegExp(SUFFIX_PATTERN, 'y');

/** A version as parsed: what `explain` shows. */
export interface ParsedVersion {
  /** The text as written. */
  readonly text: string;
  /** The numeric parts without leading zeros (`"0"` for zero), as many as written. */
  readonly parts: readonly string[];
  /** The pre-release identifiers (empty for a release); numeric ones without leading zeros. */
  readonly prerelease: readonly string[];
  /** The build identifiers; they never change the order. */
  readonly build: readonly string[];
  /**
   * The normal form: parts with trailing zero parts dropped (at least one part kept), then
   * `-prerelease`. Two versions are equal exactly when their normal forms are.
   */
  readonly normal: string;
}

const DIGITS_ONLY = /^[0-9]+$/;
const isDigitsOnly = (s: string): boolean => regexpTest(DIGITS_ONLY, s);

/** Leading zeros removed; zero is the empty string (the form the comparisons and keys use). */
const digits = (s: string): string => s.replace(/^0+/, '');

/**
 * Parses a version (docs/semantics.md §4); `undefined` when `text` is not one.
 *
 * @example
 * parseVersion('v1.29.0-rc.1+eks.2'); // { parts: ['1', '29', '0'], prerelease: ['rc', '1'], build: ['eks', '2'], normal: '1.29-rc.1', … }
 * parseVersion('1.2.x'); // undefined
 */
export function parseVersion(text: string): ParsedVersion | undefined {
  if (!regexpTest(VERSION_RE, text)) return undefined;
  const body = stringStartsWith.call(text, 'v') ? text.slice(1) : text;
  const plus = stringIndexOf.call(body, '+');
  const main = plus < 0 ? body : body.slice(0, plus);
  const dash = stringIndexOf.call(main, '-');
  const core = dash < 0 ? main : main.slice(0, dash);
  const parts = core.split('.').map((p) => digits(p) || '0');
  const prerelease =
    dash < 0
      ? []
      : main
          .slice(dash + 1)
          .split('.')
          .map((id) => (isDigitsOnly(id) ? digits(id) || '0' : id));
  const build = plus < 0 ? [] : body.slice(plus + 1).split('.');
  let kept = parts.length;
  while (kept > 1 && parts[kept - 1] === '0') kept--;
  const normal = parts.slice(0, kept).join('.') + (prerelease.length > 0 ? `-${prerelease.join('.')}` : '');
  return freeze({
    text,
    parts: freeze(parts),
    prerelease: freeze(prerelease),
    build: freeze(build),
    normal,
  });
}

/** One digit string: its digit count, prefixed by the digit count of that (so any size sorts right). */
function encodeNumber(d: string): string {
  const n = String(d.length);
  return `${n.length}${n}${d}`;
}

/** An operand ready for {@link compareVersionTo}. */
export interface VersionOperand {
  /**
   * The operand's {@link plainVersionKey} order as a number: a value is below, equal to or above the
   * operand as its key is below, equal to or above this one (equal odd keys aside). -1 when the operand
   * has more than three parts or a part too large for the key: then every value is parsed to be
   * compared.
   */
  readonly key: number;
  /** {@link versionKey}: what a parsed value is compared with. */
  readonly text: string;
}

/** No upper bound; read once at load, so that a replaced `Number` changes nothing. */
const UNBOUNDED = Number.POSITIVE_INFINITY;

/** Each of the first three parts must be below its limit to fit the key (21 + 15 + 15 bits, ×4 < 2^53). */
const FIRST_LIMIT = 2 ** 21;
/** The limit of the second and third parts, and the ratio of their place values. */
const NEXT_LIMIT = 2 ** 15;
const PART_LIMITS = [FIRST_LIMIT, NEXT_LIMIT, NEXT_LIMIT];
const PART_SCALE = [NEXT_LIMIT * NEXT_LIMIT, NEXT_LIMIT, 1];

export function versionOperand(v: ParsedVersion): VersionOperand {
  const core = v.parts.map(digits);
  while (core.length > 0 && core[core.length - 1] === '') core.pop();
  const pre = v.prerelease.length > 0;
  // A loop, not `every` and `reduce`: a replaced built-in must not change an operand's key.
  let key = core.length <= 3 ? 0 : -1;
  for (let k = 0; key >= 0 && k < core.length; k++) {
    const x = +core[k]!;
    key = x < PART_LIMITS[k]! ? key + x * PART_SCALE[k]! : -1;
  }
  // A pre-release sits just below its release, above every plain value with a smaller core (`0-rc`,
  // at -1, is left to the parsed comparison).
  if (key >= 0) key = key * 4 - (pre ? 1 : 0);
  const parts = core.map((d) => `.${encodeNumber(d)}`).join('');
  const ids = v.prerelease.map((id) => (isDigitsOnly(id) ? `,1${encodeNumber(digits(id))}` : `,2${id}`));
  return { key, text: pre ? `${parts}!${ids.join('')}` : `${parts}#` };
}

/**
 * A string whose code point order (byte order, ASCII only) is the version order, and which is equal
 * for equal versions. The SQL and MongoDB targets build the same key from a record value:
 * - each numeric part up to the last non-zero one: `.` + digit count of its digit count + digit count
 *   + digits without leading zeros (zero has no digits: `.10`);
 * - then `#` for a release, or `!` and each pre-release identifier as `,1` + the same number encoding
 *   (numeric) or `,2` + the identifier (alphanumeric).
 * `!` < `#` < `.` puts a pre-release before its release and a shorter core before a longer one; `,` is
 * below every identifier character, so fewer identifiers sort first.
 */
export function versionKey(v: ParsedVersion): string {
  return versionOperand(v).text;
}

const DOT = 0x2e;
const DASH = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/** {@link plainVersionKey}: `s` is not a version. */
const NOT_VERSION = -1;
/** {@link plainVersionKey}: `s` must be parsed to be compared (a part over its limit, `0-rc`). */
const NEEDS_PARSE = -2;

/**
 * The hot path, one read of the value and no allocation: its first three parts as one number (each
 * below its limit in `PART_LIMITS`, leading zeros allowed, missing parts 0), times 4, plus 2 when a
 * later part is not zero, minus 1 for a pre-release; build metadata is checked and ignored. A value
 * compares with an operand's `key` as their keys do, so a version operator is one numeric comparison,
 * except where the keys are equal and odd: two pre-releases of the same parts, which
 * {@link compareVersionTo} orders by their identifiers. Returns -1 for a value that is not a version,
 * and also, without reading further, for one whose first parts already place it outside `[lo, hi]`
 * (see {@link keyRange}); -2 for one the key cannot hold (a part over its limit, `0-rc`).
 *
 * @example
 * plainVersionKey('1.29', 0, Infinity) === plainVersionKey('v1.29.0+b.1', 0, Infinity); // true
 * plainVersionKey('1.29-rc.1', 0, Infinity) === plainVersionKey('1.29', 0, Infinity) - 1; // true
 * plainVersionKey('15.8', 0, plainVersionKey('1.29', 0, Infinity)); // -1: `$vlt: "1.29"` fails, version or not
 */
export function plainVersionKey(s: string, lo: number, hi: number): number {
  const n = s.length;
  // The `v` skipped without a branch: inventories mix `v1.29.3` and `1.29.3` unpredictably. An empty
  // string reads NaN here, then no digit: not a version.
  let i = +(charCodeAt(s, 0) === 0x76);
  let c = i < n ? charCodeAt(s, i) : -1;
  // The key is built already times 4, and the next part's place value and limit are kept in variables
  // rather than read from PART_SCALE and PART_LIMITS: with the first digit of a part read before its
  // loop, V1 on Kubernetes versions went from 37.0 to 29.5 ns a record (bench/versions.ts).
  let key = 0;
  let scale = NEXT_LIMIT * NEXT_LIMIT * 4;
  let limit = FIRST_LIMIT;
  let rest = 0;
  for (let k = 0; ; k++) {
    // A part is one digit or more. Digits past 2^53 lose precision, but only in a number already over
    // every limit, or non-zero.
    if (!(c >= ZERO && c <= NINE)) return NOT_VERSION;
    let x = c - ZERO;
    c = ++i < n ? charCodeAt(s, i) : -1;
    while (c >= ZERO && c <= NINE) {
      x = x * 10 + (c - ZERO);
      c = ++i < n ? charCodeAt(s, i) : -1;
    }
    if (k > 2) {
      if (x !== 0) rest = 2;
    } else if (x < limit) {
      key += x * scale;
      // Every version that starts with these parts, pre-releases and later parts included, sorts
      // between the pre-release slot of `key` (key - 1) and the one after all of them.
      if (key - 1 > hi || key + scale - 1 <= lo) return NOT_VERSION;
      scale /= NEXT_LIMIT;
      limit = NEXT_LIMIT;
    } else return NEEDS_PARSE;
    if (c !== DOT) break;
    c = ++i < n ? charCodeAt(s, i) : -1;
  }
  if (i === n) return key + rest;
  SUFFIX_RE.lastIndex = i;
  if (!regexpTest(SUFFIX_RE, s)) return NOT_VERSION;
  // Build metadata never changes the order. A pre-release sorts just below its release: between it and
  // the release below (an odd key, which only a pre-release operand of the same parts shares: they are
  // parsed to be ordered). `0-rc` has no slot below 0.
  if (c !== DASH) return key + rest;
  return key + rest > 0 ? key + rest - 1 : NEEDS_PARSE;
}

/**
 * The keys a value can have for the version operators of one key (ANDed) all to hold: at least the
 * largest key of a lower bound (`$vgt`, `$vgte`, `$veq`) and at most the smallest of an upper bound
 * (`$vlt`, `$vlte`, `$veq`). A version outside fails one of those operators, which fail for a
 * non-version too (only `$vne` holds for one, and it never narrows the range): so the answer is false,
 * whatever follows, as soon as the first parts of a value place it outside, and
 * {@link plainVersionKey} stops reading there. Operands without a plain key do not narrow it.
 *
 * @example
 * keyRange(['gte', 'lt'], [versionOperand(parseVersion('14')!), versionOperand(parseVersion('15')!)]); // [14 × 2^32, 15 × 2^32]
 */
export function keyRange(
  comparisons: readonly VersionComparison[],
  operands: readonly VersionOperand[],
): [lo: number, hi: number] {
  let lo = 0;
  let hi = UNBOUNDED;
  for (let j = 0; j < comparisons.length; j++) {
    const c = comparisons[j]!;
    const { key } = operands[j]!;
    if (key < 0 || c === 'ne') continue;
    if (c !== 'lt' && c !== 'lte' && key > lo) lo = key;
    if (c !== 'gt' && c !== 'gte' && key < hi) hi = key;
  }
  return [lo, hi];
}

/** Results packed two bits an operand: 0 equal, 1 below, 2 above. */
const BELOW = 1;
const ABOVE = 2;

/**
 * Reads `s` as a version and compares it with every operand: the result packs one answer per operand,
 * two bits each (operand `j` at bits `2j`: 0 equal, 1 `s` is below, 2 `s` is above); -1 when `s` is not
 * a version, and when its first parts place it outside `[lo, hi]` ({@link keyRange} of the same
 * operands). At most 15 operands. A plain value against operands with a key (the common case) is read
 * once, without allocating; anything else is parsed, and compared by its {@link versionKey}.
 */
export function compareVersionTo(
  s: string,
  operands: readonly VersionOperand[],
  lo = 0,
  hi = UNBOUNDED,
): number {
  const key = plainVersionKey(s, lo, hi);
  if (key === NOT_VERSION) return NOT_VERSION;
  let parsed: string | undefined;
  let result = 0;
  for (let j = 0; j < operands.length; j++) {
    const op = operands[j]!;
    let d: number;
    // Equal odd keys are two pre-releases of the same parts: their identifiers decide.
    if (key >= 0 && op.key >= 0 && (key !== op.key || key % 2 === 0)) d = key - op.key;
    else {
      if (parsed === undefined) {
        const version = parseVersion(s);
        if (version === undefined) return NOT_VERSION;
        parsed = versionKey(version);
      }
      d = parsed < op.text ? -1 : parsed > op.text ? 1 : 0;
    }
    result |= (d < 0 ? BELOW : d > 0 ? ABOVE : 0) << (2 * j);
  }
  return result;
}

/** Comparisons of the version operators, by operator. */
export type VersionComparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

/**
 * The answers (bit 0 equal, bit 1 below, bit 2 above) each comparison accepts, and bit 3 for a value
 * that is not a version: only `ne` (exactly `not eq`) holds for one.
 */
export const ACCEPTS: Readonly<Record<VersionComparison, number>> = {
  eq: 0b0001,
  ne: 0b1110,
  gt: 0b0100,
  gte: 0b0101,
  lt: 0b0010,
  lte: 0b0011,
};

/** Whether the packed answer `r` for operand `j` (see {@link compareVersionTo}) is in `accepts`. */
export function holds(accepts: number, r: number, j: number): boolean {
  return ((accepts >> (r < 0 ? 3 : (r >> (2 * j)) & 3)) & 1) === 1;
}

/**
 * Compares two version strings: negative, zero or positive; `undefined` when either is not a version.
 *
 * @example
 * compareVersions('1.9', '1.29'); // negative
 * compareVersions('v1.2', '1.2.0'); // 0
 */
export function compareVersions(a: string, b: string): number | undefined {
  const parsed = parseVersion(b);
  if (parsed === undefined) return undefined;
  const r = compareVersionTo(a, [versionOperand(parsed)]);
  return r < 0 ? undefined : r === 0 ? 0 : r === BELOW ? -1 : 1;
}
