/**
 * The reference interpreter: small, slow and obviously right, written from docs/semantics.md alone and
 * working on the JSON filter (not the AST), so it shares no code with the library. Every target is
 * compared with it. It assumes a filter that parseFilter accepts.
 */

type Json = unknown;

const SELECTOR = '__svcArrayAny__';

/** Sections 2 and 3: a `Date` is a leaf, never an object with keys. */
function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Section 2: null and undefined are missing; a Date is what JSON makes of it (ISO string, or null). */
function normalize(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return v;
}

function missing(v: unknown): boolean {
  return v === null || v === undefined;
}

/** Section 2: code point order, by spreading strings into code points. */
function codePointCompare(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! - y[i]!;
  }
  return x.length - y.length;
}

function sameType(v: unknown, x: unknown): boolean {
  return typeof v === typeof x && (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean');
}

function eq(v: unknown, x: unknown): boolean {
  if (x === null) return missing(v);
  return sameType(v, x) && v === x;
}

/** `$like` as a plain recursive matcher over code points (exponential worst case, fine for tests). */
function likeTokens(pattern: string): Array<{ star: true } | { star: false; ch: string }> {
  const out: Array<{ star: true } | { star: false; ch: string }> = [];
  const cps = Array.from(pattern);
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c === '\\' && (cps[i + 1] === '*' || cps[i + 1] === '\\')) {
      out.push({ star: false, ch: cps[i + 1]! });
      i++;
    } else if (c === '*') out.push({ star: true });
    else out.push({ star: false, ch: c });
  }
  return out;
}

function like(s: string, pattern: string): boolean {
  const tokens = likeTokens(pattern);
  const chars = Array.from(s);
  // Dynamic programming over (token, char) positions: dp[j] = tokens[0..i) match chars[0..j).
  let dp = new Array<boolean>(chars.length + 1).fill(false);
  dp[0] = true;
  for (const t of tokens) {
    const next = new Array<boolean>(chars.length + 1).fill(false);
    for (let j = 0; j <= chars.length; j++) {
      if (t.star) next[j] = dp[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && dp[j - 1]! && chars[j - 1] === t.ch;
    }
    dp = next;
  }
  return dp[chars.length]!;
}

/**
 * Section 4, versions: a regular expression for the grammar, BigInt for the numeric parts and
 * numeric identifiers, semver 2.0 precedence for the pre-release; `undefined` when not a version.
 */
function parseVersionRef(s: string): { nums: bigint[]; pre: string[] } | undefined {
  const m =
    /^v?([0-9]+(?:[.][0-9]+)*)(?:-([0-9A-Za-z-]+(?:[.][0-9A-Za-z-]+)*))?(?:[+][0-9A-Za-z-]+(?:[.][0-9A-Za-z-]+)*)?$/.exec(
      s,
    );
  if (m === null) return undefined;
  return { nums: m[1]!.split('.').map(BigInt), pre: m[2] === undefined ? [] : m[2].split('.') };
}

export function compareVersionsRef(a: string, b: string): number | undefined {
  const x = parseVersionRef(a);
  const y = parseVersionRef(b);
  if (x === undefined || y === undefined) return undefined;
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const p = x.nums[i] ?? 0n;
    const q = y.nums[i] ?? 0n;
    if (p !== q) return p < q ? -1 : 1;
  }
  if (x.pre.length === 0 || y.pre.length === 0)
    return y.pre.length - x.pre.length === 0 ? 0 : x.pre.length === 0 ? 1 : -1;
  const numeric = (id: string) => /^[0-9]+$/.test(id);
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i]!;
    const q = y.pre[i]!;
    if (numeric(p) && numeric(q)) {
      if (BigInt(p) !== BigInt(q)) return BigInt(p) < BigInt(q) ? -1 : 1;
    } else if (numeric(p) !== numeric(q)) return numeric(p) ? -1 : 1;
    else if (p !== q) return p < q ? -1 : 1;
  }
  return Math.sign(x.pre.length - y.pre.length);
}

function versionOperator(op: string, x: string, v: unknown): boolean {
  const c = typeof v === 'string' ? compareVersionsRef(v, x) : undefined;
  // `$vne` is exactly `not $veq`: it holds for non-versions, like `$ne` for another type.
  if (op === '$vne') return c !== 0;
  if (c === undefined) return false;
  return op === '$veq'
    ? c === 0
    : op === '$vgt'
      ? c > 0
      : op === '$vgte'
        ? c >= 0
        : op === '$vlt'
          ? c < 0
          : c <= 0;
}

/**
 * Section 4, instants: a regular expression for the RFC 3339 shape, explicit range checks, and the
 * calendar of UTC `Date` setters (never a date parser): a day that does not exist rolls over into the
 * next month, which the read-back detects. The fraction is cut to milliseconds. NaN when not a timestamp.
 */
export function referenceInstant(s: string): number {
  const m =
    /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:[.]([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/.exec(
      s,
    );
  if (m === null) return Number.NaN;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return Number.NaN;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return Number.NaN;
  }
  date.setUTCHours(h, mi, se, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  if (m[8] === undefined) return date.getTime();
  const [oh, om] = [Number(m[9]), Number(m[10])];
  if (oh > 23 || om > 59) return Number.NaN;
  return date.getTime() - (m[8] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
}

/**
 * Section 4, durations: a sign, `P`, then `<n>W` `<n>D` and after `T` `<n>H` `<n>M` `<n>[.fff]S`, each
 * optional but at least one, summed exactly in BigInt milliseconds. Throws on anything else: the
 * reference only meets filters the parser accepted, so a throw is a disagreement about the grammar.
 */
export function referenceDuration(text: string): number {
  const m =
    /^(-?)P(?:([0-9]+)W)?(?:([0-9]+)D)?(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)(?:[.]([0-9]{1,3}))?S)?)?$/.exec(
      text,
    );
  if (m === null || !/[0-9]/.test(text)) throw new Error(`reference: ${JSON.stringify(text)} is no duration`);
  const [, minus, w, d, h, mi, s, frac] = m.map((g) => g ?? '');
  const n = (digits: string | undefined) => BigInt(digits === '' ? '0' : digits!);
  const ms =
    n(w) * 604_800_000n +
    n(d) * 86_400_000n +
    n(h) * 3_600_000n +
    n(mi) * 60_000n +
    n(s) * 1000n +
    n(frac!.padEnd(3, '0'));
  return Number(minus === '-' ? -ms : ms);
}

/** A filter's operand `{ $now }` or `{ $at }` of a time comparison, as the instant it names. */
function boundOf(x: Record<string, unknown>, asOf: number | undefined): number {
  if (typeof x.$at === 'string') return referenceInstant(x.$at);
  if (asOf === undefined) throw new Error('reference: a filter with "$now" needs an asOf');
  return asOf + referenceDuration(x.$now as string);
}

/** `$eq` … `$lte` with an instant operand: only a timestamp string is an instant; `$ne` is `not $eq`. */
function timeOperator(op: string, bound: number, v: unknown): boolean {
  const t = typeof v === 'string' ? referenceInstant(v) : Number.NaN;
  if (op === '$ne') return !(t === bound);
  if (Number.isNaN(t)) return false;
  return op === '$eq'
    ? t === bound
    : op === '$gt'
      ? t > bound
      : op === '$gte'
        ? t >= bound
        : op === '$lt'
          ? t < bound
          : t <= bound;
}

function operator(op: string, x: Json, v: unknown, asOf: number | undefined): boolean {
  if (typeof x === 'object' && x !== null && !Array.isArray(x) && op !== '$elemMatch') {
    return timeOperator(op, boundOf(x as Record<string, unknown>, asOf), v);
  }
  switch (op) {
    case '$eq':
      return eq(v, x);
    case '$ne':
      return !eq(v, x);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (!sameType(v, x)) return false;
      let c: number;
      if (typeof x === 'string') c = codePointCompare(v as string, x);
      else {
        const n = v as number;
        if (Number.isNaN(n)) return false;
        c = n < (x as number) ? -1 : n > (x as number) ? 1 : 0;
      }
      return op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
    }
    case '$in':
      return (x as Json[]).some((item) => eq(v, item));
    case '$nin':
      return !(x as Json[]).some((item) => eq(v, item));
    case '$like':
      return typeof v === 'string' && like(v, x as string);
    case '$exists':
      return x === true ? !missing(v) : missing(v);
    case '$veq':
    case '$vne':
    case '$vgt':
    case '$vgte':
    case '$vlt':
    case '$vlte':
      return versionOperator(op, x as string, v);
    case '$elemMatch':
      // Section 3: `{}` holds for every element; any other filter only for an object element.
      return Object.keys(x as object).length === 0 || (isObject(v) && matches(x, v, asOf));
    default:
      throw new Error(`reference: unknown operator ${op}`);
  }
}

/** Section 3: walks the segments; a selector tries every element for the rest of the path. */
function fieldHolds(
  segments: readonly string[],
  value: unknown,
  ops: Record<string, Json>,
  asOf: number | undefined,
): boolean {
  if (segments.length === 0) {
    const v = normalize(value);
    return Object.entries(ops).every(([op, x]) => operator(op, x, v, asOf));
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === SELECTOR) {
    if (!Array.isArray(value)) return false;
    return value.some((element) => fieldHolds(rest, element, ops, asOf));
  }
  const next = isObject(value) && Object.hasOwn(value, head) ? value[head] : undefined;
  return fieldHolds(rest, next, ops, asOf);
}

function matches(filter: Json, record: unknown, asOf: number | undefined): boolean {
  return Object.entries(filter as Record<string, Json>).every(([key, value]) => {
    if (key === '$and') return (value as Json[]).every((f) => matches(f, record, asOf));
    if (key === '$or') return (value as Json[]).some((f) => matches(f, record, asOf));
    if (key === '$not') return !matches(value, record, asOf);
    return fieldHolds(key.split('$.'), record, value as Record<string, Json>, asOf);
  });
}

/**
 * True when `record` matches `filter`, per docs/semantics.md; `asOf` (an RFC 3339 timestamp or epoch
 * milliseconds) is the instant `{ $now }` operands count from, required when the filter has one.
 */
export function referenceMatch(filter: Json, record: unknown, asOf?: string | number): boolean {
  const at = typeof asOf === 'string' ? referenceInstant(asOf) : asOf;
  if (Number.isNaN(at)) throw new Error(`reference: asOf ${String(asOf)} is no instant`);
  return matches(filter, record, at);
}
