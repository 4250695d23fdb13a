/**
 * Versions, for the version operators (`$veq`, `$vne`, `$vgt`, `$vgte`, `$vlt`, `$vlte`). The grammar
 * and the order are docs/semantics.md §4 "Version operators"; this module is their one statement in
 * code: the parser of operands, the allocation-free comparison of record values used by both in-memory
 * compilers, and the sortable key that the SQL and MongoDB targets compute from a record value with
 * the same rules.
 */

import { charCodeAt, regexpTest, stringIndexOf, stringStartsWith } from '../builtins.js';

/**
 * The grammar as a regular expression, also used verbatim by PostgreSQL and MongoDB. No backslash and
 * no quote in it, so it reads the same in every engine; `$` is end of input in JavaScript and
 * PostgreSQL, and MongoDB's PCRE `$` (which also matches before a final newline) is guarded apart.
 */
export const VERSION_PATTERN =
  '^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$';

const VERSION_RE = new RegExp(VERSION_PATTERN);

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
  return Object.freeze({
    text,
    parts: Object.freeze(parts),
    prerelease: Object.freeze(prerelease),
    build: Object.freeze(build),
    normal,
  });
}

/** One digit string: its digit count, prefixed by the digit count of that (so any size sorts right). */
function encodeNumber(d: string): string {
  const n = String(d.length);
  return `${n.length}${n}${d}`;
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
  const { core, pre, numeric } = versionOperand(v);
  const parts = core.map((d) => `.${encodeNumber(d)}`).join('');
  if (pre === null) return `${parts}#`;
  return `${parts}!${pre.map((id, i) => (numeric[i] ? `,1${encodeNumber(id)}` : `,2${id}`)).join('')}`;
}

/** An operand ready for {@link compareVersionTo}. */
export interface VersionOperand {
  /** Numeric parts without leading zeros (zero is `""`), trailing zero parts dropped. */
  readonly core: readonly string[];
  /** Pre-release identifiers (numeric ones without leading zeros, zero `""`), `null` for a release. */
  readonly pre: readonly string[] | null;
  readonly numeric: readonly boolean[];
  /**
   * `core` as numbers, when every part has at most {@link MAX_NUMERIC_DIGITS} digits (exact as a
   * double), for the fast path of the common `x.y.z`; `null` otherwise.
   */
  readonly nums: readonly number[] | null;
}

/** Parts of up to this many digits compare as numbers (exact: below 2^53); longer ones as digit strings. */
const MAX_NUMERIC_DIGITS = 9;

export function versionOperand(v: ParsedVersion): VersionOperand {
  const core = v.parts.map(digits);
  while (core.length > 0 && core[core.length - 1] === '') core.pop();
  const numeric = v.prerelease.map(isDigitsOnly);
  const pre = v.prerelease.length === 0 ? null : v.prerelease.map((id, i) => (numeric[i] ? digits(id) : id));
  const nums = core.every((d) => d.length <= MAX_NUMERIC_DIGITS)
    ? core.map((d) => (d === '' ? 0 : Number(d)))
    : null;
  return { core, pre, numeric, nums };
}

const DOT = 0x2e;
const DASH = 0x2d;
const PLUS = 0x2b;
const ZERO = 0x30;
const NINE = 0x39;

/** `[0-9A-Za-z-]`: an identifier character (-1, past the end, is none). */
const isIdChar = (c: number): boolean =>
  (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === DASH;

/** Compares the digits `s[from, to)` (no leading zeros) with `d` (no leading zeros): longer is larger. */
function compareDigits(s: string, from: number, to: number, d: string): number {
  const n = to - from;
  if (n !== d.length) return n - d.length;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt(s, from + i) - charCodeAt(d, i);
    if (c !== 0) return c;
  }
  return 0;
}

/** Compares identifier `s[from, to)` (its code units are ASCII) with `d`, by code point. */
function compareText(s: string, from: number, to: number, d: string): number {
  const n = Math.min(to - from, d.length);
  for (let i = 0; i < n; i++) {
    const c = charCodeAt(s, from + i) - charCodeAt(d, i);
    if (c !== 0) return c;
  }
  return to - from - d.length;
}

/** Results packed two bits an operand: 0 equal, 1 below, 2 above. */
const BELOW = 1;
const ABOVE = 2;

const NOT_PLAIN = -2;
/** A part too long for {@link comparePlain}, or an operand without numbers: the general scan decides. */
const TOO_LONG = -3;

/**
 * The hot path: a value of numeric parts only (`1.29.3`, `v14`), the common case, against operands
 * whose parts all have numbers (`nums`). Each part is read as a number while it has at most
 * {@link MAX_NUMERIC_DIGITS} digits (leading zeros included, so the value is exact) and compared with
 * every operand still undecided; nothing else is looked at. Anything else (a pre-release, build
 * metadata, junk after the parts, a longer part) answers `NOT_PLAIN` or `TOO_LONG`, for the general scan.
 */
function comparePlain(s: string, operands: readonly VersionOperand[]): number {
  const count = operands.length;
  for (let j = 0; j < count; j++) if (operands[j]!.nums === null) return TOO_LONG;
  const n = s.length;
  let open = (1 << count) - 1;
  let result = 0;
  let i = 0;
  let c = n > 0 ? charCodeAt(s, 0) : -1;
  if (c === 0x76) c = ++i < n ? charCodeAt(s, i) : -1;
  let k = 0;
  for (;;) {
    const start = i;
    let x = 0;
    while (c >= ZERO && c <= NINE) {
      if (i - start === MAX_NUMERIC_DIGITS) return TOO_LONG;
      x = x * 10 + (c - ZERO);
      c = ++i < n ? charCodeAt(s, i) : -1;
    }
    if (i === start) return -1;
    for (let j = 0; open !== 0 && j < count; j++) {
      if ((open & (1 << j)) === 0) continue;
      const nums = operands[j]!.nums!;
      const d = k < nums.length ? nums[k]! : 0;
      if (x !== d) {
        result |= (x < d ? BELOW : ABOVE) << (2 * j);
        open ^= 1 << j;
      }
    }
    k++;
    if (c !== DOT) break;
    c = ++i < n ? charCodeAt(s, i) : -1;
  }
  if (i !== n) return NOT_PLAIN;
  // The operands' trailing zero parts are dropped: a part an operand has beyond the value's is not zero.
  for (let j = 0; open !== 0 && j < count; j++) {
    if ((open & (1 << j)) === 0) continue;
    const op = operands[j]!;
    if (op.nums!.length > k) result |= BELOW << (2 * j);
    else if (op.pre !== null) result |= ABOVE << (2 * j);
  }
  return result;
}

/**
 * Reads `s` as a version and compares it with every operand in one pass, without allocating: the
 * result packs one answer per operand, two bits each (operand `j` at bits `2j`: 0 equal, 1 `s` is
 * below, 2 `s` is above); -1 when `s` is not a version. At most 15 operands. Reads stay inside the
 * string and the operands' arrays (an out-of-bounds read is a slow path in JavaScript engines).
 */
export function compareVersionTo(s: string, operands: readonly VersionOperand[]): number {
  const plain = comparePlain(s, operands);
  return plain >= -1 ? plain : compareVersionScan(s, operands);
}

/** The general scan: pre-release and build identifiers, and the rejection of everything else. */
function compareVersionScan(s: string, operands: readonly VersionOperand[]): number {
  const n = s.length;
  const count = operands.length;
  let open = (1 << count) - 1;
  let result = 0;
  let i = n > 0 && charCodeAt(s, 0) === 0x76 ? 1 : 0;
  let c = i < n ? charCodeAt(s, i) : -1;
  // Numeric parts.
  let k = 0;
  for (;;) {
    const start = i;
    while (c === ZERO) c = ++i < n ? charCodeAt(s, i) : -1;
    const from = i;
    while (c >= ZERO && c <= NINE) c = ++i < n ? charCodeAt(s, i) : -1;
    if (i === start) return -1;
    for (let j = 0; j < count; j++) {
      if ((open & (1 << j)) === 0) continue;
      const core = operands[j]!.core;
      const d = compareDigits(s, from, i, k < core.length ? core[k]! : '');
      if (d !== 0) {
        result |= (d < 0 ? BELOW : ABOVE) << (2 * j);
        open &= ~(1 << j);
      }
    }
    k++;
    if (c !== DOT) break;
    c = ++i < n ? charCodeAt(s, i) : -1;
  }
  // An operand with more (non-zero-ending) parts is above: its remaining parts are not all zero.
  for (let j = 0; j < count; j++) {
    if ((open & (1 << j)) !== 0 && operands[j]!.core.length > k) {
      result |= BELOW << (2 * j);
      open &= ~(1 << j);
    }
  }
  // Pre-release identifiers.
  if (c === DASH) {
    c = ++i < n ? charCodeAt(s, i) : -1;
    let m = 0;
    for (;;) {
      const from = i;
      let numeric = true;
      while (isIdChar(c)) {
        if (c < ZERO || c > NINE) numeric = false;
        c = ++i < n ? charCodeAt(s, i) : -1;
      }
      if (i === from) return -1;
      if (open !== 0) {
        // Digits without leading zeros (zero has none), for a numeric identifier.
        let digits = from;
        if (numeric) while (digits < i && charCodeAt(s, digits) === ZERO) digits++;
        for (let j = 0; j < count; j++) {
          if ((open & (1 << j)) === 0) continue;
          const op = operands[j]!;
          let d: number;
          if (op.pre === null) d = -1;
          else if (m >= op.pre.length) d = 1;
          else if (numeric !== op.numeric[m]) d = numeric ? -1 : 1;
          else if (numeric) d = compareDigits(s, digits, i, op.pre[m]!);
          else d = compareText(s, from, i, op.pre[m]!);
          if (d !== 0) {
            result |= (d < 0 ? BELOW : ABOVE) << (2 * j);
            open &= ~(1 << j);
          }
        }
      }
      m++;
      if (c !== DOT) break;
      c = ++i < n ? charCodeAt(s, i) : -1;
    }
    for (let j = 0; j < count; j++) {
      const pre = operands[j]!.pre;
      if ((open & (1 << j)) !== 0 && pre !== null && pre.length > m) result |= BELOW << (2 * j);
    }
  } else {
    // A release is above any pre-release of the same numeric parts.
    for (let j = 0; j < count; j++) {
      if ((open & (1 << j)) !== 0 && operands[j]!.pre !== null) result |= ABOVE << (2 * j);
    }
  }
  // Build identifiers: checked, never compared.
  if (c === PLUS) {
    c = ++i < n ? charCodeAt(s, i) : -1;
    for (;;) {
      const from = i;
      while (isIdChar(c)) c = ++i < n ? charCodeAt(s, i) : -1;
      if (i === from) return -1;
      if (c !== DOT) break;
      c = ++i < n ? charCodeAt(s, i) : -1;
    }
  }
  return i === n ? result : -1;
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
